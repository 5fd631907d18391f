/**
 * The whole product on one machine: `startLocalProduct(options?)` →
 * `Promise<{ url, stop(), notes, timings }>`.
 *
 * 1. Reads the configuration (lambdas/config.ts) with `options.env` laid over the environment.
 * 2. Starts DynamoDB Local unless DYNAMODB_ENDPOINT is configured: on disk in `options.dataDir`
 *    (default `.data/dynamodb`, git-ignored, kept across restarts) or in memory when it is null.
 *    Meanwhile builds the SPA when frontend/dist is missing or older than its sources.
 * 3. Creates the tables that are missing and seeds the catalog from ../shared/data when it was
 *    never seeded (catalog version "0").
 * 4. Serves the API under `/api` (the real Lambda handlers, through the payload-2.0 adapter)
 *    and the SPA on `options.port` (else PORT, else 3000; 0 picks a free port), on all
 *    interfaces, and starts building the search index.
 *
 * `stop()` closes the server and its connections, the DynamoDB clients, and DynamoDB Local when
 * this call started it. Throws (after stopping what it started) when a step fails, e.g.
 * `DynamoDbLocalError` without Java, or EADDRINUSE when the port is taken.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readConfig, REPO_ROOT, type Config } from '../../lambdas/config';
import { createCompaniesFunction } from '../../lambdas/functions/companies';
import { createContentFunction } from '../../lambdas/functions/content';
import { createJobsHandler, jobsDepsFromStorage } from '../../lambdas/functions/jobs';
import { createLogger } from '../../lambdas/http/log';
import { NO_CATALOG_VERSION } from '../../lambdas/storage/catalog-version';
import { createStorage } from '../../lambdas/storage/repositories';
import { ensureTables } from './create-tables';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createHttpAdapter } from './http-adapter';
import { LOCAL_DYNAMODB_DIR } from './local-storage';
import { seedCatalog } from './seed';
import { ensureSpaBuilt, precompress, SPA_DIST_DIR } from './spa-build';

export interface LocalProductOptions {
  /** TCP port; default PORT or 3000; 0 picks a free one. */
  port?: number;
  /** DynamoDB Local's data folder; null keeps the data in memory. Default `.data/dynamodb`. */
  dataDir?: string | null;
  /** Settings laid over the process environment (see lambdas/config.ts). */
  env?: Record<string, string>;
}

export interface LocalProduct {
  /** e.g. "http://localhost:3000/" */
  url: string;
  stop(): Promise<void>;
  /** What was started or done, one line each, for the start command to print. */
  notes: string[];
  /** Milliseconds per step: dynamodb, spa, tables, seed, listen. */
  timings: Record<string, number>;
  /** The configuration in use, with the DynamoDB endpoint it started or was given. */
  config: Config;
}


const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const timed = async <T>(timings: Record<string, number>, step: string, task: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await task();
  } finally {
    timings[step] = Math.round(performance.now() - started);
  }
};

export const startLocalProduct = async (options: LocalProductOptions = {}): Promise<LocalProduct> => {
  let config: Config = readConfig(process.env, options.env);
  const logger = createLogger(config.logLevel);
  const notes: string[] = [];
  const timings: Record<string, number> = {};
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };

  try {
    const dataDir = options.dataDir === undefined ? LOCAL_DYNAMODB_DIR : options.dataDir;
    const startDynamo = async (): Promise<DynamoDbLocal | null> =>
      config.dynamodb.endpoint === undefined ? startDynamoDbLocal(dataDir === null ? {} : { dataDir }) : null;
    const dynamoStarting = timed(timings, 'dynamodb', startDynamo);
    const spaBuilding = timed(timings, 'spa', ensureSpaBuilt);
    const [dynamo, spa] = await Promise.allSettled([dynamoStarting, spaBuilding]);
    if (dynamo.status === 'fulfilled' && dynamo.value !== null) {
      const local = dynamo.value;
      cleanups.push(() => local.stop());
      config = { ...config, dynamodb: { ...config.dynamodb, endpoint: local.endpoint } };
      notes.push(`DynamoDB Local at ${local.endpoint} (${dataDir === null ? 'in memory' : `data in ${path.relative(REPO_ROOT, dataDir) || dataDir}`}), started in ${seconds(timings.dynamodb ?? 0)}`);
    } else if (dynamo.status === 'fulfilled') {
      notes.push(`DynamoDB at ${config.dynamodb.endpoint ?? 'AWS'} (DYNAMODB_ENDPOINT)`);
    }
    if (dynamo.status === 'rejected') throw dynamo.reason;
    if (spa.status === 'rejected') throw spa.reason;
    if (spa.value.reason !== null) notes.push(`Built the web app (${spa.value.reason}) in ${seconds(spa.value.ms)}`);
    const compressed = precompress(SPA_DIST_DIR);
    if (compressed > 0) notes.push(`Precompressed ${compressed} web app files (brotli, gzip)`);

    const storage = createStorage(config);
    cleanups.push(async () => storage.clients.client.destroy());
    const created = await timed(timings, 'tables', () => ensureTables(storage.clients.client, config));
    if (created.length > 0) notes.push(`Created tables ${created.join(', ')}`);
    if ((await storage.catalogVersion.current()) === NO_CATALOG_VERSION) {
      const seeded = await timed(timings, 'seed', () =>
        seedCatalog({ repos: storage, sharedDataDir: config.sharedDataDir, clock: () => new Date() }),
      );
      if (seeded.seeded) {
        notes.push(
          `Seeded ${seeded.listedCompanies} companies with jobs (${seeded.companies} in the registry) and ${seeded.openJobs} open jobs from ${config.sharedDataDir} in ${seconds(timings.seed ?? 0)}`,
        );
      }
    }

    const jobsDeps = jobsDepsFromStorage(storage, config);
    const listener = createHttpAdapter({
      staticDir: SPA_DIST_DIR,
      logger,
      functions: {
        jobs: createJobsHandler(jobsDeps, { logger }),
        companies: createCompaniesFunction(config, storage),
        content: createContentFunction(config),
      },
    });
    const server = createServer(listener);
    const port = options.port ?? config.port;
    await timed(timings, 'listen', () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    );
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    // Build the search index now rather than on the first search.
    jobsDeps.searchIndex().catch((error: unknown) => logger('warn', 'Search index not built yet', { error: String(error) }));

    const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    return { url, stop, notes, timings, config };
  } catch (error) {
    await stop();
    throw error;
  }
};
