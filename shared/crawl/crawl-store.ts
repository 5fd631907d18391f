import type { Job } from '../jobs/job';
import type { JobKey } from '../jobs/job-summary';
import type { CrawlRunRecord } from './crawl-summary';
import type { SourceStatus } from './source-status';

/**
 * The crawler's storage port (implemented on DynamoDB by lambdas/storage/crawl-writes.ts and
 * crawl-runs.ts). Every job write is conditional on the version the crawl read, so two crawls of
 * one company racing never overwrite each other: the loser's write is counted as a conflict and
 * left for the next run.
 */

/** A stored job with its write version (0 for an item no crawl has written yet, e.g. seeded). */
export interface StoredJob {
  job: Job;
  version: number;
}

export type JobWrite =
  /** A job never stored: written only if no item has its key. */
  | { kind: 'insert'; job: Job }
  /** A stored job replaced (changed, reopened or closed): written only if still at `expectedVersion`. */
  | { kind: 'replace'; job: Job; expectedVersion: number }
  /** Only `last_seen_at` refreshed on an unchanged job, if still at `expectedVersion`. */
  | { kind: 'touch'; key: JobKey; lastSeenAt: string; expectedVersion: number };

export interface WriteOutcome {
  written: number;
  /** Writes refused because the item changed since it was read (another crawl won). */
  conflicts: number;
}

export interface CrawlStore {
  /** Every job of a company, open and closed, with versions. */
  listCompanyJobs(companyKey: string): Promise<StoredJob[]>;
  /** How many of a company's jobs are open (cheap: no job bodies come back). */
  countOpenJobs(companyKey: string): Promise<number>;
  writeJobs(writes: readonly JobWrite[]): Promise<WriteOutcome>;
  /** Sets a company's `job_count` (and its listed marker); no-op for an unknown company. */
  setJobCount(companyKey: string, count: number): Promise<void>;
  /** Sets a company's display name (its key stays); no-op for an unknown company. */
  setCompanyName(companyKey: string, name: string): Promise<void>;
  getSourceStatus(companyKey: string): Promise<SourceStatus | null>;
  putSourceStatus(status: SourceStatus): Promise<void>;
  /** Every company's source status (for `--report`). */
  listSourceStatuses(): Promise<SourceStatus[]>;
  recordRun(run: CrawlRunRecord): Promise<void>;
  /** The most recent run, or null. */
  lastRun(): Promise<CrawlRunRecord | null>;
}
