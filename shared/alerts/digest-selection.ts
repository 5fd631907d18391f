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
 *   matches (`matchesOf`: the run's shared match list of the search, made once per distinct
 *   search through the search path of `POST /jobs`, saved-search-matching.ts, match-lists.ts) that
 *   are open and were first seen by the crawler (`first_seen_at`, not the employer's posting
 *   date) inside its window, newest first. A job that several searches match is listed once,
 *   under the first, and marked there with the names of the others ("also matches"). Each section
 *   lists at most 5 jobs of one company and 10 in all, and says how many more it matched, with a
 *   link to the search on the site showing the jobs it took them from (`savedSearchPageUrl`).
 *   Sections with no job are left out: no section, no email.
 * - `digestSubject(sections)`: "12 new AI jobs in Senior Python, Engineering", one line.
 */
import type { JobSummary } from '../jobs/job-summary';
import { fromJobQuery, writeJobSearch } from '../search/job-search-url';
import type { SearchFilter } from '../search/filters/search-filter';
import { SEARCH_FILTERS } from '../search/filters/search-filters';
import type { SavedSearchQuery } from './saved-search';
import type { StoredSavedSearch } from './saved-search-ports';
import { windowSlice, type JobNumbering, type MatchList } from './match-lists';

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

/**
 * The site's job search for a saved search (shared/search/job-search-url.ts, the filter bar's URL
 * model, each filter written as its declaration says), newest first, over the jobs first seen
 * inside the window (`first_seen_since`, the instant after the window's exclusive start): with
 * every job first seen since, these are exactly the jobs the section took its list from. A filter
 * the URL holds one value of (the department) is left out when the search chose several (the page
 * then shows more than the email's jobs, never fewer).
 */
export const savedSearchPageUrl = (siteUrl: string, query: SavedSearchQuery, window: DigestWindow): string => {
  const body: Record<string, unknown> = { ...query, first_seen_since: new Date(Date.parse(window.from) + 1).toISOString(), sort: 'newest' };
  for (const filter of SEARCH_FILTERS as readonly SearchFilter[]) {
    const value = body[filter.name];
    if (filter.url.one && Array.isArray(value) && value.length > 1) delete body[filter.name];
  }
  return `${siteUrl.replace(/\/+$/, '')}/?${writeJobSearch(fromJobQuery(body)).toString()}`;
};

/** Writes a section's "N more" link: the stored search, its window and its distinct search's shared match list. */
export type PageUrlOf = (search: StoredSavedSearch, window: DigestWindow, matches: MatchList) => string;

/**
 * `savedSearchPageUrl` for one run, each distinct search (by its shared match list) and window
 * start written once: a run links the same popular searches for many subscribers. `siteUrl` fixed.
 */
export const createPageUrls = (siteUrl: string): PageUrlOf => {
  const written = new WeakMap<MatchList, Map<string, string>>();
  return (search, window, matches) => {
    let byFrom = written.get(matches);
    if (byFrom === undefined) written.set(matches, (byFrom = new Map()));
    let url = byFrom.get(window.from);
    if (url === undefined) byFrom.set(window.from, (url = savedSearchPageUrl(siteUrl, search.search, window)));
    return url;
  };
};

/** Per numbering (one a run), the marks `digestSections` reuses from subscriber to subscriber (no allocation per subscriber). */
interface Scratch {
  /** `placed[job] === round`: the job is listed in an earlier section of this subscriber. */
  placed: Uint32Array;
  /** The listed entry of a placed job shown in the email (else undefined). */
  entries: (SectionJob | undefined)[];
  round: number;
  /** `companyMark[company] === section`: `companyShown[company]` counts this section's jobs of it. */
  companyMark: Uint32Array;
  companyShown: Uint8Array;
  section: number;
}
const scratches = new WeakMap<JobNumbering, Scratch>();
const scratchOf = (numbering: JobNumbering): Scratch => {
  let scratch = scratches.get(numbering);
  if (scratch === undefined || scratch.round >= 0xfffffff0 || scratch.section >= 0xfffffff0) {
    scratch = {
      placed: new Uint32Array(numbering.size),
      entries: new Array<SectionJob | undefined>(numbering.size),
      round: 0,
      companyMark: new Uint32Array(numbering.companyCount),
      companyShown: new Uint8Array(numbering.companyCount),
      section: 0,
    };
    scratches.set(numbering, scratch);
  }
  return scratch;
};

/**
 * See the module comment. `matchesOf` answers a search's shared match list (match-lists.ts; every
 * list of one call from one numbering); `pageUrlOf` writes the "N more" links (default:
 * `createPageUrls(siteUrl)` for this call).
 * @throws Error when the lists come from different numberings.
 */
export const digestSections = (
  searches: readonly StoredSavedSearch[],
  matchesOf: (search: StoredSavedSearch) => MatchList,
  windowOf: (search: StoredSavedSearch) => DigestWindow,
  siteUrl: string,
  pageUrlOf: PageUrlOf = createPageUrls(siteUrl),
): DigestSection[] => {
  let scratch: Scratch | null = null;
  let numbering: JobNumbering | null = null;
  const sections: DigestSection[] = [];
  for (const search of searches) {
    const list = matchesOf(search);
    if (numbering === null) {
      numbering = list.numbering;
      scratch = scratchOf(numbering);
      scratch.round += 1;
    } else if (list.numbering !== numbering) throw new Error('digestSections: match lists of one subscriber must come from one numbering');
    const marks = scratch!;
    const round = marks.round;
    const window = windowOf(search);
    const { start, end } = windowSlice(list, Date.parse(window.from), Date.parse(window.to));
    const section = (marks.section += 1);
    const shown: SectionJob[] = [];
    let matched = 0;
    for (let i = start; i < end; i += 1) {
      const id = list.ids[i]!;
      if (marks.placed[id] === round) {
        const earlier = marks.entries[id];
        if (earlier !== undefined && !earlier.alsoMatches.includes(search.name)) earlier.alsoMatches.push(search.name);
        continue;
      }
      marks.placed[id] = round;
      marks.entries[id] = undefined;
      matched += 1;
      if (shown.length === MAX_JOBS_PER_SECTION) continue;
      const company = list.companies[i]!;
      if (marks.companyMark[company] !== section) {
        marks.companyMark[company] = section;
        marks.companyShown[company] = 0;
      }
      if (marks.companyShown[company]! >= MAX_JOBS_PER_COMPANY) continue;
      marks.companyShown[company] = marks.companyShown[company]! + 1;
      const entry: SectionJob = { job: list.jobs[i]!, alsoMatches: [] };
      marks.entries[id] = entry;
      shown.push(entry);
    }
    if (matched === 0) continue;
    const more = matched - shown.length;
    sections.push({ search_id: search.search_id, name: search.name, jobs: shown, matched, more, moreUrl: more > 0 ? pageUrlOf(search, window, list) : null });
  }
  return sections;
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
