/**
 * The jobs context's ports: the job catalog and its version, implemented by adapters in lambdas/
 * (DynamoDB) and by in-memory fakes in unit tests.
 */
import type { Job } from './job';
import type { JobKey, JobSummary } from './job-summary';

export interface JobRepository {
  /** One job by its site identity, open or closed; null when unknown. */
  get(key: JobKey): Promise<Job | null>;
  /** Full jobs for the given keys, in the order given; unknown keys are left out. */
  getMany(keys: readonly JobKey[]): Promise<Job[]>;
  /** Every job of one company (open and closed). */
  listByCompany(companyKey: string): Promise<Job[]>;
  /** Summaries of every open job, for the search index. */
  listOpenSummaries(): Promise<JobSummary[]>;
  /** Writes jobs as given (insert or replace). */
  putMany(jobs: readonly Job[]): Promise<void>;
}

/**
 * A counter that changes whenever the set of open jobs changes (seed, crawl), so that a
 * long-lived search index knows to rebuild.
 */
export interface CatalogVersion {
  current(): Promise<string>;
  bump(at: string): Promise<void>;
}
