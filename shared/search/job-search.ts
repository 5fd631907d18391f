import type { IndexFilters } from './filters/search-filters';
import type { PayEstimate } from '../jobs/job';
import type { PayHistogram } from '../pay/pay-histogram';
import type { JobFacets, JobSort } from './job-query';
import type { JobKey, JobSummary } from '../jobs/job-summary';

/**
 * The port between the jobs use cases (find-jobs.ts, feeds) and the search index that serves
 * them (shared/search/job-index.ts provides it).
 */

/**
 * One search: free text (null or blank: every job), filters (null, absent or empty: no filter;
 * values in one list OR'ed, filters AND'ed), order and zero-based page. The filters are keyed by
 * each declaration's `index.key` (shared/search/filters/: e.g. `seniorities`, `minSalaryUsd`,
 * `postedSinceMs` as epoch milliseconds, `excludeGhostAt` as an instant), see each for its meaning.
 */
export type JobSearchQuery = IndexFilters & {
  text: string | null;
  /** Default: relevance with text, newest without. */
  sort?: JobSort | null;
  /** Zero-based page number, an integer ≥ 0. */
  page: number;
  /** Jobs per page, an integer ≥ 1. */
  pageSize: number;
};

/** One page of results: the jobs on the page, best first, the count of all matches and the facet counts. */
export interface JobSearchPage {
  keys: JobKey[];
  summaries: JobSummary[];
  count: number;
  facets: JobFacets;
  /** The matching jobs by yearly USD pay band, with every filter but the pay floor (shared/pay/pay-histogram.ts). */
  payHistogram: PayHistogram;
}

/** An in-process search index over job summaries. */
export interface JobIndex {
  /** How many jobs the index holds. */
  readonly size: number;
  /** @throws RangeError when `page` or `pageSize` is not a valid integer. */
  search(query: JobSearchQuery): JobSearchPage;
  /** The pay estimate the index worked out for a job it holds (shared/pay/pay-estimate.ts); null when none or not held. */
  payEstimate(key: JobKey): PayEstimate | null;
  /** Completions for what a person is typing (see job-index.ts). */
  suggest(text: string, limit?: number): Suggestion[];
}

/** One completion: a title, company, skill or place as jobs spell it. */
export interface Suggestion {
  kind: 'title' | 'company' | 'skill' | 'place';
  text: string;
}

