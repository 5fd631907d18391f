/**
 * The job board's state as it lives in the URL, so a link or a reload shows the same results.
 * The model and its URL form are shared with the server (shared/search/job-search-url.ts: every
 * parameter and how it is read); this module is the board's one entry to it: reading the URL,
 * the `POST /jobs` body (20 jobs a page unless a list says otherwise), and the URL after a search, a filter change or a page turn.
 */
import { feedQuery, fromJobQuery, JOB_FEEDS, readJobSearch as readSearch, toJobQuery as toQuery, writeJobSearch, type FixedFilters, type JobSearch } from '../../../../shared/search/job-search-url';
import type { AlternateLink } from '../../head/headTags';
import type { JobQueryInput } from '../../api/jobs';

export type { FixedFilters };

/** Jobs per page on the board. */
export const PAGE_SIZE = 20;

/** The board's state: search text, department, 1-based page and every filter. */
export type JobSearchState = JobSearch;

/** Reads the board's state from URL query parameters; a missing or malformed value is as if absent. */
export const readJobSearch = (params: URLSearchParams): JobSearchState => readSearch(params);

/** The `POST /jobs` body for `state` (see shared/search/job-search-url.ts), `fixed` filters winning, `pageSize` jobs a page. */
export const toJobQuery = (state: JobSearchState, fixed: FixedFilters = {}, pageSize = PAGE_SIZE): JobQueryInput => toQuery(state, pageSize, fixed);

/**
 * New query parameters with `change` applied and paging reset to page 1. Parameters the model
 * does not know (e.g. analytics tags) are kept.
 */
export function withFilters(params: URLSearchParams, change: Partial<Omit<JobSearchState, 'page'>>): URLSearchParams {
  const next = writeJobSearch({ ...readSearch(params), ...change, page: 1 });
  for (const [key, value] of params) if (!MODEL_KEYS.has(key)) next.append(key, value);
  return next;
}

/** The model's fields are its URL parameters' names. */
const MODEL_KEYS = new Set(Object.keys(readSearch(new URLSearchParams())));

/** New query parameters after a search for `text`: the search replaced (or removed when blank) and paging reset to page 1. */
export const withSearch = (params: URLSearchParams, text: string): URLSearchParams => withFilters(params, { search: text.trim() });

/** New query parameters showing 1-based `page` (page 1 leaves `page` out of the URL). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** Whether any filter beyond the search text and department is set (the filter bar's chips show). */
export const hasFilters = (state: JobSearchState): boolean => writeJobSearch({ ...state, search: '', department: null, page: 1 }).size > 0;

/** The RSS and JSON feeds of the list a page shows (its `fixed` filters in), as the page's alternate links titled after `title`. */
export const feedLinks = (state: JobSearchState, fixed: FixedFilters, title: string): AlternateLink[] =>
  JOB_FEEDS.map((feed) => ({ type: feed.type, title: `${title} (${feed.format})`, href: `${feed.path}${feedQuery(state, fixed)}` }));

/**
 * What a saved search keeps of the list a page shows: the `POST /jobs` fields set (search text,
 * every filter with the page's `fixed` ones in, sort), without paging, e.g.
 * `{ search: ['python'], is_remote: ['remote', 'hybrid'], seniority: ['senior'] }`.
 */
export function savedSearchBody(state: JobSearchState, fixed: FixedFilters = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(toQuery(state, PAGE_SIZE, fixed))) {
    if (field !== 'page' && field !== 'page_size' && value !== null && value !== undefined) body[field] = value;
  }
  return body;
}

/** The board's URL (path and query) showing what a saved `POST /jobs` body finds, e.g. '/?search=python&seniority=senior'. */
export function searchPagePath(body: Readonly<Record<string, unknown>>): string {
  const query = writeJobSearch(fromJobQuery(body)).toString();
  return query ? `/?${query}` : '/';
}

/** The search text and filters of a saved `POST /jobs` body as the board's state (page 1). */
export const stateOfSavedSearch = (body: Readonly<Record<string, unknown>>): JobSearchState => fromJobQuery(body);
