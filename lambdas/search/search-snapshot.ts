/**
 * The search snapshot (issue 19.1, 19.2): the search index of one catalog version, built once
 * after the catalog changes (`buildSearchSnapshot`) and loaded by every API function at start-up
 * (lambdas/search/warm-job-index.ts), instead of each one listing every open job from DynamoDB
 * and building the index.
 *
 * Port: `SearchSnapshotStore` holds snapshots by version plus a pointer naming the newest
 * (S3: lambdas/storage/s3-search-snapshots.ts; locally the same adapter on the s3rver stand-in).
 *
 * Bytes: gzip (level 1) of a job index image (shared/search/job-index-image.ts, format
 * `SNAPSHOT_FORMAT`): the index's columns, postings, suggestions and pay estimates as typed
 * arrays, the summaries as compact bytes decoded only when a page lists them. Loading is a
 * gunzip and a few hundred views on its buffer: no summary is parsed and no index rebuilt
 * (README "Search from a snapshot" has the figures; gzip because the object is about a third
 * of the image's size and Lambda reads S3 at about 80-100 MB/s).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { buildJobIndexParts, restoreJobIndex, type JobIndex, type JobIndexParts, type JobTableRules } from '../../shared/search/job-index';
import { JOB_INDEX_IMAGE_FORMAT, SnapshotFormatError, decodeJobIndexImage, encodeJobIndexImage } from '../../shared/search/job-index-image';
import { JOB_TABLE_RULES } from '../../shared/search/job-rules';
import { listOpenSummaries } from './open-summaries';

export { SnapshotFormatError };

/** Where snapshots are kept: one object per version plus a pointer to the newest. */
export interface SearchSnapshotStore {
  /** The version the pointer names, or null when no snapshot was ever written. */
  latest(): Promise<string | null>;
  /** The bytes of `version`'s snapshot, or null when there is none. */
  read(version: string): Promise<Uint8Array | null>;
  /** Stores `version`'s snapshot, then moves the pointer to it (readers never see a pointer to missing bytes). */
  write(version: string, data: Uint8Array): Promise<void>;
}

export const SNAPSHOT_FORMAT = JOB_INDEX_IMAGE_FORMAT;

/** Encodes the index of `summaries` (complete summaries: open-summaries.ts) as a snapshot of `version` built at `builtAt` (UTC ISO-8601). */
export const encodeSearchSnapshot = (version: string, summaries: readonly JobSummary[], builtAt: string, rules: JobTableRules = JOB_TABLE_RULES): Uint8Array =>
  gzipSync(encodeJobIndexImage(buildJobIndexParts(summaries, rules), { version, built_at: builtAt }), { level: 1 });

/**
 * The index parts of a snapshot, checked to be `version`'s (views on the gunzipped bytes).
 * @throws SnapshotFormatError when the bytes are not a gzip'd job index image of SNAPSHOT_FORMAT and this code's search filters for `version`.
 */
export const decodeSearchSnapshotParts = (data: Uint8Array, version: string): JobIndexParts => {
  let image: Uint8Array;
  try {
    image = gunzipSync(data);
  } catch (error) {
    throw new SnapshotFormatError(`The search snapshot ${version} cannot be read: ${String(error)}`);
  }
  const { parts, meta } = decodeJobIndexImage(image);
  if (meta.version !== version) throw new SnapshotFormatError(`The search snapshot named ${version} holds version ${String(meta.version)}`);
  return parts;
};

/**
 * The search index of a snapshot, ready to answer.
 * @throws SnapshotFormatError as `decodeSearchSnapshotParts`.
 */
export const decodeSearchSnapshot = (data: Uint8Array, version: string, rules: JobTableRules = JOB_TABLE_RULES): JobIndex => restoreJobIndex(decodeSearchSnapshotParts(data, version), rules);

export interface SnapshotBuildDeps {
  jobs: Pick<JobRepository, 'listOpenSummaries' | 'getMany'>;
  catalogVersion: Pick<CatalogVersion, 'current'>;
  store: SearchSnapshotStore;
  /** UTC now, for `built_at`. */
  clock: () => Date;
}

export type SnapshotBuildResult = { built: true; version: string; jobs: number; bytes: number } | { built: false; version: string };

/**
 * Writes the snapshot of the current catalog version unless the pointer already names it
 * (so a schedule may call this often: an unchanged catalog costs one read of each).
 * Storage errors are thrown; nothing is written then, and the pointer keeps naming the old version.
 */
export const buildSearchSnapshot = async (deps: SnapshotBuildDeps): Promise<SnapshotBuildResult> => {
  const version = await deps.catalogVersion.current();
  if ((await deps.store.latest()) === version) return { built: false, version };
  const summaries = await listOpenSummaries(deps.jobs);
  const data = encodeSearchSnapshot(version, summaries, deps.clock().toISOString());
  await deps.store.write(version, data);
  return { built: true, version, jobs: summaries.length, bytes: data.byteLength };
};
