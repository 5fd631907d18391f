/**
 * The job search as it lives in a page URL (and a feed URL): one model, read and written here,
 * zod-free so the browser bundle can use it, and turned into the `POST /jobs` body
 * (shared/search/job-query.ts) by `toJobQuery`. Parameter names are the API's field names;
 * a list is the parameter repeated (`?seniority=senior&seniority=staff`); flags are `=true`.
 *
 * - `search` (text), `department` (one department name, sent as given: the API answers 400 for an
 *   unknown one), `page` (1-based; the API's `page` is zero-based).
 * - `is_remote` (remote|hybrid|onsite, list), `min_salary_usd` (whole USD a year), `seniority`
 *   (list), `employment_types` (list), `posted_within_days` (1-90), `countries` (ISO 3166-1
 *   alpha-2, list), `remote_from` (ISO alpha-2), `companies` (list: only these companies' jobs),
 *   `exclude_companies` (list), `exclude_keywords` (list), `visa_sponsorship=true`,
 *   `exclude_ghost=true`, `sort` (relevance|newest|salary).
 *
 * Reading is forgiving: an unknown list value, a malformed number or a code that names no
 * country (shared/format/job-labels.ts `isCountryCode`, the API's own rule) is dropped, as if
 * absent (a shared link never breaks the page); `department` is the exception noted above.
 */
import type { EmploymentType, Seniority, Workplace } from '../jobs/job';
import type { JobQueryInput } from './job-query';
import { EMPLOYMENT_TYPE_LABELS, isCountryCode, SENIORITY_LABELS } from '../format/job-labels';
import { WORKPLACE_LABELS } from '../format/workplace';

export const JOB_SORTS = ['relevance', 'newest', 'salary'] as const;
export type JobSortOrder = (typeof JOB_SORTS)[number];

/** The list filters: URL parameter (= API field) → the values it may hold (null: any text). */
const LIST_VALUES = {
  is_remote: Object.keys(WORKPLACE_LABELS),
  seniority: Object.keys(SENIORITY_LABELS),
  employment_types: Object.keys(EMPLOYMENT_TYPE_LABELS),
  countries: null,
  companies: null,
  exclude_companies: null,
  exclude_keywords: null,
} as const;
export type ListFilter = keyof typeof LIST_VALUES;

export interface JobSearch {
  /** Trimmed search text; '' when none. */
  search: string;
  department: string | null;
  /** 1-based, at least 1. */
  page: number;
  is_remote: Workplace[];
  seniority: Seniority[];
  employment_types: EmploymentType[];
  /** Upper-case ISO 3166-1 alpha-2 codes. */
  countries: string[];
  /** Company names (or keys, any case): only their jobs. */
  companies: string[];
  exclude_companies: string[];
  exclude_keywords: string[];
  /** Whole USD a year, or null. */
  min_salary_usd: number | null;
  posted_within_days: number | null;
  /** Upper-case ISO 3166-1 alpha-2 code, or null. */
  remote_from: string | null;
  visa_sponsorship: boolean;
  exclude_ghost: boolean;
  sort: JobSortOrder | null;
}

const MAX_LIST = 50;
const MAX_TEXT = 100;

const wholeNumber = (text: string | null, min: number, max: number): number | null => {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

function readList(params: URLSearchParams, name: ListFilter): string[] {
  const allowed = LIST_VALUES[name] as readonly string[] | null;
  const values = params
    .getAll(name)
    .map((value) => value.trim())
    .filter((value) => value.length > 0 && value.length <= MAX_TEXT)
    .map((value) => (name === 'countries' ? value.toUpperCase() : value))
    .filter((value) => (name === 'countries' ? isCountryCode(value) : allowed === null || allowed.includes(value)));
  return [...new Set(values)].slice(0, MAX_LIST);
}

/** The search a URL's query parameters describe; see the module comment. */
export function readJobSearch(params: URLSearchParams): JobSearch {
  const remoteFrom = params.get('remote_from')?.trim().toUpperCase() ?? '';
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    department: params.get('department')?.trim() || null,
    page: wholeNumber(params.get('page'), 1, 10_000) ?? 1,
    is_remote: readList(params, 'is_remote') as Workplace[],
    seniority: readList(params, 'seniority') as Seniority[],
    employment_types: readList(params, 'employment_types') as EmploymentType[],
    countries: readList(params, 'countries'),
    companies: readList(params, 'companies'),
    exclude_companies: readList(params, 'exclude_companies'),
    exclude_keywords: readList(params, 'exclude_keywords'),
    min_salary_usd: wholeNumber(params.get('min_salary_usd'), 1, 10_000_000),
    posted_within_days: wholeNumber(params.get('posted_within_days'), 1, 90),
    remote_from: isCountryCode(remoteFrom) ? remoteFrom : null,
    visa_sponsorship: params.get('visa_sponsorship') === 'true',
    exclude_ghost: params.get('exclude_ghost') === 'true',
    sort: (JOB_SORTS as readonly string[]).includes(sort ?? '') ? (sort as JobSortOrder) : null,
  };
}

/** The query parameters for `search` (defaults left out, so the plain page has a plain URL). */
export function writeJobSearch(search: JobSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.search) params.set('search', search.search);
  if (search.department) params.set('department', search.department);
  for (const name of Object.keys(LIST_VALUES) as ListFilter[]) for (const value of search[name]) params.append(name, value);
  if (search.min_salary_usd !== null) params.set('min_salary_usd', String(search.min_salary_usd));
  if (search.posted_within_days !== null) params.set('posted_within_days', String(search.posted_within_days));
  if (search.remote_from) params.set('remote_from', search.remote_from);
  if (search.visa_sponsorship) params.set('visa_sponsorship', 'true');
  if (search.exclude_ghost) params.set('exclude_ghost', 'true');
  if (search.sort) params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** Filters a page adds on its own (/remote_jobs: `is_remote`, /engineering_jobs: a department, a company page: its company); they win over the URL's. */
export type FixedFilters = Pick<JobQueryInput, 'is_remote' | 'departments' | 'companies'>;

const listOrNull = <T>(values: readonly T[]): T[] | null => (values.length > 0 ? [...values] : null);

/** The `POST /jobs` body for `search`: text as `[text]`, department as `[name]`, page zero-based, empty filters null. */
export function toJobQuery(search: JobSearch, pageSize: number, fixed: FixedFilters = {}): JobQueryInput {
  return {
    page: search.page - 1,
    page_size: pageSize,
    search: search.search ? [search.search] : null,
    departments: fixed.departments ?? (search.department ? [search.department as NonNullable<FixedFilters['departments']>[number]] : null),
    is_remote: fixed.is_remote ?? listOrNull(search.is_remote),
    min_salary_usd: search.min_salary_usd,
    seniority: listOrNull(search.seniority),
    employment_types: listOrNull(search.employment_types),
    posted_within_days: search.posted_within_days,
    countries: listOrNull(search.countries),
    remote_from: search.remote_from,
    companies: fixed.companies ?? listOrNull(search.companies),
    exclude_companies: listOrNull(search.exclude_companies),
    exclude_keywords: listOrNull(search.exclude_keywords),
    visa_sponsorship: search.visa_sponsorship || null,
    exclude_ghost: search.exclude_ghost || null,
    sort: search.sort,
  };
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
  const query = writeJobSearch({
    ...search,
    page: 1,
    department: fixed.departments?.[0] ?? search.department,
    is_remote: fixed.is_remote ? [...fixed.is_remote] : search.is_remote,
    companies: fixed.companies ? [...fixed.companies] : search.companies,
  }).toString();
  return query ? `?${query}` : '';
}
