/**
 * Vitest global setup (vitest.config.ts `test.globalSetup`): ONE in-memory DynamoDB Local for the
 * whole test run, with the tables created and the real catalog seeded once (43 Ashby boards,
 * 436 registry companies) into tables prefixed `test-shared-`.
 *
 * HOW A TEST USES IT: import the helpers from tests/support/dynamodb.ts, e.g.
 *
 *   import { sharedStorage, sharedConfig, isolatedCatalog } from '../support/dynamodb';
 *   const storage = sharedStorage();          // repositories on the seeded catalog (read only!)
 *   const config = sharedConfig();            // a Config (endpoint + table names) for handlers
 *   const own = await isolatedCatalog({ seed: true }); // fresh tables of your own, for writes;
 *   ...; await own.drop();
 *
 * or read the raw values with `inject('dynamodbEndpoint')`, `inject('dynamodbTablePrefix')`,
 * `inject('seedCounts')` from 'vitest'. Never write to the shared catalog: other test files read
 * it in parallel. Use `isolatedCatalog()` for tests that write.
 *
 * DynamoDB Local (5-10 s to start, plus the seed) is only started when a test file queued for
 * this run contains the text "support/dynamodb" or "support/product" (its import of the helpers), so a run of unit
 * tests alone pays nothing.
 */
import { readFile } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../lambdas/config';
import { BULK_TIMEOUTS, createDynamoClients } from '../../lambdas/storage/dynamo-clients';
import { createStorage } from '../../lambdas/storage/repositories';
import { ensureTables } from '../../infra/local/create-tables';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { seedCatalog } from '../../infra/local/seed';
import { fixedClock } from '../../shared/time/clock';
import { DYNAMODB_HELPERS_MARKERS, SEED_TIME, SHARED_TABLE_PREFIX } from './dynamodb-context';

/** Whether any test file of this run imports the DynamoDB helpers. */
const runNeedsDynamoDb = async (project: TestProject): Promise<boolean> => {
  // The CLI's file filters (`vitest run tests/storage.test.ts`); not public API, so when it is
  // missing every file of the project is looked at (at worst DynamoDB Local starts needlessly).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const texts = await Promise.all(testFiles.map((file) => readFile(file, 'utf8')));
  return texts.some((text) => DYNAMODB_HELPERS_MARKERS.some((marker) => text.includes(marker)));
};

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!(await runNeedsDynamoDb(project))) return undefined;
  const dynamoDb = await startDynamoDbLocal();
  try {
    const config = readConfig({ DYNAMODB_ENDPOINT: dynamoDb.endpoint, TABLE_PREFIX: SHARED_TABLE_PREFIX });
    // Seeding is bulk work: patient timeouts (lambdas/storage/dynamo-clients.ts).
    const storage = createStorage(config, createDynamoClients(config, BULK_TIMEOUTS));
    await ensureTables(storage.clients.client, config, { timeToLive: false }); // see isolatedCatalog
    // Without the ~10,000 board-list companies (+8 s here): no test reads them, see seed.ts.
    const seeded = await seedCatalog({ repos: storage, sharedDataDir: config.sharedDataDir, clock: fixedClock(SEED_TIME), boardLists: false });
    storage.clients.client.destroy();
    project.provide('dynamodbEndpoint', dynamoDb.endpoint);
    project.provide('dynamodbTablePrefix', SHARED_TABLE_PREFIX);
    project.provide('seedCounts', {
      companies: seeded.companies,
      listedCompanies: seeded.listedCompanies,
      jobs: seeded.jobs,
      openJobs: seeded.openJobs,
    });
  } catch (error) {
    await dynamoDb.stop();
    throw error;
  }
  return () => dynamoDb.stop();
}
