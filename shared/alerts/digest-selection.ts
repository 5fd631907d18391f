/**
 * Which jobs a subscriber's daily digest lists, and its subject line. Pure.
 *
 * `selectDigestJobs(jobs, groups, window)`: the jobs first seen by the crawler inside the window
 * (`from` exclusive, `to` inclusive; UTC ISO-8601), still open (no `closed_at`), in one of the
 * subscriber's groups (departments); newest `first_seen_at` first (then newest `date_posted`,
 * then title, for a stable order); at most 5 per company and 50 in all. Empty when nothing matches
 * (and then nothing is sent).
 *
 * `digestWindow(now, lastDigestEnd)`: from the end of the subscriber's last digest, but never
 * more than 48 hours back, to `now`.
 */
import { DEPARTMENTS, type Department } from '../departments/department';
import type { Job } from '../jobs/job';

export const DIGEST_WINDOW_HOURS = 48;
export const MAX_JOBS_PER_COMPANY = 5;
export const MAX_JOBS_PER_DIGEST = 50;

export interface DigestWindow {
  /** Exclusive start (UTC ISO-8601). */
  from: string;
  /** Inclusive end (UTC ISO-8601): the run's time. */
  to: string;
}

/** e.g. digestWindow(new Date('2026-03-10T07:00:00Z'), null) → { from: '2026-03-08T07:00:00.000Z', to: '2026-03-10T07:00:00.000Z' } */
export const digestWindow = (now: Date, lastDigestEnd: string | null): DigestWindow => {
  const floor = new Date(now.getTime() - DIGEST_WINDOW_HOURS * 3_600_000).toISOString();
  const from = lastDigestEnd !== null && Date.parse(lastDigestEnd) > Date.parse(floor) ? new Date(lastDigestEnd).toISOString() : floor;
  return { from, to: now.toISOString() };
};

const newestFirst = (a: Job, b: Job): number =>
  Date.parse(b.first_seen_at) - Date.parse(a.first_seen_at) ||
  Date.parse(b.date_posted) - Date.parse(a.date_posted) ||
  a.job_title.localeCompare(b.job_title) ||
  a.slug_url.localeCompare(b.slug_url);

/** See the module comment. */
export const selectDigestJobs = (jobs: readonly Job[], groups: readonly Department[], window: DigestWindow): Job[] => {
  const wanted = new Set(groups);
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  const candidates = jobs
    .filter((job) => {
      const seen = Date.parse(job.first_seen_at);
      return job.closed_at === null && wanted.has(job.department) && seen > from && seen <= to;
    })
    .sort(newestFirst);
  const perCompany = new Map<string, number>();
  const chosen: Job[] = [];
  for (const job of candidates) {
    const count = perCompany.get(job.company_key) ?? 0;
    if (count >= MAX_JOBS_PER_COMPANY) continue;
    perCompany.set(job.company_key, count + 1);
    chosen.push(job);
    if (chosen.length === MAX_JOBS_PER_DIGEST) break;
  }
  return chosen;
};

/** The groups the jobs fall in, in the taxonomy's order. */
export const groupsOf = (jobs: readonly Pick<Job, 'department'>[]): Department[] => {
  const present = new Set(jobs.map((job) => job.department));
  return DEPARTMENTS.filter((department) => present.has(department));
};

/** Removes what could break a header line (CR, LF, other control characters) and squeezes spaces. */
export const oneHeaderLine = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The subject: how many new jobs and in which groups, e.g. "12 new AI jobs in Engineering, ML",
 * "1 new AI job in Research", "30 new AI jobs in Engineering, ML, Research and 2 more".
 * One line, whatever the input (no header injection).
 */
export const digestSubject = (jobs: readonly Pick<Job, 'department'>[]): string => {
  const groups = groupsOf(jobs);
  const named = groups.length > 3 ? `${groups.slice(0, 3).join(', ')} and ${groups.length - 3} more` : groups.join(', ');
  return oneHeaderLine(`${jobs.length} new AI ${jobs.length === 1 ? 'job' : 'jobs'} in ${named}`);
};
