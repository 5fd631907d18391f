import type { DemoCatalog } from './demo-catalog';
import type { Ats } from '../jobs/job';

/**
 * What a crawl did: per company (`CompanyCrawlResult`) and for the whole run
 * (`CrawlRunRecord`, also stored as the run record). Times are UTC ISO-8601; durations in ms.
 */

/** Job changes of one board (or summed over a run). */
export interface JobChangeCounts {
  new: number;
  changed: number;
  reopened: number;
  closed: number;
  /** Listed again with the same content (last_seen_at refreshed or not). */
  unchanged: number;
  /** Unchanged jobs whose last_seen_at was rewritten because it was due. */
  touched: number;
  /** Postings skipped by the adapter or as duplicates. */
  skipped: number;
  /** Of those, postings that are not jobs (general applications, talent pools: shared/sources/non-jobs.ts). */
  not_jobs: number;
  /** Conditional writes lost to a concurrent crawl. */
  conflicts: number;
}

export const NO_CHANGES: JobChangeCounts = { new: 0, changed: 0, reopened: 0, closed: 0, unchanged: 0, touched: 0, skipped: 0, not_jobs: 0, conflicts: 0 };

export const addCounts = (a: JobChangeCounts, b: JobChangeCounts): JobChangeCounts => ({
  new: a.new + b.new,
  changed: a.changed + b.changed,
  reopened: a.reopened + b.reopened,
  closed: a.closed + b.closed,
  unchanged: a.unchanged + b.unchanged,
  touched: a.touched + b.touched,
  skipped: a.skipped + b.skipped,
  not_jobs: a.not_jobs + b.not_jobs,
  conflicts: a.conflicts + b.conflicts,
});

export interface CompanyCrawlResult {
  company_key: string;
  company_name: string;
  ats: Ats | null;
  /** 'skipped': no source can crawl the company (no ATS/board token). */
  outcome: 'ok' | 'failing' | 'skipped';
  /** Why it failed or was skipped. */
  reason: string | null;
  counts: JobChangeCounts;
  /** Open jobs after the run (as before it when the run failed). */
  openJobs: number;
  /** True when the responses were unchanged since the last success and parsing was skipped. */
  unchangedBody: boolean;
  /** True when what the site shows changed (jobs written other than last_seen_at, or job_count). */
  catalogChanged: boolean;
  durationMs: number;
}

export interface CrawlRunRecord {
  run_id: string;
  started_at: string;
  finished_at: string;
  elapsed_ms: number;
  companies: { ok: number; failing: number; skipped: number };
  jobs: JobChangeCounts;
  /** The failing companies of this run and why. */
  failures: { company_key: string; company_name: string; reason: string }[];
  catalog_version_bumped: boolean;
  /** Only on the local seed's run: the capture day of its postings and how far their dates were moved (demo-catalog.ts). */
  demo?: DemoCatalog;
}

/** Sums per-company results into a run record. */
export const summariseRun = (
  results: readonly CompanyCrawlResult[],
  run: { run_id: string; started_at: string; finished_at: string; elapsed_ms: number; catalog_version_bumped: boolean },
): CrawlRunRecord => ({
  ...run,
  companies: {
    ok: results.filter((result) => result.outcome === 'ok').length,
    failing: results.filter((result) => result.outcome === 'failing').length,
    skipped: results.filter((result) => result.outcome === 'skipped').length,
  },
  jobs: results.reduce((sum, result) => addCounts(sum, result.counts), NO_CHANGES),
  failures: results
    .filter((result) => result.outcome === 'failing')
    .map((result) => ({ company_key: result.company_key, company_name: result.company_name, reason: result.reason ?? 'unknown' })),
});
