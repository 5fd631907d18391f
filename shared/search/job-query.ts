import { z } from 'zod';
import { PayHistogramSchema } from '../pay/pay-histogram';
import { PublicListJobSchema } from '../jobs/job';
import type { FilterValue, SearchFilter } from './filters/search-filter';
import { ATTRIBUTE_FILTERS, SEARCH_FILTERS, type FacetCounts, type FilterName, type JobFilters } from './filters/search-filters';
import { isCountryCode } from '../format/job-labels';

/** An ISO 3166-1 alpha-2 country code in any case, answered in upper case ("de" → "DE"). */
export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Expected an ISO 3166-1 alpha-2 country code')
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, 'Unknown ISO 3166-1 alpha-2 country code');

/** The zod schema of a filter's value (shared/search/filters/search-filter.ts `FilterValue`). */
const schemaOfValue = (value: FilterValue): z.ZodType => {
  switch (value.kind) {
    case 'choices':
      return z.array(z.enum(value.values as [string, ...string[]])).max(value.max);
    case 'countries':
      return z.array(CountryCodeSchema).max(value.max);
    case 'texts':
      return z.array(z.string().trim().min(1).max(100)).max(value.max);
    case 'country':
      return CountryCodeSchema;
    case 'number':
      return z.number().int().min(value.min).max(value.max);
    case 'flag':
      return z.boolean();
    case 'instant':
      return z.iso.datetime({ message: 'Expected a UTC ISO-8601 date and time, e.g. 2026-03-10T07:00:00.000Z' }).transform((text) => new Date(text).toISOString());
  }
};

type FilterFields = { [N in FilterName]: z.ZodDefault<z.ZodNullable<z.ZodType<NonNullable<JobFilters[N]>>>> };

/** Each filter's body field, from its declaration: nullable, null by default, described. */
const FILTER_FIELDS = Object.fromEntries(
  (SEARCH_FILTERS as readonly SearchFilter[]).map((filter) => [filter.name, schemaOfValue(filter.value).nullable().default(null).meta({ description: filter.description })]),
) as unknown as FilterFields;

/**
 * `POST /jobs` request body. The original product's contract (`page`, `page_size`, `search`,
 * `departments`, `is_remote`) is kept as it was; every other field was added later and is
 * optional. Missing or null fields take their defaults (no filter). Filters combine with AND;
 * the values inside one list filter combine with OR.
 *
 * - `page` zero-based; `page_size` 1 to 240 (240 serves the raw dump at /jobs/api).
 * - `search: [text]`: the strings are joined by spaces (shared/search/search-terms.ts has the word rules).
 * - the filters, each declared in shared/search/filters/ (its field, values and meaning; the
 *   OpenAPI document carries each one's description): `companies`, `departments`, `is_remote`,
 *   `min_salary_usd` (whole USD a year), `seniority`, `max_years_experience` (jobs stating no
 *   requirement are kept), `employment_types`, `posted_within_days` (1 to 90), `first_seen_since`
 *   (UTC ISO-8601: jobs the crawler first saw at or after it), `remote_from`
 *   and `countries` (ISO 3166-1 alpha-2, any case), `exclude_companies`, `exclude_keywords`,
 *   `visa_sponsorship: true`, `exclude_ghost: true` (false is no filter).
 * - `sort`: `relevance` (default with search text), `newest` (default without), `salary`
 *   (highest yearly USD first; jobs without pay last).
 * - `include_description: true`: each job also carries its `description` (the raw dump at
 *   /jobs/api); list answers leave it out by default.
 *
 * A bad value, or a field it does not know, is answered 400 naming the field.
 */
export const JobQuerySchema = z
  .object({
    page: z.number().int().min(0).max(10_000).default(0),
    page_size: z.number().int().min(1).max(240).default(20),
    search: z.array(z.string().max(200)).max(20).nullable().default(null),
    ...FILTER_FIELDS,
    sort: z.enum(['relevance', 'newest', 'salary']).nullable().default(null),
    include_description: z.boolean().nullable().default(null),
  })
  .strict();
export type JobQuery = z.infer<typeof JobQuerySchema>;
/** What a client may send: every field optional. */
export type JobQueryInput = z.input<typeof JobQuerySchema>;
export type JobSort = NonNullable<JobQuery['sort']>;

/**
 * Counts per value of each facet for the current query, each facet ignoring its own filter
 * (so "Senior (84)" says how many would match with seniority = senior and every other filter
 * kept). Values with no job are left out. `country` lists the countries the jobs name (a place
 * or a remote job's eligible countries) and counts, for each, the jobs placed there or remote
 * and open to it (worldwide, or by a region that contains it), as `countries: [code]` would.
 */
const count = z.number().int().nonnegative();
export const JobFacetsSchema = z.object({
  ...Object.fromEntries(ATTRIBUTE_FILTERS.map((filter) => [filter.index.match.facet, z.partialRecord(z.enum(filter.value.values as readonly string[] as [string, ...string[]]), count)])),
  /** ISO 3166-1 alpha-2 code → count. */
  country: z.record(z.string().length(2), count),
}) as unknown as z.ZodType<FacetCounts>;
export type JobFacets = FacetCounts;

/** `POST /jobs` response: one page of jobs (with `description` only when asked), the count of all that matched, and the facet counts. */
export const JobPageSchema = z.object({
  jobs: z.array(PublicListJobSchema.extend({ description: z.string().nullable().optional() })),
  count,
  facets: JobFacetsSchema,
  /**
   * The matching jobs per band of yearly USD pay ($25k wide, the last from $400k up), with every
   * filter of the query but the pay floor, like a facet: "$100k+ (312)" is the sum of the bands
   * from $100k. Counted by posted pay, and by our estimate too with `include_estimated_pay`.
   */
  pay_histogram: PayHistogramSchema,
});
export type JobPage = z.infer<typeof JobPageSchema>;

/**
 * Joins the words of `POST /jobs`'s `search: [text] | null` into one search text:
 * the strings joined by spaces, trimmed; null when there is nothing but white space.
 */
export const joinSearchText = (search: readonly string[] | null | undefined): string | null => {
  const text = (search ?? []).join(' ').trim();
  return text === '' ? null : text;
};

/** The largest page: `page_size` 240 serves the raw dump at /jobs/api. */
export const MAX_PAGE_SIZE = 240;
