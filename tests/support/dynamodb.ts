/**
 * Helpers for test files that need DynamoDB (see tests/support/global-setup.ts, which starts one
 * DynamoDB Local per run and seeds the shared catalog when a test file imports this module).
 *
 * - `sharedConfig()` / `sharedStorage()`: the seeded catalog (`inject('seedCounts')` says what it
 *   holds). READ ONLY: other test files use it at the same time.
 * - `isolatedCatalog({ seed })`: tables of its own under a fresh prefix, empty or seeded, for
 *   tests that write; `drop()` deletes them.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { readConfig, type Config } from '../../lambdas/config';
import { BULK_TIMEOUTS, createDynamoClients } from '../../lambdas/storage/dynamo-clients';
import { createStorage, type Storage } from '../../lambdas/storage/repositories';
import { ensureTables } from '../../infra/local/create-tables';
import { seedCatalog, type SeedResult } from '../../infra/local/seed';
import { fixedClock } from '../../shared/time/clock';
import { SEED_TIME } from './dynamodb-context';

export { SEED_TIME } from './dynamodb-context';
export type { SeedCounts } from './dynamodb-context';

/** The endpoint of this run's DynamoDB Local. Throws when the global setup did not start it. */
export const dynamodbEndpoint = (): string => {
  const endpoint = inject('dynamodbEndpoint');
  if (typeof endpoint !== 'string') {
    throw new Error('DynamoDB Local was not started: run the tests through vitest.config.ts (its globalSetup) and import tests/support/dynamodb.');
  }
  return endpoint;
};

/** A Config for the given table prefix on this run's DynamoDB Local. */
export const testConfig = (tablePrefix: string): Config =>
  readConfig({ DYNAMODB_ENDPOINT: dynamodbEndpoint(), TABLE_PREFIX: tablePrefix });

/** Config (endpoint and table names) of the shared, seeded catalog. */
export const sharedConfig = (): Config => testConfig(inject('dynamodbTablePrefix'));

/** Repositories on the shared, seeded catalog. Read only. */
export const sharedStorage = (): Storage => createStorage(sharedConfig(), createDynamoClients(sharedConfig(), BULK_TIMEOUTS));

export interface IsolatedCatalog {
  config: Config;
  storage: Storage;
  /** The seed's result when `seed` was asked, else null. */
  seed: SeedResult | null;
  /** Deletes the tables. */
  drop(): Promise<void>;
}

/**
 * Fresh tables under a unique prefix; seeded from the reference data when `seed` is true. TTL
 * expiry is off: tests run simulated clocks (often in the past), and DynamoDB Local's TTL sweep
 * would delete their items by the real time in the middle of a test.
 */
export const isolatedCatalog = async (options: { seed?: boolean } = {}): Promise<IsolatedCatalog> => {
  const config = testConfig(`test-${randomUUID().slice(0, 8)}-`);
  // Tests share one busy DynamoDB Local: patient timeouts (lambdas/storage/dynamo-clients.ts).
  const storage = createStorage(config, createDynamoClients(config, BULK_TIMEOUTS));
  await ensureTables(storage.clients.client, config, { timeToLive: false });
  const seed = options.seed
    ? await seedCatalog({ repos: storage, sharedDataDir: config.sharedDataDir, clock: fixedClock(SEED_TIME), boardLists: false })
    : null;
  return {
    config,
    storage,
    seed,
    drop: async () => {
      for (const table of Object.values(config.dynamodb.tables)) {
        await storage.clients.client.send(new DeleteTableCommand({ TableName: table }));
      }
      storage.clients.client.destroy();
    },
  };
};
