/**
 * The job search as it lives in a page URL (and a feed URL): one model, read and written here,
 * zod-free so the browser bundle can use it, and turned into the `POST /jobs` body
 * (shared/search/job-query.ts) by `toJobQuery`.
 *
 * - `search` (text), `page` (1-based; the API's `page` is zero-based), `sort` (relevance|newest|salary).
 * - every filter under its declared parameter (shared/search/filters/; the API's field name but
 *   for `department`, one department name, the API's `departments: [name]`), written in the
 *   declarations' order: a list is the parameter repeated (`?seniority=senior&seniority=staff`),
 *   a number a whole number in the declared range, a country an ISO 3166-1 alpha-2 code (any
 *   case), a flag `=true`.
 *
 * Reading is forgiving: an unknown list value, a malformed number or a code that names no
 * country (shared/format/job-labels.ts `isCountryCode`, the API's own rule) is dropped, as if
 * absent (a shared link never breaks the page); `department` is kept as written (the API answers
 * 400 for an unknown one, which the board shows as no results).
 */
import type { JobQueryInput } from './job-query';
import { isCountryCode } from '../format/job-labels';
import type { SearchFilter } from './filters/search-filter';
import { SEARCH_FILTERS, type FilterName, type FilterState, type JobFilters } from './filters/search-filters';

export const JOB_SORTS = ['relevance', 'newest', 'salary'] as const;
export type JobSortOrder = (typeof JOB_SORTS)[number];

export type JobSearch = FilterState & {
  /** Trimmed search text; '' when none. */
  search: string;
  /** 1-based, at least 1. */
  page: number;
  sort: JobSortOrder | null;
};

const FILTERS = SEARCH_FILTERS as readonly SearchFilter[];
const MAX_TEXT = 100;

const wholeNumber = (text: string | null, min: number, max: number): number | null => {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

/** A UTC ISO-8601 instant as `toISOString` writes it, or null when the text is not one. */
const utcInstant = (text: string | null): string | null => {
  const value = text?.trim() ?? '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** One list value as the filter holds it, or null when it cannot be one. */
const listValue = (filter: SearchFilter, text: string): string | null => {
  const value = text.trim();
  if (value.length === 0 || value.length > MAX_TEXT) return null;
  switch (filter.value.kind) {
    case 'choices':
      return filter.value.values.includes(value) ? value : null;
    case 'countries':
    case 'country':
      return isCountryCode(value.toUpperCase()) ? value.toUpperCase() : null;
    default:
      return value;
  }
};

/** A filter's model value from the URL (see the module comment). */
function readFilter(params: URLSearchParams, filter: SearchFilter): unknown {
  const { param } = filter.url;
  const { value: spec } = filter;
  if (filter.url.one) {
    const text = params.get(param)?.trim() || null;
    return text === null || filter.url.keepUnknown ? text : listValue(filter, text);
  }
  switch (spec.kind) {
    case 'number':
      return wholeNumber(params.get(param), spec.min, spec.max);
    case 'flag':
      return params.get(param) === 'true';
    case 'country':
      return listValue(filter, params.get(param) ?? '');
    case 'instant':
      return utcInstant(params.get(param));
    default: {
      const values = params.getAll(param).flatMap((text) => listValue(filter, text) ?? []);
      return [...new Set(values)].slice(0, spec.max);
    }
  }
}

/** A filter's URL parameters for its model value (none when unset). */
function writeFilter(params: URLSearchParams, filter: SearchFilter, value: unknown): void {
  if (value === null || value === undefined || value === false || value === '') return;
  if (Array.isArray(value)) for (const one of value) params.append(filter.url.param, String(one));
  else params.set(filter.url.param, String(value));
}

/** The search a URL's query parameters describe; see the module comment. */
export function readJobSearch(params: URLSearchParams): JobSearch {
  const sort = params.get('sort');
  const search: Record<string, unknown> = { search: (params.get('search') ?? '').trim() };
  for (const filter of FILTERS) search[filter.url.param] = readFilter(params, filter);
  search.page = wholeNumber(params.get('page'), 1, 10_000) ?? 1;
  search.sort = (JOB_SORTS as readonly string[]).includes(sort ?? '') ? (sort as JobSortOrder) : null;
  return search as JobSearch;
}

/** The query parameters for `search` (defaults left out, so the plain page has a plain URL). */
export function writeJobSearch(search: JobSearch): URLSearchParams {
  const params = new URLSearchParams();
  const state = search as unknown as Record<string, unknown>;
  if (search.search) params.set('search', search.search);
  for (const filter of FILTERS) writeFilter(params, filter, state[filter.url.param]);
  if (search.sort) params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** Filters a page adds on its own (/remote_jobs: `is_remote`, /engineering_jobs: a department, a company page: its company); they win over the URL's. */
export type FixedFilters = { [N in FilterName]?: JobFilters[N] };

/** A filter's `POST /jobs` value for its model value: a `one` value as a list, empty lists and false as null. */
const bodyValue = (filter: SearchFilter, value: unknown): unknown => {
  if (filter.url.one) return value ? [value] : null;
  if (value === false || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return Array.isArray(value) ? [...value] : (value ?? null);
};

/** A filter's model value for a `POST /jobs` value (a page's fixed filter). */
const stateValue = (filter: SearchFilter, value: unknown): unknown => {
  if (filter.url.one) return Array.isArray(value) ? (value[0] ?? null) : null;
  if (filter.value.kind === 'flag') return value === true;
  return Array.isArray(value) ? [...value] : (value ?? null);
};

/** The `POST /jobs` body for `search`: text as `[text]`, department as `[name]`, page zero-based, empty filters null. */
export function toJobQuery(search: JobSearch, pageSize: number, fixed: FixedFilters = {}): JobQueryInput {
  const state = search as unknown as Record<string, unknown>;
  const query: Record<string, unknown> = { page: search.page - 1, page_size: pageSize, search: search.search ? [search.search] : null };
  for (const filter of FILTERS) query[filter.name] = (fixed as Record<string, unknown>)[filter.name] ?? bodyValue(filter, state[filter.url.param]);
  query.sort = search.sort;
  return query as JobQueryInput;
}

/** `search` with a page's `fixed` filters in, as the page applies them. */
export function withFixedFilters(search: JobSearch, fixed: FixedFilters): JobSearch {
  const state: Record<string, unknown> = { ...search };
  for (const filter of FILTERS) {
    const value = (fixed as Record<string, unknown>)[filter.name];
    if (value !== undefined && value !== null) state[filter.url.param] = stateValue(filter, value);
  }
  return state as JobSearch;
}

/**
 * The page URL model of a `POST /jobs` body (e.g. a saved search's), the inverse of `toJobQuery`:
 * its search words as one text, each filter as the URL holds it, page 1. The URL names one
 * department, so a body naming several keeps the first. Values are taken as given (a body the
 * API accepted); a field that is not a filter is ignored.
 */
export function fromJobQuery(body: Readonly<Record<string, unknown>>): JobSearch {
  const words = Array.isArray(body.search) ? body.search.filter((word): word is string => typeof word === 'string') : [];
  const sort = typeof body.sort === 'string' && (JOB_SORTS as readonly string[]).includes(body.sort) ? (body.sort as JobSortOrder) : null;
  return withFixedFilters({ ...readJobSearch(new URLSearchParams()), search: words.join(' ').trim(), sort }, body as FixedFilters);
}

/** The feeds of a search (GET routes in lambdas/http/routes.ts; see shared/feeds/job-feed.ts). */
export const JOB_FEEDS = [
  { path: '/feeds/jobs.rss', type: 'application/rss+xml', format: 'RSS' },
  { path: '/feeds/jobs.json', type: 'application/feed+json', format: 'JSON Feed' },
] as const;

/**
 * The query string (with its '?', or '' for every job) of the feeds of a list page's search:
 * the page's own filters (`fixed`) in, as the page applies them, and the page number out, since
 * a feed always holds the newest matches. E.g. /remote_jobs?search=python →
 * '?search=python&is_remote=remote&is_remote=hybrid'.
 */
export function feedQuery(search: JobSearch, fixed: FixedFilters = {}): string {
  const query = writeJobSearch({ ...withFixedFilters(search, fixed), page: 1 }).toString();
  return query ? `?${query}` : '';
}
