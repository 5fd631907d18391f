/**
 * Which jobs a subscriber's daily digest lists, and its subject line. Pure.
 *
 * `selectDigestJobs(jobs, groups, window)`: the jobs first seen by the crawler inside the window
 * (`from` exclusive, `to` inclusive; UTC ISO-8601), still open (no `closed_at`), in one of the
 * subscriber's groups (departments); newest `first_seen_at` first (then newest `date_posted`,
 * then title, for a stable order); at most 5 per company and 50 in all. Empty when nothing matches
 * (and then nothing is sent).
 *
 * `selectDigest` also returns every match before the caps; `digestSearchLinks` turns an overflow into
 * links to the matching searches on the site.
 *
 * `digestWindow(now, lastDigestEnd)`: from the end of the subscriber's last digest, but never
 * more than 48 hours back, to `now`.
 */
import { DEPARTMENTS, type Department } from '../departments/department';
import type { Job } from '../jobs/job';
import { readJobSearch, writeJobSearch } from '../search/job-search-url';

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

/** Every job the window and groups match (open, first seen inside the window), newest first; uncapped. */
const matchingJobs = (jobs: readonly Job[], groups: readonly Department[], window: DigestWindow): Job[] => {
  const wanted = new Set(groups);
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  return jobs
    .filter((job) => {
      const seen = Date.parse(job.first_seen_at);
      return job.closed_at === null && wanted.has(job.department) && seen > from && seen <= to;
    })
    .sort(newestFirst);
};

/** What the email holds (`chosen`, capped as in the module comment) and every job that matched before the caps (`matched`, newest first). */
export interface DigestSelection {
  chosen: Job[];
  matched: Job[];
}

/** See the module comment and DigestSelection. */
export const selectDigest = (jobs: readonly Job[], groups: readonly Department[], window: DigestWindow): DigestSelection => {
  const candidates = matchingJobs(jobs, groups, window);
  const perCompany = new Map<string, number>();
  const chosen: Job[] = [];
  for (const job of candidates) {
    const count = perCompany.get(job.company_key) ?? 0;
    if (count >= MAX_JOBS_PER_COMPANY) continue;
    perCompany.set(job.company_key, count + 1);
    chosen.push(job);
    if (chosen.length === MAX_JOBS_PER_DIGEST) break;
  }
  return { chosen, matched: candidates };
};

/** The jobs the email lists (see the module comment). */
export const selectDigestJobs = (jobs: readonly Job[], groups: readonly Department[], window: DigestWindow): Job[] => selectDigest(jobs, groups, window).chosen;

/** A search on the site for one of the subscriber's groups: `url` absolute, `matched` jobs of this digest in it. */
export interface DigestSearchLink {
  group: Department;
  matched: number;
  url: string;
}

/**
 * When more jobs matched than the email holds: per group with matches, the site's job search
 * (shared/search/job-search-url.ts, the filter bar's URL model) for that department, posted within
 * the window's whole days (at least 1), newest first, e.g.
 * `https://latentjobs.example/?department=ML&posted_within_days=2&sort=newest`. The site's
 * posted-within filter reads `date_posted`, the digest `first_seen_at`: the search holds the
 * digest's jobs and may hold older postings the crawler met late. One link per group because the
 * URL model names one department. Empty when the email holds every match.
 */
export const digestSearchLinks = (siteUrl: string, { chosen, matched }: DigestSelection, window: DigestWindow): DigestSearchLink[] => {
  if (matched.length <= chosen.length) return [];
  const days = Math.min(90, Math.max(1, Math.ceil((Date.parse(window.to) - Date.parse(window.from)) / 86_400_000)));
  return groupsOf(matched).map((group) => {
    const search = readJobSearch(new URLSearchParams());
    const params = writeJobSearch({ ...search, department: group, posted_within_days: days, sort: 'newest' });
    return { group, matched: matched.filter((job) => job.department === group).length, url: `${siteUrl.replace(/\/+$/, '')}/?${params.toString()}` };
  });
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
