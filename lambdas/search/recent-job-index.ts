/**
 * The index of the last 7 days' new jobs (shared/alerts/saved-search-matching.ts): the open jobs
 * first seen in the last `NEW_JOBS_DAYS` (7) days, over which a saved search's `matched_last_7_days` and
 * its private feed are counted and listed. Derived from a source of every open job's summaries
 * (the jobs function's warm search index, or a warm list of summaries), and rebuilt when that
 * source changes (a new catalog version) or the clock enters a new hour (so the 7 days move on).
 * Concurrent callers share one build; a failed one is not kept.
 */
import type { JobSummary } from '../../shared/jobs/job-summary';
import type { JobIndex } from '../../shared/search/job-search';
import { NEW_JOBS_DAYS, newJobsIndex, recentSummaries } from '../../shared/alerts/saved-search-matching';
import type { Clock } from '../../shared/time/clock';

const HOUR_MS = 3_600_000;

/** Every summary a search index holds (a search with no text or filter, one page of all). */
export const summariesOfIndex = (index: JobIndex): readonly JobSummary[] => (index.size === 0 ? [] : index.search({ text: null, page: 0, pageSize: index.size }).summaries);

export const createRecentJobIndex = <Source extends object>(
  source: () => Promise<Source>,
  summariesOf: (source: Source) => readonly JobSummary[],
  clock: Clock,
): (() => Promise<JobIndex>) => {
  let kept: { from: Source; hour: number; index: JobIndex } | null = null;
  return async () => {
    const from = await source();
    const now = clock().getTime();
    const hour = Math.floor(now / HOUR_MS);
    if (kept !== null && kept.from === from && kept.hour === hour) return kept.index;
    const index = newJobsIndex(recentSummaries(summariesOf(from), now - NEW_JOBS_DAYS * 24 * HOUR_MS));
    kept = { from, hour, index };
    return index;
  };
};
