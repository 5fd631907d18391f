/**
 * The search snapshot builder (scheduled function, issue 19.1): an EventBridge scheduled event
 * every 5 minutes → compare the catalog version (state table) with the snapshot pointer
 * (SEARCH_SNAPSHOT_BUCKET) → when they differ, list every open job's summary once and write the
 * snapshot of that version, then the pointer (lambdas/search/search-snapshot.ts). The API
 * functions pick it up in the background (lambdas/search/warm-job-index.ts).
 *
 * Why a schedule rather than the crawl's end: a crawl run ends in whichever of many workers
 * finishes last, seeds and re-derivations bump the version too, and a failed build must be
 * retried; checking the version is one GetItem and one small S3 GET, so a 5-minute schedule is
 * the simplest trigger that is always right (at most 5 minutes behind, one build per change).
 *
 * Returns `{ built, version, jobs?, bytes? }`. A storage error throws (nothing written; the next
 * schedule tries again).
 *
 * Settings: readConfig (the jobs and state tables, SEARCH_SNAPSHOT_BUCKET).
 */
import { readConfig } from '../config';
import { scheduledChain } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { buildSearchSnapshot, type SnapshotBuildDeps } from '../search/search-snapshot';
import { searchSnapshotsFromConfig } from '../storage/s3-search-snapshots';
import { BULK_TIMEOUTS, createDynamoClients } from '../storage/dynamo-clients';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** The scheduled handler over given ports (tests); `handler` builds them from the environment. */
export const createSearchSnapshotHandler = (deps: SnapshotBuildDeps, logger: Logger) =>
  scheduledChain(
    async () => {
      const result = await buildSearchSnapshot(deps);
      logger('info', result.built ? 'Search snapshot written' : 'Search snapshot is current', result);
      return result;
    },
    { logger },
  );

export const handler = onFirstCall(() => {
  const config = readConfig();
  const store = searchSnapshotsFromConfig(config);
  if (store === undefined) throw new Error('SEARCH_SNAPSHOT_BUCKET is not set');
  // Listing every open job is bulk work nobody waits on: patient clients (dynamo-clients.ts). With
  // the request timeouts, DynamoDB Local sat over 1.5 s on a page of 100,000 stored jobs and the
  // build failed (bench:cold-start:bundle).
  const storage = createStorage(config, createDynamoClients(config, BULK_TIMEOUTS));
  return createSearchSnapshotHandler({ jobs: storage.jobs, catalogVersion: storage.catalogVersion, store, clock: () => new Date() }, createLogger(config.logLevel));
});
