import { z } from 'zod';
import { DepartmentSchema } from '../departments/department';
import { ATS_PROVIDERS } from '../ats/provider-ids';
import { payRangeExpected } from '../pay/pay-transparency';

/**
 * Job schemas: the stored domain job (`JobSchema`, richer) and the public API job
 * (`PublicJobSchema`, the original product's field names, which its clients rely on).
 *
 * Units: times are UTC ISO-8601 strings; `compensation` keeps the figures exactly as
 * posted (whole units of `currency` per `period`); `min_salary`/`max_salary` are in
 * thousands of USD per year and are set only when the posting was in USD per year.
 */

/** Where the work happens: fully remote, a mix of office and home, or at the office. */
export const WorkplaceSchema = z.enum(['remote', 'hybrid', 'onsite']);
export type Workplace = z.infer<typeof WorkplaceSchema>;

/** The applicant tracking systems (shared/ats/provider-ids.ts) and schema.org career pages that jobs are read from. */
export const AtsSchema = z.enum([...ATS_PROVIDERS, 'careers_page']);
export type Ats = z.infer<typeof AtsSchema>;

export const EmploymentTypeSchema = z.enum(['full_time', 'part_time', 'contract', 'temporary', 'intern']);
export type EmploymentType = z.infer<typeof EmploymentTypeSchema>;

export const PayPeriodSchema = z.enum(['year', 'month', 'week', 'day', 'hour']);
export type PayPeriod = z.infer<typeof PayPeriodSchema>;

/** What a posted figure covers: base pay, or on-target earnings (base plus target commission or incentive). */
export const PayBasisSchema = z.enum(['base', 'on_target_earnings']);
export type PayBasis = z.infer<typeof PayBasisSchema>;

/**
 * Pay as the employer published it: whole units of `currency` (ISO 4217) per `period`.
 * `stated_in` is 'description' when it was read from the posting's text (shared/normalise/pay-text.ts)
 * because the source sent no structured pay; absent when it came from the source's pay fields.
 * `basis` says base or on-target earnings when the text tells (absent: not said).
 */
export const CompensationSchema = z.object({
  min: z.number().nonnegative().nullable(),
  max: z.number().nonnegative().nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  period: PayPeriodSchema,
  /** The employer's own wording, e.g. "$200K – $230K • Offers Equity". */
  summary: z.string().nullable(),
  stated_in: z.literal('description').optional(),
  basis: PayBasisSchema.optional(),
});
export type Compensation = z.infer<typeof CompensationSchema>;

/** One place a job can be done from. `country` is ISO 3166-1 alpha-2 when known. */
export const PlaceSchema = z.object({
  city: z.string().nullable(),
  /** A US state or Canadian province code ("CA"), another country's region as written, or a named region of shared/normalise/regions.ts ("EMEA"; "Worldwide" for a job open to anyone anywhere). */
  region: z.string().nullable(),
  country: z.string().length(2).nullable(),
  /** The place as a person reads it, e.g. "San Francisco, CA, US" or "Remote (US)". */
  label: z.string().min(1),
});
export type Place = z.infer<typeof PlaceSchema>;

/** Where a job was read from: the ATS, the employer's board token and the ATS's own requisition id. */
export const JobSourceSchema = z.object({
  ats: AtsSchema,
  board_token: z.string().min(1),
  job_id: z.string().min(1),
});
export type JobSource = z.infer<typeof JobSourceSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * Career level on one ladder, lowest first. `junior` covers entry level and new graduates;
 * `staff` covers staff and principal individual contributors; `manager` people managers
 * (not product or program managers); `director` directors and heads of; `executive` VPs and C-level.
 */
export const SenioritySchema = z.enum(['intern', 'junior', 'mid', 'senior', 'staff', 'manager', 'director', 'executive']);
export type Seniority = z.infer<typeof SenioritySchema>;

/**
 * Who may take a remote (or hybrid) job, as the posting says: `worldwide` (anyone, anywhere);
 * `restricted` (people living in one of `countries` (ISO 3166-1 alpha-2) or one of `regions`
 * (codes of `shared/normalise/regions.ts`, e.g. "EMEA", "EU")); `unknown` (remote, but the
 * posting does not say from where). `countries` and `regions` are empty unless `restricted`.
 */
export const RemoteEligibilitySchema = z.object({
  scope: z.enum(['worldwide', 'restricted', 'unknown']),
  countries: z.array(z.string().length(2)),
  regions: z.array(z.string().min(2)),
});
export type RemoteEligibility = z.infer<typeof RemoteEligibilitySchema>;

/** Pay as whole US dollars a year (converted with dated ECB reference rates), for filtering and sorting. */
export const SalaryUsdYearSchema = z.object({
  min: z.number().nonnegative().nullable(),
  max: z.number().nonnegative().nullable(),
});
export type SalaryUsdYear = z.infer<typeof SalaryUsdYearSchema>;

/**
 * A labelled pay estimate for a job that posts no pay, from the catalog's own posted ranges
 * (shared/pay/pay-estimate.ts): whole USD a year; `basis_count` postings with posted pay shared
 * `scope` with the job: `similar` what they share (title family and level, title family,
 * department and level, department) and `place` where (a metro "San Francisco, US", an ISO
 * country "US", or null for anywhere). Never the employer's figure.
 */
export const PayEstimateScopeSchema = z.object({
  similar: z.enum(['title_and_level', 'title', 'department_and_level', 'department']),
  place: z.string().nullable(),
});
export type PayEstimateScope = z.infer<typeof PayEstimateScopeSchema>;
export const PayEstimateSchema = z.object({
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
  currency: z.literal('USD'),
  period: z.literal('year'),
  basis_count: z.number().int().positive(),
  scope: PayEstimateScopeSchema,
});
export type PayEstimate = z.infer<typeof PayEstimateSchema>;

/**
 * The pay-transparency law a job falls under that expects a posted range, when it posts none
 * (shared/pay/pay-transparency.ts): `jurisdiction` as people name it ("Colorado", "New York
 * City"), `since` the day the rule took effect (YYYY-MM-DD), `citation` the law. Expected by the
 * law, not a finding of breach: the employer's size is often unknown.
 */
export const PayRangeExpectedSchema = z.object({
  jurisdiction: z.string(),
  since: z.string(),
  citation: z.string(),
});
export type PayRangeExpected = z.infer<typeof PayRangeExpectedSchema>;

/** Years of experience the posting asks for ("5+ years": min 5, max null). */
export const YearsExperienceSchema = z.object({
  min: z.number().nonnegative().nullable(),
  max: z.number().nonnegative().nullable(),
});
export type YearsExperience = z.infer<typeof YearsExperienceSchema>;

/** Whether the employer sponsors work visas, as the posting says. */
export const VisaSponsorshipSchema = z.enum(['offered', 'not_offered', 'unknown']);
export type VisaSponsorship = z.infer<typeof VisaSponsorshipSchema>;

/**
 * The closed job a posting repeats: same company, title and places, closed at most 90 days
 * before this one first appeared, under another requisition id (shared/crawl/compare-board.ts).
 * `slug_url` is the closed job's address on the site; `closed_at` UTC ISO-8601.
 */
export const RepostSchema = z.object({ slug_url: z.string(), closed_at: isoDateTime });
export type Repost = z.infer<typeof RepostSchema>;

const optionalText = z.string().nullable().optional();

/** A location as the source published it: its text and/or its structured address (schema.org PostalAddress names). */
export const SourceLocationSchema = z.object({
  text: z.string().nullable(),
  postalAddress: z.object({ addressLocality: optionalText, addressRegion: optionalText, addressCountry: optionalText }).nullable(),
});
export type SourceLocation = z.infer<typeof SourceLocationSchema>;

/**
 * What the source published that places, workplace type, remote eligibility and department are
 * read from (shared/sources/posting-raw.ts), kept so `npm run rederive` can read them again when
 * the rules improve without fetching the board. Stored, never public (not in `PublicJob`, nor in
 * the search summary). `locations` are read into places, with the one country that
 * `country_texts` name between them (a Greenhouse posting's offices) filling those without an
 * address; `fallback_locations` only when those give none; `workplace` is the source's workplace type, remote flag and location texts, and
 * whether the type is stated (then title and description do not overrule it); `department` and
 * `team` as published; `date_posted` the source's own date (UTC ISO-8601), null when the source
 * gives none (Rippling, pages' job lists): the job's `date_posted` is then when we first saw it.
 */
export const JobRawSchema = z.object({
  date_posted: isoDateTime.nullable(),
  department: z.string().nullable(),
  team: z.string().nullable(),
  locations: z.array(SourceLocationSchema),
  country_texts: z.array(z.string()).default([]),
  fallback_locations: z.array(SourceLocationSchema),
  workplace: z.object({ type: z.string().nullable(), is_remote: z.boolean().nullable(), texts: z.array(z.string()), stated: z.boolean() }),
});
export type JobRaw = z.infer<typeof JobRawSchema>;

/** A job as the domain stores it. `company_key` + `slug` identify it on the site. */
export const JobSchema = z.object({
  company_key: z.string().min(1),
  /** URL path segment that starts with "/", unique within the company, e.g. "/ml-engineer-443368a3". */
  slug_url: z.string().regex(/^\/[a-z0-9-]+$/),
  source: JobSourceSchema,
  job_title: z.string().min(1),
  company_name: z.string().min(1),
  company_logo: z.string().url().nullable(),
  company_url: z.string().url().nullable(),
  department: DepartmentSchema,
  /** The department (or team) name exactly as the source published it, or null. */
  source_department: z.string().nullable(),
  /** When the employer published the posting (UTC ISO-8601). */
  date_posted: isoDateTime,
  /** When our crawler first listed it (UTC ISO-8601); set once. */
  first_seen_at: isoDateTime,
  /** When a successful crawl last listed it (UTC ISO-8601). */
  last_seen_at: isoDateTime,
  /** When a complete listing of its board stopped containing it (UTC ISO-8601), or null while open. */
  closed_at: isoDateTime.nullable(),
  workplace_type: WorkplaceSchema,
  employment_type: EmploymentTypeSchema.nullable(),
  locations: z.array(PlaceSchema),
  skills: z.array(z.string()),
  compensation: CompensationSchema.nullable(),
  /** Thousands of USD per year, only when posted in USD per year. */
  min_salary: z.number().nonnegative().nullable(),
  max_salary: z.number().nonnegative().nullable(),
  /** The employer's page for the posting (where a person applies). */
  job_url: z.string().url(),
  /** Sanitised HTML (allowlist), or null when the source gave none. */
  description: z.string().nullable(),
  /*
   * Derived fields (re-derivable from the stored posting). Defaults let jobs stored before
   * they existed still parse; `npm run rederive` fills them in.
   */
  seniority: SenioritySchema.nullable().default(null),
  /** Set on remote and hybrid jobs; null on on-site jobs. */
  remote_eligibility: RemoteEligibilitySchema.nullable().default(null),
  /** `compensation` in whole USD a year, or null when the job has no pay or no rate for its currency. */
  salary_usd_year: SalaryUsdYearSchema.nullable().default(null),
  years_experience: YearsExperienceSchema.nullable().default(null),
  visa_sponsorship: VisaSponsorshipSchema.default('unknown'),
  /**
   * The description's words worth searching for, space-separated, at most 40 (distinct, no stop
   * words, none the title or skills hold: shared/search/search-terms.ts `descriptionWords`); ''
   * without a description. Search reads them at a lower weight than title and skills. Never public.
   */
  description_terms: z.string().default(''),
  /** Set by the crawl when the posting repeats a recently closed job (a ghost-job signal, shared/jobs/ghost.ts). */
  reposted_from: RepostSchema.nullable().default(null),
  /** What the source published (see `JobRawSchema`); null on jobs stored before it was kept. Never public. */
  raw: JobRawSchema.nullable().default(null),
});
export type Job = z.infer<typeof JobSchema>;

/**
 * A job as the public API returns it: the original product's contract.
 * `is_remote` holds the workplace type; `work_location` the place labels; `locations` the
 * same places structured (city, region, ISO country), for the job page's JobPosting JSON-LD.
 */
export const PublicJobSchema = z.object({
  job_title: z.string(),
  company_name: z.string(),
  company_logo: z.string().nullable(),
  company_url: z.string().nullable(),
  department: DepartmentSchema,
  date_posted: z.string(),
  is_remote: WorkplaceSchema,
  skills: z.array(z.string()),
  work_location: z.array(z.string()),
  locations: z.array(PlaceSchema),
  min_salary: z.number().nullable(),
  max_salary: z.number().nullable(),
  slug_url: z.string(),
  job_url: z.string(),
  description: z.string().nullable(),
  employment_type: EmploymentTypeSchema.nullable(),
  compensation: CompensationSchema.nullable(),
  salary_usd_year: SalaryUsdYearSchema.nullable(),
  seniority: SenioritySchema.nullable(),
  remote_eligibility: RemoteEligibilitySchema.nullable(),
  visa_sponsorship: VisaSponsorshipSchema,
  years_experience: YearsExperienceSchema.nullable(),
  /** When our crawler first listed it, and when a crawl last saw it open (UTC ISO-8601). */
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** When it left its employer's board (UTC ISO-8601), or null while open. */
  closed_at: z.string().nullable(),
  /** Where it was read from: the ATS and the employer's board token. */
  source: z.object({ ats: AtsSchema, board_token: z.string() }),
  reposted_from: RepostSchema.nullable(),
  /** Our estimate where no pay is posted (see `PayEstimateSchema`); null where pay is posted or too few similar postings have it. */
  pay_estimate: PayEstimateSchema.nullable(),
  /** The law that expects a posted range, when the job posts none (see `PayRangeExpectedSchema`). */
  pay_range_expected: PayRangeExpectedSchema.nullable(),
});
export type PublicJob = z.infer<typeof PublicJobSchema>;

/** A job in a list answer (`POST /jobs`, feeds): the public job without its description, which the job page loads. */
export const PublicListJobSchema = PublicJobSchema.omit({ description: true });
export type PublicListJob = z.infer<typeof PublicListJobSchema>;

/**
 * The list view of a stored job (or of its summary, which has every field this needs, and the
 * pay estimate the search index gave it).
 */
export const toPublicListJob = (job: Omit<Job, 'description' | 'source_department' | 'raw'> & { pay_estimate?: PayEstimate | null }): PublicListJob => ({
  job_title: job.job_title,
  company_name: job.company_name,
  company_logo: job.company_logo,
  company_url: job.company_url,
  department: job.department,
  date_posted: job.date_posted,
  is_remote: job.workplace_type,
  skills: job.skills,
  work_location: job.locations.map((place) => place.label),
  locations: job.locations,
  min_salary: job.min_salary,
  max_salary: job.max_salary,
  slug_url: job.slug_url,
  job_url: job.job_url,
  employment_type: job.employment_type,
  compensation: job.compensation,
  salary_usd_year: job.salary_usd_year,
  seniority: job.seniority,
  remote_eligibility: job.remote_eligibility,
  visa_sponsorship: job.visa_sponsorship,
  years_experience: job.years_experience,
  first_seen_at: job.first_seen_at,
  last_seen_at: job.last_seen_at,
  closed_at: job.closed_at,
  source: { ats: job.source.ats, board_token: job.source.board_token },
  reposted_from: job.reposted_from,
  pay_estimate: job.pay_estimate ?? null,
  pay_range_expected: payRangeExpected(job),
});

/** The public view of a stored job (with the estimate the search index gives it, when known). */
export const toPublicJob = (job: Job, payEstimate: PayEstimate | null = null): PublicJob => ({ ...toPublicListJob({ ...job, pay_estimate: payEstimate }), description: job.description });
