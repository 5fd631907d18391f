import type { Ats } from '../jobs/job';

/**
 * The state of one company's source across crawls, kept by the crawler (one record per
 * company). Times are UTC ISO-8601.
 *
 * - `status` 'ok' after a complete, successful listing; 'failing' after a failed, partial or
 *   suspiciously empty one, with `reason` and `consecutive_failures` (reset to 0 by a success).
 * - `body_hash`: fingerprint of the last successful responses (and the parser version); a run
 *   whose responses hash the same skips parsing and comparing (the board did not change).
 * - `seen_refreshed_at`: the oldest `last_seen_at` of the listed jobs after the last full run;
 *   a refresh is due `seenRefreshMs` after it (compare-board.ts rewrites an unchanged job's
 *   `last_seen_at` only when older than that period).
 */
export interface SourceStatus {
  company_key: string;
  company_name: string;
  ats: Ats;
  board_token: string;
  status: 'ok' | 'failing';
  reason: string | null;
  consecutive_failures: number;
  /** Failures since the record was created. */
  total_failures: number;
  last_run_at: string;
  last_ok_at: string | null;
  last_failure_at: string | null;
  /** Open jobs after the last successful run. */
  open_jobs: number;
  body_hash: string | null;
  seen_refreshed_at: string | null;
}

export interface SourceIdentity {
  company_key: string;
  company_name: string;
  ats: Ats;
  board_token: string;
}

/** The record after a successful run at `now`. */
export const statusAfterSuccess = (
  previous: SourceStatus | null,
  run: SourceIdentity & { now: string; openJobs: number; bodyHash: string | null; seenRefreshedAt: string | null },
): SourceStatus => ({
  company_key: run.company_key,
  company_name: run.company_name,
  ats: run.ats,
  board_token: run.board_token,
  status: 'ok',
  reason: null,
  consecutive_failures: 0,
  total_failures: previous?.total_failures ?? 0,
  last_run_at: run.now,
  last_ok_at: run.now,
  last_failure_at: previous?.last_failure_at ?? null,
  open_jobs: run.openJobs,
  body_hash: run.bodyHash,
  seen_refreshed_at: run.seenRefreshedAt,
});

/**
 * The record after a failed run: failing with `reason`, one more consecutive failure; what the
 * last success recorded (open jobs, last ok) is kept, the body hash is dropped so the next
 * success parses in full.
 */
export const statusAfterFailure = (previous: SourceStatus | null, run: SourceIdentity & { now: string; reason: string }): SourceStatus => ({
  company_key: run.company_key,
  company_name: run.company_name,
  ats: run.ats,
  board_token: run.board_token,
  status: 'failing',
  reason: run.reason,
  consecutive_failures: (previous?.consecutive_failures ?? 0) + 1,
  total_failures: (previous?.total_failures ?? 0) + 1,
  last_run_at: run.now,
  last_ok_at: previous?.last_ok_at ?? null,
  last_failure_at: run.now,
  open_jobs: previous?.open_jobs ?? 0,
  body_hash: null,
  seen_refreshed_at: previous?.seen_refreshed_at ?? null,
});
