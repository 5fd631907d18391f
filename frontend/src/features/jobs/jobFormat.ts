/**
 * How a job's fields read on a card: posted-ago time, salary range, workplace and the Apply target.
 */
import type { PublicJob, Workplace } from '../../../../shared/jobs/job';

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long ago `isoDate` (UTC ISO-8601) was, as of `now`, in English: "3 days ago", "1 hour ago",
 * "2 months ago", "just now" (under a minute; future times from clock skew too); an unparsable date gives ''.
 */
export function postedAgo(isoDate: string, now: Date): string {
  const then = Date.parse(isoDate);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return rtf.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return rtf.format(-Math.floor(seconds / HOUR), 'hour');
  if (seconds < MONTH) return rtf.format(-Math.floor(seconds / DAY), 'day');
  if (seconds < YEAR) return rtf.format(-Math.floor(seconds / MONTH), 'month');
  return rtf.format(-Math.floor(seconds / YEAR), 'year');
}

/**
 * '$Xk - $Yk' from `min_salary`/`max_salary` (thousands of USD per year), or null unless both are known.
 * e.g. salaryRange(180, 250) → '$180k - $250k'.
 */
export function salaryRange(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  return `$${Math.round(min)}k - $${Math.round(max)}k`;
}

const WORKPLACE_LABELS: Record<Workplace, string> = { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site' };

/** 'Remote', 'Hybrid' or 'On-site'. */
export const workplaceLabel = (workplace: Workplace): string => WORKPLACE_LABELS[workplace];

/** Where Apply Now leads: our own job page when the job has a slug, else the employer's page in a new tab. */
export type ApplyTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/** e.g. { kind: 'internal', path: '/jobs/Cohere/ml-engineer-443368a3' } for company 'Cohere' and slug '/ml-engineer-443368a3'. */
export function applyTarget(job: Pick<PublicJob, 'company_name' | 'slug_url' | 'job_url'>): ApplyTarget {
  if (job.slug_url) return { kind: 'internal', path: `/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}` };
  return { kind: 'external', url: job.job_url };
}
