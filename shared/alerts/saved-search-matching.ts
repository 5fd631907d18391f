/**
 * Matching saved searches against jobs (issue 20.4), through the same search path as `POST /jobs`
 * (`JobQuerySchema` and `toSearchQuery` of shared/search, over a `createJobIndex` index), so a
 * saved search finds exactly what the board shows for it. Pure (the caller passes "now").
 *
 * Scale: the digest builds ONE index over the run's new jobs (those first seen in the window,
 * `recentSummaries`) and runs each DISTINCT search once (`createMatcher`, deduplicated by
 * `searchKey`), instead of every subscriber's search over the whole catalog; each distinct
 * search's matches are kept as a `MatchList` (match-lists.ts) its subscribers' sections share.
 */
import { createJobIndex } from '../search/job-index';
import type { JobIndex } from '../search/job-search';
import { JobQuerySchema } from '../search/job-query';
import { toSearchQuery } from '../search/find-jobs';
import type { JobSummary } from '../jobs/job-summary';
import type { SavedSearchQuery } from './saved-search';
import { createJobNumbering, type MatchList } from './match-lists';

/** The jobs still open and first seen after `sinceMs` (epoch ms), e.g. the last 7 days' new jobs. */
export const recentSummaries = (summaries: readonly JobSummary[], sinceMs: number): JobSummary[] =>
  summaries.filter((summary) => summary.closed_at === null && Date.parse(summary.first_seen_at) > sinceMs);

/** An index over `summaries` (`createJobIndex`; the search path of `POST /jobs`). */
export const newJobsIndex = (summaries: readonly JobSummary[]): JobIndex => createJobIndex(summaries);

/**
 * The canonical form of a saved search for deduplication: keys sorted, the values of each list
 * filter sorted and deduplicated (OR'ed, so their order never matters; the search words keep
 * theirs), and `sort` left out (it orders, it does not choose). Two saved searches with the
 * same key match the same jobs.
 */
export const searchKey = (query: SavedSearchQuery): string => {
  const entries = Object.entries(query)
    .filter(([field, value]) => field !== 'sort' && value !== undefined && value !== null)
    .map(([field, value]): [string, unknown] => [field, Array.isArray(value) && field !== 'search' ? [...new Set(value as string[])].sort() : value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
};

/**
 * Every job of `index` the saved search matches at `now`, in the order `POST /jobs` would list
 * them (its `sort`, else relevance with text and newest without).
 * @throws ZodError if a stored search no longer passes `JobQuerySchema` (a field was removed).
 */
export const runSavedSearch = (index: JobIndex, query: SavedSearchQuery, now: Date): JobSummary[] => {
  if (index.size === 0) return [];
  const parsed = JobQuerySchema.parse(query);
  return index.search({ ...toSearchQuery(parsed, now), page: 0, pageSize: index.size }).summaries;
};

/**
 * A digest run's matcher over its new jobs at `now`: one index over `summaries` (`newJobsIndex`)
 * and one numbering of them in the digest's order (match-lists.ts). `of(query)` runs a search the
 * first time its key (`searchKey`) is asked and answers the kept `MatchList` after, so each
 * distinct search runs once a run whoever saved it (a digest worker's batches of one run share
 * it). A stored search that no longer parses matches nothing (its key is listed in `invalid`), so
 * one stale record never stops a digest.
 */
export const createMatcher = (summaries: readonly JobSummary[], now: Date) => {
  const index = newJobsIndex(summaries);
  // The index's own summaries (with the pay estimates it worked out) are what searches answer.
  const numbering = createJobNumbering(index.size === 0 ? [] : index.search({ text: null, page: 0, pageSize: index.size }).summaries);
  const kept = new Map<string, MatchList>();
  const invalid: string[] = [];
  return {
    of(query: SavedSearchQuery): MatchList {
      const key = searchKey(query);
      let found = kept.get(key);
      if (found === undefined) {
        let matches: JobSummary[];
        try {
          matches = runSavedSearch(index, query, now);
        } catch {
          matches = [];
          invalid.push(key);
        }
        found = numbering.list(matches);
        kept.set(key, found);
      }
      return found;
    },
    /** How many distinct searches were run. */
    get runs() {
      return kept.size;
    },
    /** The keys of stored searches that no longer parse. */
    invalid: invalid as readonly string[],
  };
};
export type Matcher = ReturnType<typeof createMatcher>;

/** How far back a digest's new jobs go: the longest window, a weekly search's 7 days. */
export const NEW_JOBS_DAYS = 7;

/** The matcher of a run at `now`: one index over the open jobs first seen in the last NEW_JOBS_DAYS, each distinct search run once. */
export const newJobsMatcher = (summaries: readonly JobSummary[], now: Date): Matcher =>
  createMatcher(recentSummaries(summaries, now.getTime() - NEW_JOBS_DAYS * 86_400_000), now);
