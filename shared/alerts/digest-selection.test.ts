import { describe, expect, it } from 'vitest';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import type { Job } from '../jobs/job';
import { lastDigestEnd, type LedgerEntry } from './digest-ledger';
import { readJobSearch, toJobQuery } from '../search/job-search-url';
import { digestSearchLinks, digestSubject, digestWindow, oneHeaderLine, selectDigest, selectDigestJobs } from './digest-selection';

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

describe('selectDigestJobs', () => {
  it('keeps at most 5 per company and 50 in all, newest first', () => {
    const jobs = Array.from({ length: 12 }, (_, c) => jobsOf(`co${c}`, 8, 'Engineering', c)).flat();
    const chosen = selectDigestJobs(jobs, ['Engineering'], window48);
    expect(chosen).toHaveLength(50);
    const perCompany = new Map<string, number>();
    for (const job of chosen) perCompany.set(job.company_key, (perCompany.get(job.company_key) ?? 0) + 1);
    expect(Math.max(...perCompany.values())).toBe(5);
    const times = chosen.map((job) => Date.parse(job.first_seen_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('leaves out closed jobs, other groups, and jobs outside the window', () => {
    const open = jobsOf('a', 1);
    const closed = jobsOf('b', 1).map((job) => ({ ...job, closed_at: minutesAgo(0) }));
    const sales = jobsOf('c', 1, 'Sales');
    const old = jobsOf('d', 1).map((job) => ({ ...job, first_seen_at: minutesAgo(49 * 60) }));
    const future = jobsOf('e', 1).map((job) => ({ ...job, first_seen_at: new Date(NOW.getTime() + 60_000).toISOString() }));
    expect(selectDigestJobs([...open, ...closed, ...sales, ...old, ...future], ['Engineering', 'ML'], window48).map((job) => job.company_key)).toEqual(['a']);
    expect(selectDigestJobs(sales, ['Engineering'], window48)).toEqual([]);
  });

  it('starts the window at the last digest, never more than 48 hours back', () => {
    expect(digestWindow(NOW, '2026-03-09T07:00:00.000Z')).toEqual({ from: '2026-03-09T07:00:00.000Z', to: NOW.toISOString() });
    expect(digestWindow(NOW, '2026-03-01T07:00:00.000Z').from).toBe('2026-03-08T07:00:00.000Z');
    const jobs = [...jobsOf('a', 1, 'ML', 60), ...jobsOf('b', 1, 'ML', 30)];
    expect(selectDigestJobs(jobs, ['ML'], digestWindow(NOW, minutesAgo(45))).map((job) => job.company_key)).toEqual(['b']);
  });
});

describe('digest overflow', () => {
  it('counts every match and links to the search on the site for each group when more matched than the email holds', () => {
    const jobs = [...Array.from({ length: 12 }, (_, c) => jobsOf(`co${c}`, 6, 'Engineering', c)).flat(), ...jobsOf('ml', 7, 'ML'), ...jobsOf('s', 3, 'Sales')];
    const selection = selectDigest(jobs, ['Engineering', 'ML'], window48);
    expect(selection.chosen).toHaveLength(50);
    expect(selection.matched).toHaveLength(12 * 6 + 7);
    const links = digestSearchLinks('http://localhost:3017/', selection, window48);
    expect(links.map(({ group, matched }) => [group, matched])).toEqual([
      ['Engineering', 72],
      ['ML', 7],
    ]);
    const ml = new URL(links[1]!.url);
    expect(ml.origin).toBe('http://localhost:3017');
    expect(ml.pathname).toBe('/');
    // The site's filter bar reads the same URL model: the department, two days back, newest first.
    expect(toJobQuery(readJobSearch(ml.searchParams), 20)).toMatchObject({ departments: ['ML'], posted_within_days: 2, sort: 'newest', search: null });
  });

  it('gives no links when the email holds every match', () => {
    const selection = selectDigest(jobsOf('a', 5), ['Engineering'], window48);
    expect(selection.matched).toHaveLength(5);
    expect(digestSearchLinks('http://localhost:3000', selection, window48)).toEqual([]);
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
  it('says how many jobs and in which groups, on one line', () => {
    expect(digestSubject([...jobsOf('a', 2, 'ML'), ...jobsOf('b', 1, 'Engineering')])).toBe('3 new AI jobs in Engineering, ML');
    expect(digestSubject(jobsOf('a', 1, 'Research'))).toBe('1 new AI job in Research');
    const five = (['Engineering', 'Research', 'Data Science', 'ML', 'Product'] as const).flatMap((d) => jobsOf(d, 1, d));
    expect(digestSubject(five)).toBe('5 new AI jobs in Engineering, Research, Data Science and 2 more');
    expect(oneHeaderLine('a\r\nBcc: x@example.com\u2028b')).toBe('a Bcc: x@example.com b');
  });
});
