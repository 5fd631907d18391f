/**
 * The years-of-experience filter, declared once (./max-years-experience.ts), as a job seeker meets
 * it everywhere the declaration reaches: `POST /jobs` on real postings of the Ashby captures
 * (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json, copied to ../shared/data/ats/ashby)
 * read through the Ashby adapter (which reads the years a posting asks for,
 * shared/normalise/experience.ts), the page URL and feed query, and the chip's words. The chips,
 * the OpenAPI document and the answer cache derive from every declaration alike (their own tests).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { InMemoryJobRepository } from '../../../tests/support/in-memory-ports';
import { toJobSummary } from '../../jobs/job-summary';
import { parseAshbyBoard } from '../../sources/ashby';
import { fixedClock } from '../../time/clock';
import { findJobs } from '../find-jobs';
import { createJobIndex } from '../job-index';
import { feedQuery, readJobSearch, toJobQuery, writeJobSearch } from '../job-search-url';
import { maxYearsExperienceFilter } from './max-years-experience';

const ASHBY_DIR = fileURLToPath(new URL('../../../../shared/data/ats/ashby/', import.meta.url));
const clock = fixedClock('2026-03-01T12:00:00.000Z');

/** Four boards whose postings state 0 to 12 years, ranges, or nothing. */
const jobs = ['cohere', 'elevenlabs', 'dust', 'mercor'].flatMap((board) => {
  const body = JSON.parse(readFileSync(`${ASHBY_DIR}${board}.json`, 'utf8')) as unknown;
  const company = { company_key: board, company_name: board, company_url: `https://${board}.example`, company_logo: null };
  return parseAshbyBoard(body, { company, boardToken: board, clock }).jobs;
});
const deps = { index: createJobIndex(jobs.map(toJobSummary)), jobs: new InMemoryJobRepository(jobs), clock };
const slugsOf = (list: readonly { slug_url: string }[]) => list.map((job) => job.slug_url).sort();

describe('POST /jobs max_years_experience', () => {
  it('keeps the jobs asking at most that many years (the lower figure of a range) and those that state none', async () => {
    const asked = (job: (typeof jobs)[number]) => job.years_experience?.min ?? null;
    expect(jobs.some((job) => asked(job) === null)).toBe(true);
    expect(jobs.some((job) => asked(job) !== null && asked(job)! > 3)).toBe(true);
    const page = await findJobs({ max_years_experience: 3, page_size: 240 }, deps);
    const expected = jobs.filter((job) => asked(job) === null || asked(job)! <= 3);
    expect(page.count).toBe(expected.length);
    expect(slugsOf(page.jobs)).toEqual(slugsOf(expected));
    // "3-5 years" asks 3: kept; "5+ years" asks 5: left out.
    const range = jobs.find((job) => job.years_experience?.min === 3 && job.years_experience.max === 5);
    const fivePlus = jobs.find((job) => job.years_experience?.min === 5 && job.years_experience.max === null);
    expect(slugsOf(page.jobs)).toContain(range!.slug_url);
    expect(slugsOf(page.jobs)).not.toContain(fivePlus!.slug_url);
  });

  it('combines with the other filters and facets like any filter', async () => {
    const page = await findJobs({ max_years_experience: 0, departments: ['Engineering'], page_size: 240 }, deps);
    expect(page.jobs.every((job) => job.department === 'Engineering' && (job.years_experience === null || job.years_experience.min === 0))).toBe(true);
    const juniorOnly = await findJobs({ max_years_experience: 0, page_size: 240 }, deps);
    expect(page.count).toBe(juniorOnly.jobs.filter((job) => job.department === 'Engineering').length);
    expect(page.facets.department.Engineering).toBe(page.count);
  });

  it.each([-1, 31, 2.5, '3'])('rejects %j with a ZodError naming the field', async (value) => {
    const error = await findJobs({ max_years_experience: value }, deps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
    expect(JSON.stringify((error as ZodError).issues)).toContain('max_years_experience');
  });
});

describe('max_years_experience in the page URL, the feeds and its chip', () => {
  it('reads and writes ?max_years_experience=N (0 to 30), dropping what a garbled link holds', () => {
    const search = readJobSearch(new URLSearchParams('search=python&max_years_experience=3'));
    expect(search.max_years_experience).toBe(3);
    expect(writeJobSearch(search).toString()).toBe('search=python&max_years_experience=3');
    expect(toJobQuery(search, 20)).toMatchObject({ search: ['python'], max_years_experience: 3 });
    expect(feedQuery(search, { is_remote: ['remote'] })).toBe('?search=python&is_remote=remote&max_years_experience=3');
    for (const garbled of ['31', '-1', 'three', '']) expect(readJobSearch(new URLSearchParams(`max_years_experience=${garbled}`)).max_years_experience).toBeNull();
    expect(readJobSearch(new URLSearchParams('max_years_experience=0')).max_years_experience).toBe(0);
  });

  it('reads on its chip that jobs stating no requirement stay', () => {
    expect(maxYearsExperienceFilter.chip(3)).toBe('Up to 3 years’ experience (or unstated)');
    expect(maxYearsExperienceFilter.chip(1)).toBe('Up to 1 year’s experience (or unstated)');
    expect(maxYearsExperienceFilter.chip(0)).toBe('No experience asked (or unstated)');
    expect(maxYearsExperienceFilter.description).toContain('state no requirement are kept');
  });
});
