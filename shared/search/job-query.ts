import { z } from 'zod';
import { DepartmentSchema } from '../departments/department';
import { EmploymentTypeSchema, PublicListJobSchema, SenioritySchema, WorkplaceSchema } from '../jobs/job';
import { isCountryCode } from '../format/job-labels';

/** An ISO 3166-1 alpha-2 country code in any case, answered in upper case ("de" → "DE"). */
export const CountryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Expected an ISO 3166-1 alpha-2 country code')
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, 'Unknown ISO 3166-1 alpha-2 country code');

/**
 * `POST /jobs` request body. The original product's contract (`page`, `page_size`, `search`,
 * `departments`, `is_remote`) is kept as it was; every other field was added later and is
 * optional. Missing or null fields take their defaults (no filter). Filters combine with AND;
 * the values inside one list filter combine with OR.
 *
 * - `page` zero-based; `page_size` 1 to 240 (240 serves the raw dump at /jobs/api).
 * - `search: [text]`: the strings are joined by spaces (shared/search/search-terms.ts has the word rules).
 * - `departments: [name]`, `is_remote: [remote|hybrid|onsite]`.
 * - `min_salary_usd` (whole USD a year): jobs whose yearly USD maximum (or minimum when there
 *   is no maximum) is at least this; jobs without pay are left out when it is set.
 * - `seniority: [intern|junior|mid|senior|staff|manager|director|executive]`.
 * - `employment_types: [full_time|part_time|contract|temporary|intern]`.
 * - `posted_within_days` (1 to 90): `date_posted` within that many days of now.
 * - `countries: [ISO 3166-1 alpha-2]`: a place in one of them, or a remote job open to one of them
 *   (worldwide, naming it, or naming a region that contains it).
 * - `remote_from` (ISO 3166-1 alpha-2): remote jobs a person living there may take: worldwide,
 *   that country, or a region containing it.
 * - `companies: [name]`: only jobs of these companies (name or key, any case), e.g. a company page's list.
 * - `exclude_companies: [name]`: leaves out jobs of these companies (name or key, any case).
 * - `exclude_keywords: [text]`: leaves out jobs whose title or skills match the text (search word rules).
 * - `visa_sponsorship: true`: only jobs that say they sponsor work visas (false: no filter).
 * - `exclude_ghost: true`: leaves out jobs marked as likely ghost jobs (shared/jobs/ghost.ts).
 * - `sort`: `relevance` (default with search text), `newest` (default without), `salary`
 *   (highest yearly USD first; jobs without pay last).
 * - `include_description: true`: each job also carries its `description` (the raw dump at
 *   /jobs/api); list answers leave it out by default.
 *
 * Country codes may be sent in any case. A bad value is answered 400 naming the field.
 */
export const JobQuerySchema = z
  .object({
    page: z.number().int().min(0).max(10_000).default(0),
    page_size: z.number().int().min(1).max(240).default(20),
    search: z.array(z.string().max(200)).max(20).nullable().default(null),
    departments: z.array(DepartmentSchema).max(20).nullable().default(null),
    is_remote: z.array(WorkplaceSchema).max(3).nullable().default(null),
    min_salary_usd: z.number().int().min(0).max(10_000_000).nullable().default(null),
    seniority: z.array(SenioritySchema).max(8).nullable().default(null),
    employment_types: z.array(EmploymentTypeSchema).max(5).nullable().default(null),
    posted_within_days: z.number().int().min(1).max(90).nullable().default(null),
    countries: z.array(CountryCodeSchema).max(50).nullable().default(null),
    remote_from: CountryCodeSchema.nullable().default(null),
    companies: z.array(z.string().trim().min(1).max(100)).max(50).nullable().default(null),
    exclude_companies: z.array(z.string().trim().min(1).max(100)).max(50).nullable().default(null),
    exclude_keywords: z.array(z.string().trim().min(1).max(100)).max(50).nullable().default(null),
    visa_sponsorship: z.boolean().nullable().default(null),
    exclude_ghost: z.boolean().nullable().default(null),
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
  department: z.partialRecord(DepartmentSchema, count),
  workplace: z.partialRecord(WorkplaceSchema, count),
  seniority: z.partialRecord(SenioritySchema, count),
  employment_type: z.partialRecord(EmploymentTypeSchema, count),
  /** ISO 3166-1 alpha-2 code → count. */
  country: z.record(z.string().length(2), count),
});
export type JobFacets = z.infer<typeof JobFacetsSchema>;

/** `POST /jobs` response: one page of jobs (with `description` only when asked), the count of all that matched, and the facet counts. */
export const JobPageSchema = z.object({
  jobs: z.array(PublicListJobSchema.extend({ description: z.string().nullable().optional() })),
  count,
  facets: JobFacetsSchema,
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
