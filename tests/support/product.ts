/**
 * The whole local product for browser and end-to-end tests, on a free port, reading the run's
 * shared seeded catalog (tests/support/global-setup.ts) instead of starting DynamoDB Local again.
 * Sign-in is off (no cognito-local) unless `{ signIn: true }` is passed.
 * READ ONLY, like the shared catalog itself: tests that write start their own product on an
 * `isolatedCatalog()` with `startLocalProduct({ port: 0, env: { DYNAMODB_ENDPOINT, TABLE_PREFIX } })`.
 *
 *   const product = await startTestProduct();   // beforeAll
 *   await page.goto(new URL('/companies', product.url).href);
 *   await product.stop();                        // afterAll
 */
import { inject } from 'vitest';
import { startLocalProduct, type LocalProduct } from '../../infra/local/server';
import { dynamodbEndpoint, sharedConfig } from './dynamodb';

export const startTestProduct = (env: Record<string, string> = {}, options: { signIn?: boolean } = {}): Promise<LocalProduct> =>
  startLocalProduct({
    port: 0,
    signIn: options.signIn ?? false,
    env: { DYNAMODB_ENDPOINT: dynamodbEndpoint(), TABLE_PREFIX: inject('dynamodbTablePrefix'), LOG_LEVEL: 'warn', ...env },
  });

/**
 * The local product on the shared catalog for tests that also call the Lambda entry points
 * directly: those read their configuration from the environment on first call, as on AWS, so
 * the shared tables are put into process.env too. Read only, like `startTestProduct`.
 */
export const startProductWithEntryPoints = (): Promise<LocalProduct> => {
  const shared = sharedConfig();
  const env = {
    DYNAMODB_ENDPOINT: shared.dynamodb.endpoint!,
    JOBS_TABLE: shared.dynamodb.tables.jobs,
    COMPANIES_TABLE: shared.dynamodb.tables.companies,
    STATE_TABLE: shared.dynamodb.tables.state,
  };
  Object.assign(process.env, env);
  return startLocalProduct({ port: 0, env });
};
