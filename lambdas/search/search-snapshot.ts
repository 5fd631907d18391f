/**
 * The search snapshot (issue 19.1): the open jobs' summaries of one catalog version, built once
 * after the catalog changes (`buildSearchSnapshot`) and loaded by every API function at start-up
 * (lambdas/search/warm-job-index.ts), instead of each one listing every open job from DynamoDB.
 *
 * Port: `SearchSnapshotStore` holds snapshots by version plus a pointer naming the newest
 * (S3: lambdas/storage/s3-search-snapshots.ts; locally the same adapter on the s3rver stand-in).
 *
 * Bytes: gzip of one JSON document
 *   `{ "format": 1, "version": "7", "built_at": ISO-8601, "jobs": N, "summaries": [JobSummary] }`.
 * gzip level 1: an 8x smaller object for ~0.1 s of decompression per 100,000 jobs. Rebuilding the
 * flexsearch index from the summaries is what the loader does; exporting flexsearch's own index
 * was not measured to beat it (bench/cold-start.ts reports the load split into its steps).
 * `decodeSearchSnapshot` interns the strings that repeat across jobs (company, places, departments,
 * skills, dates, enums), so 500,000 parsed summaries hold each of those once.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { listOpenSummaries } from './open-summaries';

/** Where snapshots are kept: one object per version plus a pointer to the newest. */
export interface SearchSnapshotStore {
  /** The version the pointer names, or null when no snapshot was ever written. */
  latest(): Promise<string | null>;
  /** The bytes of `version`'s snapshot, or null when there is none. */
  read(version: string): Promise<Uint8Array | null>;
  /** Stores `version`'s snapshot, then moves the pointer to it (readers never see a pointer to missing bytes). */
  write(version: string, data: Uint8Array): Promise<void>;
}

export const SNAPSHOT_FORMAT = 1;

/** The snapshot's bytes are not a snapshot of this format (truncated, other format, other version). */
export class SnapshotFormatError extends Error {
  override name = 'SnapshotFormatError';
}

interface SnapshotDocument {
  format: number;
  version: string;
  built_at: string;
  jobs: number;
  summaries: JobSummary[];
}

/** Encodes summaries as a snapshot of `version` built at `builtAt` (UTC ISO-8601). */
export const encodeSearchSnapshot = (version: string, summaries: readonly JobSummary[], builtAt: string): Uint8Array =>
  gzipSync(JSON.stringify({ format: SNAPSHOT_FORMAT, version, built_at: builtAt, jobs: summaries.length, summaries }), { level: 1 });

/** One copy of each repeated string: the same text read twice becomes one string in memory. */
const interner = () => {
  const seen = new Map<string, string>();
  return (text: string): string => {
    const kept = seen.get(text);
    if (kept !== undefined) return kept;
    seen.set(text, text);
    return text;
  };
};

/** Replaces, in place, every string inside `value` but `skip`'s fields by its interned copy. */
const internAll = (value: unknown, intern: (text: string) => string, skip: ReadonlySet<string>): unknown => {
  if (typeof value === 'string') return intern(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = internAll(value[i], intern, skip);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) if (!skip.has(key)) record[key] = internAll(record[key], intern, skip);
  }
  return value;
};

/** Fields unique to each job: interning them would only cost a map entry. */
const UNIQUE_FIELDS: ReadonlySet<string> = new Set(['slug_url', 'job_url', 'job_id', 'apply_url']);

/**
 * The summaries of a snapshot, checked to be `version`'s.
 * @throws SnapshotFormatError when the bytes are not a gzip'd snapshot of SNAPSHOT_FORMAT for `version`.
 */
export const decodeSearchSnapshot = (data: Uint8Array, version: string): JobSummary[] => {
  let document: Partial<SnapshotDocument>;
  try {
    document = JSON.parse(gunzipSync(data).toString('utf8')) as Partial<SnapshotDocument>;
  } catch (error) {
    throw new SnapshotFormatError(`The search snapshot ${version} cannot be read: ${String(error)}`);
  }
  if (document.format !== SNAPSHOT_FORMAT || document.version !== version || !Array.isArray(document.summaries) || document.summaries.length !== document.jobs) {
    throw new SnapshotFormatError(`The search snapshot ${version} is not a format ${SNAPSHOT_FORMAT} snapshot of that version`);
  }
  const intern = interner();
  for (const summary of document.summaries) internAll(summary, intern, UNIQUE_FIELDS);
  return document.summaries;
};

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
