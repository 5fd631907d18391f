/**
 * A digest job as the email shows it: plain strings, computed once for the HTML and the text
 * part. Pure (takes the site's origin and a clock). Nothing here is escaped: the HTML renderer
 * escapes every field; the text part needs none.
 *
 * - `url`: the job's page on our site, `{siteUrl}/jobs/{company_name}{slug_url}` (the same path
 *   the SPA links to), company name percent-encoded.
 * - `salary`: the pay as posted, e.g. "$180K – $250K a year", "€60K a year", "$45 – $60 an hour";
 *   null when unknown.
 * - `postedAgo`: from `date_posted`, e.g. "3 days ago", "just now".
 */
import type { Compensation, Job, PayPeriod, Workplace } from '../jobs/job';
import type { Clock } from '../time/clock';

export interface DigestJobLine {
  title: string;
  company: string;
  location: string;
  workplace: string;
  salary: string | null;
  postedAgo: string;
  url: string;
}

const WORKPLACE: Record<Workplace, string> = { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site' };
const PER: Record<PayPeriod, string> = { year: 'a year', month: 'a month', week: 'a week', day: 'a day', hour: 'an hour' };
const MAX_PLACES = 3;

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const STEPS: [number, Intl.RelativeTimeFormatUnit][] = [
  [365 * 86_400, 'year'],
  [30 * 86_400, 'month'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** "3 days ago", "1 hour ago", "just now" (under a minute, or in the future); '' for a bad date. */
export const timeAgo = (iso: string, now: Date): string => {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  for (const [size, unit] of STEPS) if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  return 'just now';
};

/** The posted pay in its own currency and period, or null when no figure is known. */
export const salaryText = (compensation: Compensation | null): string | null => {
  if (compensation === null || (compensation.min === null && compensation.max === null)) return null;
  let money: Intl.NumberFormat;
  try {
    money = new Intl.NumberFormat('en', { style: 'currency', currency: compensation.currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
  } catch {
    return null;
  }
  const { min, max } = compensation;
  const range = min !== null && max !== null && min !== max ? `${money.format(min)} – ${money.format(max)}` : money.format((min ?? max)!);
  return `${range} ${PER[compensation.period]}`;
};

/** "San Francisco, CA, US; London, GB; +2 more", or the workplace when no place is given. */
const locationText = (job: Job): string => {
  const labels = job.locations.map((place) => place.label);
  if (labels.length === 0) return WORKPLACE[job.workplace_type];
  const shown = labels.slice(0, MAX_PLACES).join('; ');
  return labels.length > MAX_PLACES ? `${shown}; +${labels.length - MAX_PLACES} more` : shown;
};

/** The job's page on the site. */
export const jobPageUrl = (siteUrl: string, job: Pick<Job, 'company_name' | 'slug_url'>): string =>
  `${siteUrl.replace(/\/+$/, '')}/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`;

export const toDigestJobLine = (job: Job, siteUrl: string, clock: Clock): DigestJobLine => ({
  title: job.job_title,
  company: job.company_name,
  location: locationText(job),
  workplace: WORKPLACE[job.workplace_type],
  salary: salaryText(job.compensation),
  postedAgo: timeAgo(job.date_posted, clock()),
  url: jobPageUrl(siteUrl, job),
});
