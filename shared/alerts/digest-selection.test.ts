import { describe, expect, it } from 'vitest';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import type { Job } from '../jobs/job';
import { lastDigestEnd, type LedgerEntry } from './digest-ledger';
import { readJobSearch, toJobQuery } from '../search/job-search-url';
import {
  digestSections,
  digestSubject,
  digestWindow,
  MAX_JOBS_PER_SECTION,
  oneHeaderLine,
  savedSearchPageUrl,
  searchesDue,
  weeklyWindow,
  type DigestWindow,
} from './digest-selection';
import type { StoredSavedSearch } from './saved-search-ports';
import type { SavedSearchQuery } from './saved-search';
import { createJobNumbering } from './match-lists';
import { createMatcher } from './saved-search-matching';
import { toJobSummary } from '../jobs/job-summary';
import { findJobs } from '../search/find-jobs';
import { createJobIndex } from '../search/job-index';
import { fixedClock } from '../time/clock';
import { InMemoryJobRepository } from '../../tests/support/in-memory-ports';

const NOW = new Date('2026-03-10T07:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

/** `count` jobs of `company`, first seen 1, 2, ... minutes ago, built from real Cohere postings. */
const jobsOf = (company: string, count: number, department: Job['department'] = 'Engineering', offset = 0): Job[] =>
  Array.from({ length: count }, (_, i) => ({
    ...COHERE_JOBS[i % COHERE_JOBS.length]!,
    company_key: company,
    company_name: company,
    slug_url: `/job-${company}-${i}`,
    department,
    first_seen_at: minutesAgo(offset + i + 1),
    closed_at: null,
  }));

const window48 = digestWindow(NOW, null);

const saved = (name: string, search: SavedSearchQuery, more: Partial<StoredSavedSearch> = {}): StoredSavedSearch => ({
  user_id: 'sub-ada',
  search_id: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  search,
  frequency: 'daily',
  paused: false,
  from_group: null,
  feed_token: `token-${name}`,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...more,
});

/** Sections where each search "matches" the jobs given for its name (the matching itself is tested in saved-search-matching.test.ts). */
const sectionsOf = (searches: StoredSavedSearch[], matches: Record<string, Job[]>, windowOf: (search: StoredSavedSearch) => DigestWindow = () => window48) => {
  const numbering = createJobNumbering(Object.values(matches).flat());
  const lists = new Map(Object.entries(matches).map(([name, jobs]) => [name, numbering.list(jobs)]));
  return digestSections(searches, (search) => lists.get(search.name) ?? numbering.list([]), windowOf, 'http://localhost:3017/');
};

describe('digestSections', () => {
  it('lists a job once, under the first search that matches it, marked with the others it also matches', () => {
    const shared = jobsOf('both', 2);
    const pythonOnly = jobsOf('py', 1, 'Engineering', 10);
    const remoteOnly = jobsOf('rm', 1, 'Engineering', 20);
    const sections = sectionsOf([saved('Python', {}), saved('Remote', {}), saved('Staff', {})], {
      Python: [...pythonOnly, ...shared],
      Remote: [...shared, ...remoteOnly],
      Staff: [shared[0]!],
    });
    expect(sections.map((section) => [section.name, section.jobs.map(({ job, alsoMatches }) => [job.slug_url, alsoMatches])])).toEqual([
      ['Python', [[shared[0]!.slug_url, ['Remote', 'Staff']], [shared[1]!.slug_url, ['Remote']], [pythonOnly[0]!.slug_url, []]]],
      ['Remote', [[remoteOnly[0]!.slug_url, []]]],
    ]);
    expect(sections.map((section) => section.matched)).toEqual([3, 1]);
  });

  it(`caps a section at ${MAX_JOBS_PER_SECTION} jobs and 5 a company, newest first, and links the rest to the search on the site`, () => {
    const many = Array.from({ length: 4 }, (_, c) => jobsOf(`co${c}`, 6, 'ML', c * 10)).flat();
    const search = saved('Remote ML', { departments: ['ML'], is_remote: ['remote'], search: ['machine learning'], min_salary_usd: 150000 });
    const [section] = sectionsOf([search], { 'Remote ML': many });
    expect(section!.jobs).toHaveLength(MAX_JOBS_PER_SECTION);
    expect(section!.matched).toBe(24);
    expect(section!.more).toBe(14);
    const times = section!.jobs.map(({ job }) => Date.parse(job.first_seen_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const perCompany = new Map<string, number>();
    for (const { job } of section!.jobs) perCompany.set(job.company_key, (perCompany.get(job.company_key) ?? 0) + 1);
    expect(Math.max(...perCompany.values())).toBeLessThanOrEqual(5);
    const url = new URL(section!.moreUrl!);
    expect(url.origin).toBe('http://localhost:3017');
    // The site's filter bar reads the same URL model: the saved search, over the jobs first seen since the window's start, newest first.
    expect(toJobQuery(readJobSearch(url.searchParams), 20)).toMatchObject({
      departments: ['ML'],
      is_remote: ['remote'],
      search: ['machine learning'],
      min_salary_usd: 150000,
      first_seen_since: '2026-03-08T07:00:00.001Z',
      posted_within_days: null,
      sort: 'newest',
    });
  });

  it('links "N more" to a page showing exactly the jobs the section took its list from: first seen since the last digest, whatever their posting date', async () => {
    const lastDigest = '2026-03-09T07:00:00.000Z';
    const window = digestWindow(NOW, lastDigest);
    const fresh = Array.from({ length: 3 }, (_, c) => jobsOf(`ml${c}`, 6, 'ML', c * 60)).flat().map((job) => ({ ...job, date_posted: '2025-12-01T00:00:00.000Z' }));
    // Posted yesterday but first seen before the last digest (already sent), and new jobs of another department.
    const sentBefore = jobsOf('old', 4, 'ML', 25 * 60).map((job) => ({ ...job, date_posted: minutesAgo(60) }));
    const atTheEdge = jobsOf('edge', 1, 'ML').map((job) => ({ ...job, first_seen_at: lastDigest }));
    const otherDepartment = jobsOf('sales', 5, 'Sales');
    const all = [...fresh, ...sentBefore, ...atTheEdge, ...otherDepartment].map(toJobSummary);
    const matcher = createMatcher(all, NOW);
    const search = saved('ML', { departments: ['ML'] });
    const [section] = digestSections([search], (one) => matcher.of(one.search), () => window, 'https://site.example');
    expect(section!.matched).toBe(fresh.length);
    expect(section!.more).toBeGreaterThan(0);
    const body = toJobQuery(readJobSearch(new URL(section!.moreUrl!).searchParams), 240);
    const page = await findJobs(body, { index: createJobIndex(all), jobs: new InMemoryJobRepository(), clock: fixedClock(NOW.toISOString()) });
    expect(page.jobs.map((job) => job.slug_url).sort()).toEqual(fresh.map((job) => job.slug_url).sort());
    expect(page.count).toBe(section!.jobs.length + section!.more);
  });

  it('links a search of several departments without the department (more jobs, never fewer), and carries every other filter', () => {
    const url = new URL(savedSearchPageUrl('https://site.example', { departments: ['ML', 'Research'], max_years_experience: 3, remote_from: 'DE', posted_within_days: 7 }, window48));
    expect(toJobQuery(readJobSearch(url.searchParams), 20)).toMatchObject({ departments: null, max_years_experience: 3, remote_from: 'DE', posted_within_days: 7, first_seen_since: '2026-03-08T07:00:00.001Z', sort: 'newest' });
  });

  it('gives no link when the section holds every match, and no section when nothing is new', () => {
    const [section] = sectionsOf([saved('A', {})], { A: jobsOf('a', 3) });
    expect(section!.more).toBe(0);
    expect(section!.moreUrl).toBeNull();
    expect(sectionsOf([saved('A', {}), saved('B', {})], { A: [], B: [] })).toEqual([]);
  });

  it('leaves out closed jobs and jobs first seen outside the window (not by their posting date)', () => {
    const open = jobsOf('a', 1).map((job) => ({ ...job, date_posted: '2020-01-01T00:00:00.000Z' }));
    const closed = jobsOf('b', 1).map((job) => ({ ...job, closed_at: minutesAgo(0) }));
    const old = jobsOf('d', 1).map((job) => ({ ...job, first_seen_at: minutesAgo(49 * 60), date_posted: minutesAgo(5) }));
    const future = jobsOf('e', 1).map((job) => ({ ...job, first_seen_at: new Date(NOW.getTime() + 60_000).toISOString() }));
    const [section] = sectionsOf([saved('A', {})], { A: [...open, ...closed, ...old, ...future] });
    expect(section!.jobs.map(({ job }) => job.company_key)).toEqual(['a']);
  });

  it("gives each search its own window: a weekly search looks back 7 days", () => {
    const threeDaysOld = jobsOf('w', 1, 'Engineering', 3 * 24 * 60);
    const weekly = saved('Weekly', {}, { frequency: 'weekly' });
    const sections = sectionsOf([saved('Daily', {}), weekly], { Daily: threeDaysOld, Weekly: threeDaysOld }, (search) => (search.frequency === 'weekly' ? weeklyWindow(NOW) : window48));
    expect(sections.map((section) => section.name)).toEqual(['Weekly']);
  });
});

describe('searchesDue', () => {
  const daily = saved('Daily', {});
  const weekly = saved('Weekly', {}, { frequency: 'weekly' });
  const hourly = saved('Hourly', {}, { frequency: 'hourly' });
  const paused = saved('Paused', {}, { paused: true });
  const all = [daily, weekly, hourly, paused];
  const monday = new Date('2026-03-09T07:00:00.000Z');

  it('takes daily searches every day and weekly ones on Mondays, never paused ones', () => {
    expect(searchesDue(all, NOW, true).map((search) => search.name)).toEqual(['Daily']);
    expect(searchesDue(all, monday, true).map((search) => search.name)).toEqual(['Daily', 'Weekly']);
  });

  it('sends hourly searches daily once the subscriber no longer has hourly alerts', () => {
    expect(searchesDue(all, NOW, false).map((search) => search.name)).toEqual(['Daily', 'Hourly']);
  });
});

describe('digestWindow', () => {
  it('starts the window at the last digest, never more than 48 hours back', () => {
    expect(digestWindow(NOW, '2026-03-09T07:00:00.000Z')).toEqual({ from: '2026-03-09T07:00:00.000Z', to: NOW.toISOString() });
    expect(digestWindow(NOW, '2026-03-01T07:00:00.000Z').from).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('lastDigestEnd', () => {
  const entry = (day: string, status: LedgerEntry['status'], maybe_sent = false): LedgerEntry => ({
    user_id: 'u', day, status, run_id: 'r', claimed_at: `${day}T07:00:00.000Z`, window_end: `${day}T07:00:00.000Z`, job_count: 1, message_id: null, sent_at: null, error: null, maybe_sent, expires_at: 0,
  });
  it('counts sent and possibly sent digests, not failed ones', () => {
    expect(lastDigestEnd([entry('2026-03-09', 'failed'), entry('2026-03-08', 'sent')])).toBe('2026-03-08T07:00:00.000Z');
    expect(lastDigestEnd([entry('2026-03-09', 'claimed')])).toBe('2026-03-09T07:00:00.000Z');
    expect(lastDigestEnd([entry('2026-03-09', 'failed', true)])).toBe('2026-03-09T07:00:00.000Z');
    expect(lastDigestEnd([])).toBeNull();
  });
});

describe('the subject and job lines', () => {
  it('says how many jobs and for which searches, on one line', () => {
    expect(digestSubject([{ name: 'Engineering', matched: 2 }, { name: 'ML', matched: 1 }])).toBe('3 new AI jobs in Engineering, ML');
    expect(digestSubject([{ name: 'Research', matched: 1 }])).toBe('1 new AI job in Research');
    const five = ['Engineering', 'Research', 'Data Science', 'ML', 'Product'].map((name) => ({ name, matched: 1 }));
    expect(digestSubject(five)).toBe('5 new AI jobs in Engineering, Research, Data Science and 2 more');
    expect(digestSubject([{ name: 'Python\r\nBcc: x@example.com', matched: 1 }])).toBe('1 new AI job in Python Bcc: x@example.com');
    expect(oneHeaderLine('a\r\nBcc: x@example.com\u2028b')).toBe('a Bcc: x@example.com b');
  });
});
