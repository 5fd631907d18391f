import type { Department } from '../departments/department';
import type { EmploymentType, Seniority, Workplace } from '../jobs/job';
import type { JobFacets, JobSort } from './job-query';
import type { JobKey, JobSummary } from '../jobs/job-summary';

/**
 * The port between the jobs use cases (find-jobs.ts, feeds) and the search index that serves
 * them (shared/search/job-index.ts provides it).
 */

/**
 * One search: free text (null or blank: every job), filters (null or empty: no filter; values
 * in one list OR'ed, filters AND'ed), order and zero-based page. See shared/search/job-query.ts
 * for what each filter means to a job seeker.
 */
export interface JobSearchQuery {
  text: string | null;
  departments?: readonly Department[] | null;
  workplaces?: readonly Workplace[] | null;
  seniorities?: readonly Seniority[] | null;
  employmentTypes?: readonly EmploymentType[] | null;
  /** Whole USD a year; jobs without pay fail. */
  minSalaryUsd?: number | null;
  /** Epoch milliseconds: jobs whose `date_posted` is at or after it. */
  postedSinceMs?: number | null;
  /** ISO 3166-1 alpha-2 codes (upper case). */
  countries?: readonly string[] | null;
  /** ISO 3166-1 alpha-2 code (upper case). */
  remoteFrom?: string | null;
  /** Company names or keys, any case: only their jobs. */
  companies?: readonly string[] | null;
  /** Company names or keys, any case. */
  excludeCompanies?: readonly string[] | null;
  /** Texts; a job whose title or skills match one (search word rules) fails. */
  excludeKeywords?: readonly string[] | null;
  /** true: only jobs that offer visa sponsorship. */
  visaSponsorship?: boolean | null;
  /** Leave out jobs that are likely ghost jobs as of this instant. */
  excludeGhostAt?: Date | null;
  /** Default: relevance with text, newest without. */
  sort?: JobSort | null;
  /** Zero-based page number, an integer ≥ 0. */
  page: number;
  /** Jobs per page, an integer ≥ 1. */
  pageSize: number;
}

/** One page of results: the jobs on the page, best first, the count of all matches and the facet counts. */
export interface JobSearchPage {
  keys: JobKey[];
  summaries: JobSummary[];
  count: number;
  facets: JobFacets;
}

/** An in-process search index over job summaries. */
export interface JobIndex {
  /** How many jobs the index holds. */
  readonly size: number;
  /** @throws RangeError when `page` or `pageSize` is not a valid integer. */
  search(query: JobSearchQuery): JobSearchPage;
  /** Completions for what a person is typing (see job-index.ts). */
  suggest(text: string, limit?: number): Suggestion[];
}

/** One completion: a title, company, skill or place as jobs spell it. */
export interface Suggestion {
  kind: 'title' | 'company' | 'skill' | 'place';
  text: string;
}

