/**
 * The first-seen filter, declared once (./first-seen-since.ts), as a job seeker meets it: `POST /jobs`
 * on real captured postings (shared/search/real-job-summaries.fixture.ts) given first sightings
 * that disagree with their posting dates, the page URL and feed query, and the chip's words.
 */
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { InMemoryJobRepository } from '../../../tests/support/in-memory-ports';
import { fixedClock } from '../../time/clock';
import { findJobs } from '../find-jobs';
import { createJobIndex } from '../job-index';
import { feedQuery, readJobSearch, toJobQuery, writeJobSearch } from '../job-search-url';
import { REAL_SUMMARIES } from '../real-job-summaries.fixture';
import { firstSeenSinceFilter } from './first-seen-since';

const NOW = '2026-03-10T07:00:00.000Z';
const SINCE = '2026-03-09T07:00:00.000Z';
/** Every third posting first seen an hour ago (posted long before), the rest a week ago (posted yesterday). */
const jobs = REAL_SUMMARIES.map((job, i) =>
  i % 3 === 0 ? { ...job, first_seen_at: '2026-03-10T06:00:00.000Z', date_posted: '2025-11-01T00:00:00.000Z' } : { ...job, first_seen_at: '2026-03-03T07:00:00.000Z', date_posted: '2026-03-09T12:00:00.000Z' },
);
// One seen exactly at the instant: "at or after" keeps it.
jobs[1] = { ...jobs[1]!, first_seen_at: SINCE };
const deps = { index: createJobIndex(jobs), jobs: new InMemoryJobRepository(), clock: fixedClock(NOW) };
const slugsOf = (list: readonly { slug_url: string }[]) => list.map((job) => job.slug_url).sort();

describe('POST /jobs first_seen_since', () => {
  it('keeps exactly the jobs first seen at or after the instant, by first sighting, not posting date', async () => {
    const page = await findJobs({ first_seen_since: SINCE, page_size: 240 }, deps);
    const expected = jobs.filter((job) => Date.parse(job.first_seen_at) >= Date.parse(SINCE));
    expect(expected.length).toBeGreaterThan(1);
    expect(page.count).toBe(expected.length);
    expect(slugsOf(page.jobs)).toEqual(slugsOf(expected));
  });

  it('combines with the other filters like any filter', async () => {
    const page = await findJobs({ first_seen_since: SINCE, departments: ['Engineering'], page_size: 240 }, deps);
    const expected = jobs.filter((job) => Date.parse(job.first_seen_at) >= Date.parse(SINCE) && job.department === 'Engineering');
    expect(slugsOf(page.jobs)).toEqual(slugsOf(expected));
  });

  it.each(['yesterday', '2026-03-10', '2026-03-10T07:00:00+01:00', '2026-02-30T07:00:00Z', 1741590000000])('rejects %j with a ZodError naming the field', async (value) => {
    const error = await findJobs({ first_seen_since: value }, deps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
    expect(JSON.stringify((error as ZodError).issues)).toContain('first_seen_since');
  });
});

describe('first_seen_since in the page URL, the feeds and its chip', () => {
  it('reads and writes ?first_seen_since=<UTC ISO-8601>, dropping what a garbled link holds', () => {
    const search = readJobSearch(new URLSearchParams('search=python&first_seen_since=2026-03-09T07:00:00Z'));
    expect(search.first_seen_since).toBe('2026-03-09T07:00:00.000Z');
    expect(writeJobSearch(search).toString()).toBe('search=python&first_seen_since=2026-03-09T07%3A00%3A00.000Z');
    expect(toJobQuery(search, 20)).toMatchObject({ search: ['python'], first_seen_since: '2026-03-09T07:00:00.000Z' });
    expect(feedQuery(search, {})).toBe('?search=python&first_seen_since=2026-03-09T07%3A00%3A00.000Z');
    for (const garbled of ['yesterday', '2026-03-09', '2026-03-09T07:00:00+02:00', '2026-13-01T00:00:00Z', '']) expect(readJobSearch(new URLSearchParams(`first_seen_since=${garbled}`)).first_seen_since).toBeNull();
  });

  it('says on its chip since when, in UTC', () => {
    expect(firstSeenSinceFilter.chip('2026-03-09T07:00:00.001Z')).toBe('New since 9 Mar 2026, 07:00 UTC');
  });
});
