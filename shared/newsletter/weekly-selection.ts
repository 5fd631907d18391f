/**
 * The weekly newsletter's content, pure: `selectWeekly(jobs, now, siteUrl, clock)` →
 * `{ subject, jobs, companies }`, or null when nothing new was seen in the week.
 *
 * - The week: jobs first seen by our crawler (`first_seen_at`) in the 7 days before `now`, still
 *   open (`closed_at` null).
 * - "Most notable" jobs, at most 12, at most 2 per company: ranked by what a reader can act on
 *   and compare: posted pay first (a job with its compensation published beats one without),
 *   then seniority-neutral freshness (newest first), then title; ties broken by the key so the
 *   choice is stable.
 * - Companies hiring most: the 5 companies with the most such new jobs (at least 2), by count
 *   then name, linking to their page on the site (`/company/{name}`).
 * Lines (title, company, location, salary, link) are shared/alerts/digest-lines.ts's, so both
 * emails say a job the same way.
 */
import { toDigestJobLine, type DigestJobLine } from '../alerts/digest-lines';
import type { Job } from '../jobs/job';
import type { Clock } from '../time/clock';

export type WeeklyJob = DigestJobLine;

export interface WeeklyCompany {
  name: string;
  newJobs: number;
  url: string;
}

export interface WeeklyContent {
  subject: string;
  jobs: WeeklyJob[];
  companies: WeeklyCompany[];
}

export const WEEK_MS = 7 * 24 * 3600 * 1000;
export const MAX_WEEKLY_JOBS = 12;
export const MAX_PER_COMPANY = 2;
export const MAX_COMPANIES = 5;

const hasPay = (job: Job): boolean => job.compensation !== null && (job.compensation.min !== null || job.compensation.max !== null);

const byNotability = (a: Job, b: Job): number =>
  Number(hasPay(b)) - Number(hasPay(a)) ||
  b.first_seen_at.localeCompare(a.first_seen_at) ||
  a.job_title.localeCompare(b.job_title) ||
  `${a.company_key}${a.slug_url}`.localeCompare(`${b.company_key}${b.slug_url}`);

export const selectWeekly = (jobs: readonly Job[], siteUrl: string, clock: Clock): WeeklyContent | null => {
  const now = clock().getTime();
  const fresh = jobs.filter((job) => job.closed_at === null && now - Date.parse(job.first_seen_at) <= WEEK_MS && Date.parse(job.first_seen_at) <= now);
  if (fresh.length === 0) return null;
  const perCompany = new Map<string, number>();
  const picked: Job[] = [];
  for (const job of [...fresh].sort(byNotability)) {
    const count = perCompany.get(job.company_key) ?? 0;
    if (count >= MAX_PER_COMPANY) continue;
    perCompany.set(job.company_key, count + 1);
    picked.push(job);
    if (picked.length === MAX_WEEKLY_JOBS) break;
  }
  const counts = new Map<string, number>();
  for (const job of fresh) counts.set(job.company_name, (counts.get(job.company_name) ?? 0) + 1);
  const base = siteUrl.replace(/\/+$/, '');
  const companies = [...counts]
    .filter(([, count]) => count >= 2)
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
    .slice(0, MAX_COMPANIES)
    .map(([name, newJobs]) => ({ name, newJobs, url: `${base}/company/${encodeURIComponent(name)}` }));
  const subject = `This week in AI jobs: ${fresh.length} new ${fresh.length === 1 ? 'role' : 'roles'}${companies.length > 0 ? `, ${companies[0]!.name} hiring most` : ''}`;
  return { subject, jobs: picked.map((job) => toDigestJobLine(job, siteUrl, clock)), companies };
};
