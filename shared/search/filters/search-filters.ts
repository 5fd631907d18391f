/**
 * Every filter of the job search, in the filter bar's chip order (also the order of their URL
 * parameters). Each is declared once in its own module (./search-filter.ts says what a declaration
 * holds); the `POST /jobs` body (job-query.ts), the page URL and feeds (job-search-url.ts), the index
 * query and its filtering (job-search.ts, job-table.ts), the OpenAPI document, the filter chips and
 * the answer cache's rule derive from this list. Zod-free: the browser bundle holds it.
 *
 * Adding a filter: declare it in a module here, list it below, test it, and give it a control in
 * the filter bar (frontend/src/ui/job-search/FilterBar.tsx).
 */
import { companiesFilter, excludeCompaniesFilter } from './companies';
import { excludeGhostFilter } from './exclude-ghost';
import { excludeKeywordsFilter } from './exclude-keywords';
import { firstSeenSinceFilter } from './first-seen-since';
import { departmentsFilter, employmentTypesFilter, seniorityFilter, workplaceFilter } from './job-attributes';
import { maxYearsExperienceFilter } from './max-years-experience';
import { minSalaryFilter } from './min-salary';
import { excludeMissingPayRangeFilter, includeEstimatedPayFilter } from './pay-options';
import { countriesFilter, remoteFromFilter } from './places';
import { postedWithinFilter } from './posted-within';
import type { FilterValue, IndexMatch, ItemOf, SearchFilter, UrlForm, ValueOf } from './search-filter';
import { visaSponsorshipFilter } from './visa-sponsorship';

export const SEARCH_FILTERS = [
  companiesFilter,
  departmentsFilter,
  workplaceFilter,
  minSalaryFilter,
  includeEstimatedPayFilter,
  excludeMissingPayRangeFilter,
  seniorityFilter,
  maxYearsExperienceFilter,
  employmentTypesFilter,
  postedWithinFilter,
  firstSeenSinceFilter,
  remoteFromFilter,
  countriesFilter,
  excludeCompaniesFilter,
  excludeKeywordsFilter,
  visaSponsorshipFilter,
  excludeGhostFilter,
] as const;

type AnyFilter = (typeof SEARCH_FILTERS)[number];

/** A filter's `POST /jobs` field name. */
export type FilterName = AnyFilter['name'];

/** The filters of a validated `POST /jobs` body: each its value or null (no filter). */
export type JobFilters = { [F in AnyFilter as F['name']]: ValueOf<F['value']> | null };

/** What the page URL model holds of a filter: a list ([] when none), one value or null, or a flag. */
type StateOf<F extends SearchFilter> = F['url'] extends { one: true }
  ? (F['url'] extends { keepUnknown: true } ? string : ItemOf<F['value']>) | null
  : F['value'] extends { kind: 'flag' }
    ? boolean
    : ValueOf<F['value']> extends readonly unknown[]
      ? ValueOf<F['value']>
      : ValueOf<F['value']> | null;

/** The filters of the page URL model (shared/search/job-search-url.ts), by URL parameter. */
export type FilterState = { [F in AnyFilter as F['url']['param']]: StateOf<F> };

type IndexValueOf<F> = F extends SearchFilter<string, UrlForm, FilterValue, string, infer IndexValue, IndexMatch> ? IndexValue : never;

/** The filters of the index query (shared/search/job-search.ts `JobSearchQuery`): null or absent is no filter. */
export type IndexFilters = { [F in AnyFilter as F['index']['key']]?: IndexValueOf<F> | null };

type AttributeFilter = Extract<AnyFilter, { index: { match: { by: 'attribute' } } }>;

/**
 * The facet counts of an answer, one per faceted filter: an attribute's values (those with no job
 * left out), and `country` (ISO 3166-1 alpha-2 code → count).
 */
export type FacetCounts = { [F in AttributeFilter as F['index']['match']['facet']]: Partial<Record<Extract<ItemOf<F['value']>, string>, number>> } & { country: Record<string, number> };

/** The faceted attribute filters, in the list's order. */
export const ATTRIBUTE_FILTERS = SEARCH_FILTERS.filter((filter: SearchFilter) => filter.index.match.by === 'attribute') as readonly AttributeFilter[];

/** The filters whose answer reads more than the index (the clock, storage): `POST /jobs` answers setting one are not cached. */
export const FILTERS_READING_MORE: readonly FilterName[] = SEARCH_FILTERS.filter((filter: SearchFilter) => filter.reads !== undefined).map((filter) => filter.name);

/** Whether a body's (or state's) filter value sets the filter: null, undefined, false and [] do not. */
export const isSet = (value: unknown): boolean => value !== null && value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0);

/**
 * The index query's filters for a validated `POST /jobs` body's filters at `now` (each
 * declaration's `index.from`; unset filters left out).
 */
export const toIndexFilters = (filters: Partial<JobFilters>, now: Date): IndexFilters => {
  const query: Record<string, unknown> = {};
  for (const filter of SEARCH_FILTERS as readonly SearchFilter[]) {
    const value = (filters as Record<string, unknown>)[filter.name];
    if (!isSet(value)) continue;
    const from = filter.index.from as ((value: unknown, now: Date) => unknown) | undefined;
    query[filter.index.key] = from === undefined ? value : from(value, now);
  }
  return query as IndexFilters;
};
