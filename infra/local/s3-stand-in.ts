/**
 * The local S3: s3rver 3.7.1 (an S3 API stand-in keeping objects as files) run inside this
 * process, holding the search snapshots bucket (lambdas/storage/s3-search-snapshots.ts).
 * `startS3StandIn({ directory, host?, port? })` → `{ endpoint, env, stop() }`:
 * - listens on `host` (default 127.0.0.1; the local start gives it HOST, infra/local/listen-address.ts),
 *   port 4568 or a free one; path-style requests, any credentials;
 * - keeps its objects under `directory` (`.data/s3` beside the local data), so a restart loads
 *   the last snapshot without listing every job;
 * - `env`: what to lay over the configuration (SEARCH_SNAPSHOT_BUCKET, S3_ENDPOINT; lambdas/config.ts);
 * - names its endpoint in `<directory>/endpoint.json` while running, so `npm run crawl` and the
 *   seed write their snapshot to the running one (`withLocalS3`).
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import getPort from 'get-port';
import S3rver from 's3rver';
import { REPO_ROOT, type Config } from '../../lambdas/config';
import { buildSearchSnapshot } from '../../lambdas/search/search-snapshot';
import { searchSnapshotsFromConfig } from '../../lambdas/storage/s3-search-snapshots';
import type { Storage } from '../../lambdas/storage/repositories';
import { LOOPBACK, localUrl } from './listen-address';
import { findRunningService, nameRunningService, type ServiceFile } from './running-service';

/** The local search snapshots' bucket. */
export const LOCAL_SNAPSHOT_BUCKET = 'latent-jobs-local-search';
/** Where the local start's S3 stand-in keeps its objects. */
export const LOCAL_S3_DIR = path.join(REPO_ROOT, '.data', 's3');

export interface S3StandIn {
  /** e.g. "http://127.0.0.1:4568" */
  endpoint: string;
  /** SEARCH_SNAPSHOT_BUCKET and S3_ENDPOINT for readConfig. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const endpointFile = (directory: string): ServiceFile => ({ stateDir: directory, file: 'endpoint.json' });

/** The configuration naming the stand-in at `endpoint`. */
export const s3StandInEnv = (endpoint: string): Record<string, string> => ({ SEARCH_SNAPSHOT_BUCKET: LOCAL_SNAPSHOT_BUCKET, S3_ENDPOINT: endpoint });

/** Starts s3rver on `host` with its objects in `directory`; rejects when it cannot listen. */
export const startS3StandIn = async (options: { directory: string; host?: string; port?: number; nameIt?: boolean }): Promise<S3StandIn> => {
  const host = options.host ?? LOOPBACK;
  const port = options.port ?? (await getPort({ port: 4568 }));
  const s3rver = new S3rver({ address: host, port, silent: true, directory: path.join(options.directory, 'buckets'), configureBuckets: [{ name: LOCAL_SNAPSHOT_BUCKET, configs: [] }] });
  await s3rver.run();
  const server = s3rver.httpServer;
  const endpoint = localUrl(host, (server.address() as AddressInfo).port);
  const unname = options.nameIt === false ? () => undefined : nameRunningService(endpointFile(options.directory), endpoint);
  let stopped = false;
  return {
    endpoint,
    env: s3StandInEnv(endpoint),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      unname();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};

/**
 * Runs `work` with the configuration of the stand-in keeping `directory`: the running one
 * (`npm start`'s) when it answers, else one started for the call and stopped after it.
 */
export const withLocalS3 = async <T>(directory: string, work: (env: Record<string, string>) => Promise<T>): Promise<T> => {
  const running = await findRunningService(endpointFile(directory), '/');
  if (running !== null) return work(s3StandInEnv(running));
  const own = await startS3StandIn({ directory, port: 0, nameIt: false });
  try {
    return await work(own.env);
  } finally {
    await own.stop();
  }
};

/**
 * Writes the search snapshot of the current catalog (after a seed or crawl changed it) to the
 * configured bucket, else, when the tables are the ones in `.data/dynamodb` (`onLocalData`), to
 * the local stand-in on `.data/s3` (the running one, or one started for the write); else writes
 * nothing. Returns a line for the command's output.
 */
export const writeLocalSearchSnapshot = async (config: Config, storage: Pick<Storage, 'jobs' | 'catalogVersion'>, onLocalData: boolean): Promise<string> => {
  const build = async (used: Config): Promise<string> => {
    const result = await buildSearchSnapshot({ jobs: storage.jobs, catalogVersion: storage.catalogVersion, store: searchSnapshotsFromConfig(used)!, clock: () => new Date() });
    return result.built
      ? `Search snapshot ${result.version} written (${result.jobs} jobs, ${Math.round(result.bytes / 1024)} KB).`
      : `Search snapshot ${result.version} is current.`;
  };
  if (config.searchSnapshots !== null) return build(config);
  if (!onLocalData) return 'No search snapshot written (DYNAMODB_ENDPOINT names other tables and no SEARCH_SNAPSHOT_BUCKET is set).';
  return withLocalS3(LOCAL_S3_DIR, (env) => build({ ...config, searchSnapshots: { bucket: env.SEARCH_SNAPSHOT_BUCKET!, endpoint: env.S3_ENDPOINT } }));
};
