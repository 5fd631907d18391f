/**
 * What a subscriber's digest lists: a section per saved search (issue 20.3), and its subject. Pure.
 *
 * - `searchesDue(searches, now, hourlyAllowed)`: the saved searches a daily digest at `now`
 *   covers: not paused; `daily` ones every day; `weekly` ones on Mondays (UTC); `hourly` ones
 *   only when the subscriber no longer has hourly alerts (then they count as daily, so a plan
 *   change never silences a search). Oldest first, as stored.
 * - `digestWindow(now, lastDigestEnd)`: a daily search's jobs are those first seen from the end
 *   of the subscriber's last digest, but never more than 48 hours back, to `now`;
 *   `weeklyWindow(now)`: a weekly search's, the 7 days up to `now`.
 * - `digestSections(searches, matchesOf, windowOf, siteUrl)`: per search, in order, the jobs it
 *   matches (`matchesOf`, the search path of `POST /jobs`, saved-search-matching.ts) that are open
 *   and were first seen by the crawler (`first_seen_at`, not the employer's posting date) inside
 *   its window, newest first. A job that several searches match is listed once, under the first,
 *   and marked there with the names of the others ("also matches"). Each section lists at most
 *   5 jobs of one company and 10 in all, and says how many more it matched, with a link to the
 *   search on the site. Sections with no job are left out: no section, no email.
 * - `digestSubject(sections)`: "12 new AI jobs in Senior Python, Engineering", one line.
 */
import type { JobSummary } from '../jobs/job-summary';
import { fromJobQuery, writeJobSearch } from '../search/job-search-url';
import type { SearchFilter } from '../search/filters/search-filter';
import { SEARCH_FILTERS } from '../search/filters/search-filters';
import type { SavedSearchQuery } from './saved-search';
import type { StoredSavedSearch } from './saved-search-ports';

export const DIGEST_WINDOW_HOURS = 48;
export const WEEKLY_WINDOW_DAYS = 7;
/** Weekly searches go out in the digest of this UTC weekday (1 = Monday). */
export const WEEKLY_DIGEST_WEEKDAY = 1;
export const MAX_JOBS_PER_COMPANY = 5;
export const MAX_JOBS_PER_SECTION = 10;

const DAY_MS = 86_400_000;

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

export const weeklyWindow = (now: Date): DigestWindow => ({ from: new Date(now.getTime() - WEEKLY_WINDOW_DAYS * DAY_MS).toISOString(), to: now.toISOString() });

export const searchesDue = (searches: readonly StoredSavedSearch[], now: Date, hourlyAllowed: boolean): StoredSavedSearch[] =>
  searches.filter((search) => {
    if (search.paused) return false;
    if (search.frequency === 'weekly') return now.getUTCDay() === WEEKLY_DIGEST_WEEKDAY;
    if (search.frequency === 'hourly') return !hourlyAllowed;
    return true;
  });

/** A job in a section, with the names of the later searches it also matches. */
export interface SectionJob {
  job: JobSummary;
  alsoMatches: string[];
}

export interface DigestSection {
  search_id: string;
  name: string;
  /** The jobs the email lists (capped). */
  jobs: SectionJob[];
  /** Every new job listed under this search before the caps. */
  matched: number;
  /** matched − jobs.length. */
  more: number;
  /** The search on the site, newest first, over the window's days; null when nothing is left out. */
  moreUrl: string | null;
}

/** Epoch ms of ISO times, parsed once per job (a run lists the same jobs for many subscribers). */
const seenMs = new WeakMap<JobSummary, number>();
const postedMs = new WeakMap<JobSummary, number>();
const timeOf = (kept: WeakMap<JobSummary, number>, job: JobSummary, iso: string): number => {
  let ms = kept.get(job);
  if (ms === undefined) kept.set(job, (ms = Date.parse(iso)));
  return ms;
};
const firstSeen = (job: JobSummary): number => timeOf(seenMs, job, job.first_seen_at);

/** Newest first seen first, then newest posted, title and slug (a stable order). */
export const newestFirst = (a: JobSummary, b: JobSummary): number =>
  firstSeen(b) - firstSeen(a) ||
  timeOf(postedMs, b, b.date_posted) - timeOf(postedMs, a, a.date_posted) ||
  a.job_title.localeCompare(b.job_title) ||
  a.slug_url.localeCompare(b.slug_url);

const keyOf = (job: Pick<JobSummary, 'company_key' | 'slug_url'>): string => `${job.company_key}${job.slug_url}`;

/**
 * The site's job search for a saved search (shared/search/job-search-url.ts, the filter bar's URL
 * model, each filter written as its declaration says), newest first, posted within the window's
 * whole days unless the search says otherwise. A filter the URL holds one value of (the
 * department) is left out when the search chose several (the page then shows more than the
 * email's jobs, never fewer). The site's posted-within filter reads `date_posted`, the digest
 * `first_seen_at`: the page holds the section's jobs and may hold older postings the crawler met late.
 */
export const savedSearchPageUrl = (siteUrl: string, query: SavedSearchQuery, window: DigestWindow): string => {
  const days = Math.min(90, Math.max(1, Math.ceil((Date.parse(window.to) - Date.parse(window.from)) / DAY_MS)));
  const body: Record<string, unknown> = { ...query, posted_within_days: query.posted_within_days ?? days, sort: 'newest' };
  for (const filter of SEARCH_FILTERS as readonly SearchFilter[]) {
    const value = body[filter.name];
    if (filter.url.one && Array.isArray(value) && value.length > 1) delete body[filter.name];
  }
  return `${siteUrl.replace(/\/+$/, '')}/?${writeJobSearch(fromJobQuery(body)).toString()}`;
};

/**
 * `savedSearchPageUrl` for one run, each distinct search and window written once (a run links the
 * same popular searches for many subscribers); `siteUrl` fixed.
 */
export const createPageUrls = (siteUrl: string): ((query: SavedSearchQuery, window: DigestWindow) => string) => {
  const written = new Map<string, string>();
  return (query, window) => {
    const key = `${window.from}|${window.to}|${JSON.stringify(query)}`;
    let url = written.get(key);
    if (url === undefined) written.set(key, (url = savedSearchPageUrl(siteUrl, query, window)));
    return url;
  };
};

/** See the module comment. `pageUrlOf` writes the "N more" links (default: `createPageUrls(siteUrl)` for this call). */
export const digestSections = (
  searches: readonly StoredSavedSearch[],
  matchesOf: (search: StoredSavedSearch) => readonly JobSummary[],
  windowOf: (search: StoredSavedSearch) => DigestWindow,
  siteUrl: string,
  pageUrlOf: (query: SavedSearchQuery, window: DigestWindow) => string = createPageUrls(siteUrl),
): DigestSection[] => {
  const placed = new Map<string, SectionJob>();
  const sections: { search: StoredSavedSearch; window: DigestWindow; jobs: SectionJob[] }[] = [];
  for (const search of searches) {
    const window = windowOf(search);
    const from = Date.parse(window.from);
    const to = Date.parse(window.to);
    const fresh = matchesOf(search)
      .filter((job) => {
        const seen = firstSeen(job);
        return job.closed_at === null && seen > from && seen <= to;
      })
      // Matches usually arrive newest first already (saved-search-matching.ts): then this is one pass.
      .sort(newestFirst);
    const jobs: SectionJob[] = [];
    for (const job of fresh) {
      const earlier = placed.get(keyOf(job));
      if (earlier !== undefined) {
        if (!earlier.alsoMatches.includes(search.name)) earlier.alsoMatches.push(search.name);
        continue;
      }
      const entry = { job, alsoMatches: [] };
      placed.set(keyOf(job), entry);
      jobs.push(entry);
    }
    if (jobs.length > 0) sections.push({ search, window, jobs });
  }
  return sections.map(({ search, window, jobs }) => {
    const perCompany = new Map<string, number>();
    const shown: SectionJob[] = [];
    for (const entry of jobs) {
      const count = perCompany.get(entry.job.company_key) ?? 0;
      if (count >= MAX_JOBS_PER_COMPANY) continue;
      perCompany.set(entry.job.company_key, count + 1);
      shown.push(entry);
      if (shown.length === MAX_JOBS_PER_SECTION) break;
    }
    const more = jobs.length - shown.length;
    return { search_id: search.search_id, name: search.name, jobs: shown, matched: jobs.length, more, moreUrl: more > 0 ? pageUrlOf(search.search, window) : null };
  });
};

/** Removes what could break a header line (CR, LF, other control characters) and squeezes spaces. */
export const oneHeaderLine = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The subject: how many new jobs and for which searches, e.g. "12 new AI jobs in Engineering, ML",
 * "1 new AI job in Senior Python", "30 new AI jobs in Engineering, ML, Research and 2 more".
 * One line, whatever the names (no header injection).
 */
export const digestSubject = (sections: readonly Pick<DigestSection, 'name' | 'matched'>[]): string => {
  const count = sections.reduce((sum, section) => sum + section.matched, 0);
  const names = sections.map((section) => section.name);
  const named = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return oneHeaderLine(`${count} new AI ${count === 1 ? 'job' : 'jobs'} in ${named}`);
};
