import type { z } from 'zod';
import type { Clock } from '../time/clock';
import { JobSchema, type Ats, type Compensation, type EmploymentType, type Job, type PayPeriod } from '../jobs/job';
import { sanitizeDescription } from '../html/sanitize';
import { jobSlug } from '../normalise/slug';
import { NOT_A_JOB, notAJobReason } from './non-jobs';
import type { EcbRates } from '../normalise/fx';
import { derivedFields } from './derived-fields';
import { plainText } from '../html/plain-text';
import { withOwnSkills } from '../normalise/board-boilerplate';
import { payFromDescription } from '../normalise/pay-text';
import { placesOfRaw, rawOf, workplaceOfRaw, type PostingRawParts } from './posting-raw';

/**
 * What every source adapter shares: the parse contract (context in, `{ jobs, skipped }` out),
 * the per-posting loop that makes an adapter total (a bad posting is skipped with a reason,
 * never thrown), and `buildJob`, which turns a posting's normalised parts into a `Job`
 * the same way for every ATS (slug, department, skills, sanitised description, USD figures).
 */

/** The company a board belongs to, as the registry holds it. */
export interface SourceCompany {
  company_key: string;
  company_name: string;
  company_url: string | null;
  company_logo: string | null;
}

export interface SourceParseContext {
  company: SourceCompany;
  /** The board token the body was fetched for (the provider's name for the employer's board). */
  boardToken: string;
  /** "Now" for first_seen_at / last_seen_at. */
  clock: Clock;
  /** ECB reference rates for `salary_usd_year` (the crawler's latest stored rates); default: the committed snapshot. */
  rates?: EcbRates;
}

/** A posting that did not become a job: its source id when it had a readable one, and why. */
export interface SkippedPosting {
  jobId: string | null;
  reason: string;
}

/** `jobs.length + skipped.length` is always the number of postings in the body. */
export interface SourceParseResult {
  jobs: Job[];
  skipped: SkippedPosting[];
}

/** The first zod issue as "path: message", for skip reasons and SourceFormatError messages. */
export const firstIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'posting'}: ${issue.message}` : 'invalid';
};

export const isHttpUrl = (value: string | null | undefined): value is string => {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * A source's date as UTC ISO-8601 ("2016-01-14T15:55:28.000Z"), or null when it is not a date.
 * Strings in any form `Date.parse` reads ("2016-01-14T10:55:28-05:00", "2024-05-01" as UTC
 * midnight, "2021-05-10 09:32:26 UTC"); numbers as epoch milliseconds. Years outside
 * 1970–9999 are refused (a seconds value read as milliseconds lands in 1970).
 */
export const toUtcIso = (value: unknown): string | null => {
  const time = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(time) || time < Date.UTC(1971, 0, 1) || time > Date.UTC(9999, 11, 31)) return null;
  return new Date(time).toISOString();
};

/**
 * An employment type as ATSs write it → ours. Compared without case, spaces or punctuation:
 * "FullTime", "Full-time", "full_time", "fulltime_permanent" → full_time; "Part-time" →
 * part_time; "Contract", "Contractor", "Freelance" → contract; "Temporary", "Temp", "Seasonal" →
 * temporary; "Intern", "Internship" → intern. Anything else (e.g. "Other", "Permanent") → null.
 */
export const toEmploymentType = (value: string | null | undefined): EmploymentType | null => {
  if (typeof value !== 'string') return null;
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  if (key.startsWith('full')) return 'full_time';
  if (key.startsWith('part')) return 'part_time';
  if (/^(?:contract|contractor|freelance|freelancer)$/.test(key)) return 'contract';
  if (/^(?:temporary|temp|seasonal)$/.test(key)) return 'temporary';
  if (/^(?:intern|internship)$/.test(key)) return 'intern';
  return null;
};

/**
 * A pay period word → ours: "per-year-salary", "year", "annual", "yearly" → year; "per-month-salary",
 * "monthly" → month; "per-week-salary" → week; "per-day-wage", "daily" → day; "per-hour-wage",
 * "hourly" → hour. Null when none is said ("one-time", "", null).
 */
export const toPayPeriod = (value: string | null | undefined): PayPeriod | null => {
  if (typeof value !== 'string') return null;
  const text = value.toLowerCase();
  if (/hour|\bhr\b/.test(text)) return 'hour';
  if (/\bday\b|daily|-day-/.test(text)) return 'day';
  if (/week/.test(text)) return 'week';
  if (/month/.test(text)) return 'month';
  if (/year|annual|\byr\b/.test(text)) return 'year';
  return null;
};

const amount = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
};

/**
 * Pay as posted, checked: `currency` must be an ISO 4217 code (any case), `period` known, and
 * at least one of `min`/`max` a non-negative number (numeric strings are read); a reversed
 * range is put in order. Null otherwise. Amounts in whole currency units.
 */
export const compensationOf = (pay: { min: unknown; max: unknown; currency: unknown; period: PayPeriod | null; summary?: string | null }): Compensation | null => {
  const currency = typeof pay.currency === 'string' ? pay.currency.trim().toUpperCase() : '';
  let min = amount(pay.min);
  let max = amount(pay.max);
  if (!/^[A-Z]{3}$/.test(currency) || pay.period === null || (min === null && max === null)) return null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { min, max, currency, period: pay.period, summary: pay.summary?.trim() || null };
};

/**
 * Block `<div>`s as paragraphs: Lever, Workable and Greenhouse editors wrap paragraphs in divs,
 * which the sanitiser unwraps, running the paragraphs together.
 */
const divsAsParagraphs = (html: string): string => html.replace(/<div(?:\s[^>]*)?>|<\/div\s*>/gi, (tag) => (tag[1] === '/' ? '</p>' : '<p>'));

/** A source's description HTML (entities decoded) as stored: block divs read as paragraphs, then sanitised (allowlist); null when nothing is left. */
export const cleanDescription = (html: string): string | null => sanitizeDescription(divsAsParagraphs(html));

/** A posting's parts, already read from the provider's fields (places, workplace, department and date as in posting-raw.ts). */
export interface JobParts extends PostingRawParts {
  ats: Ats;
  /** The ATS's own posting id, as a string. */
  jobId: string;
  title: string;
  employmentType: EmploymentType | null;
  compensation: Compensation | null;
  /** The employer's page for the posting (http or https). */
  jobUrl: string;
  /** Unsanitised description HTML (entities already decoded), or null. */
  descriptionHtml: string | null;
  /** Plain text for skills; when omitted, the text of the sanitised description. */
  descriptionPlain?: string | null;
}

/**
 * A `Job` of `ctx.company` from normalised parts: title with whitespace folded, slug via
 * `jobSlug(title, jobId)`, department via `toDepartment(department, team, title)`, source
 * department = department else team, description sanitised (allowlist; block divs read as
 * paragraphs), skills from title and
 * plain text, compensation as the source structured it, else as the description states it
 * (`payFromDescription`), `min_salary`/`max_salary` in thousands of USD per year only for USD yearly pay,
 * places and workplace from the raw parts (posting-raw.ts), kept as the job's `raw` record,
 * `date_posted` the source's date, else `now` (when we first saw the posting: the source gives
 * none), first/last_seen_at = `now`, open (closed_at null). Not yet checked against `JobSchema`:
 * `readPostings` does that.
 */
export const buildJob = (parts: JobParts, ctx: SourceParseContext, now: string): Job => {
  const title = parts.title.replace(/\s+/g, ' ').trim();
  const description = parts.descriptionHtml ? cleanDescription(parts.descriptionHtml) : null;
  const plain = parts.descriptionPlain === undefined ? (description ? plainText(description) : '') : (parts.descriptionPlain ?? '');
  const raw = rawOf(parts);
  const workplace = workplaceOfRaw(raw, title, plain);
  const sourcePlaces = placesOfRaw(raw);
  // Structured pay wins; without it, the pay the description states (pay-text.ts), for the places the source gave.
  const compensation = parts.compensation ?? payFromDescription(description, { title, locations: sourcePlaces });
  // The places as the source gave them, filled from the remote eligibility they and the posting's words name (derived-fields.ts).
  const { locations, ...derived } = derivedFields(
    { title, department: parts.department, team: parts.team, employmentType: parts.employmentType, workplace, locations: sourcePlaces, compensation, plain },
    ctx.rates,
  );
  return {
    company_key: ctx.company.company_key,
    slug_url: jobSlug(title, parts.jobId),
    source: { ats: parts.ats, board_token: ctx.boardToken, job_id: parts.jobId },
    job_title: title,
    company_name: ctx.company.company_name,
    company_logo: ctx.company.company_logo,
    company_url: ctx.company.company_url,
    source_department: parts.department?.trim() || parts.team?.trim() || null,
    date_posted: parts.datePosted ?? now,
    first_seen_at: now,
    last_seen_at: now,
    closed_at: null,
    workplace_type: workplace,
    employment_type: parts.employmentType,
    locations,
    compensation,
    job_url: parts.jobUrl,
    description,
    ...derived,
    // Chosen per board, once its boilerplate is known: `readPostings` hands every board's jobs to `withOwnSkills`.
    description_terms: '',
    reposted_from: null,
    raw,
  };
};

/** The id a raw posting carries under `key` (a non-blank string, or a finite number as text), else null. */
export const rawPostingId = (raw: unknown, key: string): string | null => {
  if (!raw || typeof raw !== 'object') return null;
  const value: unknown = (raw as Record<string, unknown>)[key];
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

/** What an adapter does with one schema-valid posting: a job, or the reason to skip it. */
export type PostingToJob<P> = (posting: P, now: string) => Job | { skip: string };

/**
 * Reads every raw posting of a board: validated with `schema`, turned into a job by `toJob`,
 * checked against `JobSchema`. Total: a posting that fails any step, or throws, lands in
 * `skipped` with its id (read from `idKey`) and a reason ("invalid posting: ...",
 * "invalid job: ...", "unreadable posting: ...", or `toJob`'s own); one that is not a job
 * (non-jobs.ts: a general application, a talent pool) with "not a job: ...". Never throws.
 */
export const readPostings = <P>(
  raws: readonly unknown[],
  ctx: SourceParseContext,
  reader: { schema: z.ZodType<P>; idKey: string; toJob: PostingToJob<P> },
): SourceParseResult => {
  const now = ctx.clock().toISOString();
  const jobs: Job[] = [];
  const skipped: SkippedPosting[] = [];
  for (const raw of raws) {
    const jobId = rawPostingId(raw, reader.idKey);
    try {
      const posting = reader.schema.safeParse(raw);
      if (!posting.success) {
        skipped.push({ jobId, reason: `invalid posting: ${firstIssue(posting.error)}` });
        continue;
      }
      const made = reader.toJob(posting.data, now);
      if ('skip' in made) {
        skipped.push({ jobId, reason: made.skip });
        continue;
      }
      const job = JobSchema.safeParse(made);
      const notAJob = job.success ? notAJobReason(job.data.job_title) : null;
      if (!job.success) skipped.push({ jobId, reason: `invalid job: ${firstIssue(job.error)}` });
      else if (notAJob !== null) skipped.push({ jobId, reason: `${NOT_A_JOB}: ${notAJob}` });
      else jobs.push(job.data);
    } catch (error) {
      skipped.push({ jobId, reason: `unreadable posting: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  return { jobs: withOwnSkills(jobs), skipped };
};
