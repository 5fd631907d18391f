import { z } from 'zod';
import type { Compensation, Job, PayPeriod } from '../jobs/job';
import { isStatedWorkplace } from '../normalise/workplace';
import type { AshbyLocation } from './ashby-places';
import {
  buildJob,
  firstIssue,
  isHttpUrl,
  readPostings,
  toEmploymentType,
  type SkippedPosting,
  type SourceCompany,
  type SourceParseContext,
  type SourceParseResult,
} from './build-job';
import { SourceFormatError } from './source-error';
import { boardPath, segmentAfter, singleBody, stringField, type ProviderDefinition } from './provider';
import { nameFromPostings, nameMadeFromToken } from '../companies/company-names';

/**
 * The Ashby source adapter: an Ashby job-board response → domain `Job`s.
 *
 * Source format: Ashby's public Job Posting API,
 * `GET https://api.ashbyhq.com/posting-api/job-board/{boardToken}?includeCompensation=true`,
 * answering `{ jobs: AshbyPosting[], apiVersion }` (see the 43 real responses captured in
 * stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json). The schemas below are tolerant:
 * unknown fields pass through, and a malformed optional part (an address, a compensation
 * tier) is dropped rather than failing the posting.
 */

/** Thrown when the body is not an Ashby job board at all (no `jobs` array); shared by every source adapter. */
export { SourceFormatError };

const text = z.string().nullish().catch(null);

const PostalAddressSchema = z.looseObject({ addressLocality: text, addressRegion: text, addressCountry: text });
const AddressSchema = z.looseObject({ postalAddress: PostalAddressSchema.nullish().catch(null) }).nullish().catch(null);

/** One part of pay: Salary, Bonus, Commission, EquityPercentage, EquityCashValue. Values in whole currency units. */
export const AshbyCompensationComponentSchema = z.looseObject({
  compensationType: text,
  /** "1 YEAR" | "1 MONTH" | "1 WEEK" | "1 DAY" | "1 HOUR" | "NONE". */
  interval: text,
  currencyCode: text,
  minValue: z.number().nullish().catch(null),
  maxValue: z.number().nullish().catch(null),
});
type AshbyCompensationComponent = z.infer<typeof AshbyCompensationComponentSchema>;

const components = z.array(AshbyCompensationComponentSchema.nullable().catch(null)).nullish().catch(null);

export const AshbyCompensationSchema = z.looseObject({
  compensationTierSummary: text,
  scrapeableCompensationSalarySummary: text,
  /** Ashby's own summary across tiers (one component per type). */
  summaryComponents: components,
  compensationTiers: z.array(z.looseObject({ components }).nullable().catch(null)).nullish().catch(null),
});

/** One posting of an Ashby board. Only `id`, `title`, `publishedAt` are required to make a job. */
export const AshbyPostingSchema = z.looseObject({
  id: z.string().trim().min(1),
  title: z.string().trim().min(1),
  department: text,
  team: text,
  /** "FullTime" | "PartTime" | "Contract" | "Temporary" | "Intern". */
  employmentType: text,
  location: text,
  secondaryLocations: z.array(z.looseObject({ location: text, address: AddressSchema }).nullable().catch(null)).nullish().catch(null),
  /** ISO-8601 with offset, e.g. "2024-12-03T14:25:43.571+00:00". */
  publishedAt: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a date'),
  isListed: z.boolean().nullish().catch(null),
  isRemote: z.boolean().nullish().catch(null),
  /** "Remote" | "Hybrid" | "OnSite" when the employer set it (absent from older responses). */
  workplaceType: text,
  address: AddressSchema,
  jobUrl: text,
  descriptionHtml: text,
  descriptionPlain: text,
  compensation: AshbyCompensationSchema.nullish().catch(null),
});
export type AshbyPosting = z.infer<typeof AshbyPostingSchema>;

/** The board envelope: `jobs` must be an array; each posting is checked on its own. */
export const AshbyBoardSchema = z.looseObject({ jobs: z.array(z.unknown()), apiVersion: z.unknown().optional() });

export type AshbyCompanyContext = SourceCompany;

/** `boardToken`: jobs.ashbyhq.com/{boardToken}; `clock`: "now" for first_seen_at / last_seen_at. */
export type AshbyParseContext = SourceParseContext;

export type { SkippedPosting };

export type AshbyParseResult = SourceParseResult;

const PERIODS: Readonly<Record<string, PayPeriod>> = { '1 YEAR': 'year', '1 MONTH': 'month', '1 WEEK': 'week', '1 DAY': 'day', '1 HOUR': 'hour' };

const amount = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

interface Salary {
  currency: string;
  period: PayPeriod;
  min: number | null;
  max: number | null;
}

const salaryOf = (component: AshbyCompensationComponent | null): Salary | null => {
  if (!component || component.compensationType?.toLowerCase() !== 'salary') return null;
  const currency = component.currencyCode?.trim().toUpperCase() ?? '';
  const period = PERIODS[component.interval?.trim().toUpperCase() ?? ''];
  const min = amount(component.minValue);
  const max = amount(component.maxValue);
  if (!/^[A-Z]{3}$/.test(currency) || !period || (min === null && max === null)) return null;
  return { currency, period, min, max };
};

/**
 * Pay as posted: the Salary components of Ashby's `summaryComponents` (its own summary
 * across tiers), else of every tier. The first salary's currency and period win; min and
 * max are taken across the salaries in that currency and period. Bonus, commission and
 * equity are not salary. Null when no salary is posted.
 */
export const ashbyCompensation = (compensation: AshbyPosting['compensation']): Compensation | null => {
  if (!compensation) return null;
  const fromSummary = (compensation.summaryComponents ?? []).map(salaryOf).filter((s): s is Salary => s !== null);
  const fromTiers = (compensation.compensationTiers ?? []).flatMap((tier) => (tier?.components ?? []).map(salaryOf)).filter((s): s is Salary => s !== null);
  const salaries = fromSummary.length > 0 ? fromSummary : fromTiers;
  const first = salaries[0];
  if (!first) return null;
  const same = salaries.filter((s) => s.currency === first.currency && s.period === first.period);
  const mins = same.map((s) => s.min).filter((v): v is number => v !== null);
  const maxes = same.map((s) => s.max).filter((v): v is number => v !== null);
  let min = mins.length > 0 ? Math.min(...mins) : null;
  let max = maxes.length > 0 ? Math.max(...maxes) : null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const summary = compensation.compensationTierSummary?.trim() || compensation.scrapeableCompensationSalarySummary?.trim() || null;
  return { min, max, currency: first.currency, period: first.period, summary };
};

const toJob = (posting: AshbyPosting, ctx: AshbyParseContext, now: string): Job => {
  const locations: AshbyLocation[] = [
    { text: posting.location ?? null, postalAddress: posting.address?.postalAddress ?? null },
    ...(posting.secondaryLocations ?? []).flatMap((entry) => (entry ? [{ text: entry.location ?? null, postalAddress: entry.address?.postalAddress ?? null }] : [])),
  ];
  return buildJob(
    {
      ats: 'ashby',
      jobId: posting.id,
      title: posting.title,
      department: posting.department ?? null,
      team: posting.team ?? null,
      datePosted: new Date(posting.publishedAt).toISOString(),
      workplace: { workplaceType: posting.workplaceType, isRemote: posting.isRemote, locationTexts: locations.map((l) => l.text) },
      workplaceStated: isStatedWorkplace(posting.workplaceType),
      employmentType: toEmploymentType(posting.employmentType),
      places: locations,
      compensation: ashbyCompensation(posting.compensation),
      jobUrl: isHttpUrl(posting.jobUrl) ? posting.jobUrl : `https://jobs.ashbyhq.com/${encodeURIComponent(ctx.boardToken)}/${encodeURIComponent(posting.id)}`,
      descriptionHtml: posting.descriptionHtml ?? null,
      descriptionPlain: posting.descriptionPlain ?? '',
    },
    ctx,
    now,
  );
};

/**
 * Parses one Ashby job-board response into jobs of `ctx.company`.
 *
 * Total per posting: a posting that cannot make a valid `Job` (no id or title, a
 * `publishedAt` that is not a date, ...) or that is unlisted (`isListed: false`, reason
 * "unlisted") is returned in `skipped` with its reason, never thrown; every returned job
 * has passed `JobSchema`. `jobs.length + skipped.length` is the number of postings.
 *
 * Field rules: department via `toDepartment(department, team, title)`; workplace via
 * `resolveWorkplace` (workplaceType, isRemote, location texts); places via `ashbyPlaces`;
 * compensation as posted via `ashbyCompensation`, `min_salary`/`max_salary` in thousands of
 * USD per year only for USD yearly pay; `date_posted` = publishedAt in UTC ("...Z");
 * first/last_seen_at = `ctx.clock()`; description sanitised; skills from title and plain text;
 * `job_url` = jobUrl (or the board's documented posting URL when jobUrl is not an http(s) URL).
 *
 * @throws SourceFormatError when `body` is not a job board (not an object with a `jobs` array).
 */
export const parseAshbyBoard = (body: unknown, ctx: AshbyParseContext): AshbyParseResult => {
  const board = AshbyBoardSchema.safeParse(body);
  if (!board.success) throw new SourceFormatError(`Ashby board "${ctx.boardToken}": the body is not a job board (${firstIssue(board.error)})`);
  return readPostings(board.data.jobs, ctx, {
    schema: AshbyPostingSchema,
    idKey: 'id',
    toJob: (posting, now) => (posting.isListed === false ? { skip: 'unlisted' } : toJob(posting, ctx, now)),
  });
};

/** Ashby: boards at jobs.ashbyhq.com/{token}; the posting API on api.ashbyhq.com (see the module doc). */
export const ashbyProvider: ProviderDefinition = {
  id: 'ashby',
  domains: ['ashbyhq.com'],
  boardFromUrl: (host, segments) =>
    host === 'jobs.ashbyhq.com' ? (segments[0] ?? null) : host === 'api.ashbyhq.com' ? segmentAfter(segments, ['posting-api', 'job-board']) : null,
  endpoints: { ashby: 'https://api.ashbyhq.com' },
  localEndpoints: (base) => ({ ashby: `${base}/ashby` }),
  boardOfUrl: boardPath('ashby', '/posting-api/job-board/'),
  source: (e) =>
    singleBody('ashby', (token) => `${e.ashby}/posting-api/job-board/${encodeURIComponent(token)}?includeCompensation=true`, parseAshbyBoard, (body, ctx) => {
      // Ashby publishes no organisation name: the postings' own spelling of the board's name,
      // read only for a company whose name the crawl may replace (a scan of every description).
      if (!nameMadeFromToken(ctx.company.company_name, ctx.boardToken)) return null;
      const postings = body !== null && typeof body === 'object' && 'jobs' in body && Array.isArray(body.jobs) ? (body.jobs as unknown[]) : [];
      return nameFromPostings(ctx.boardToken, postings.map((posting) => stringField(posting, 'descriptionPlain') ?? ''));
    }),
};
