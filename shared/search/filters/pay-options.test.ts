/**
 * The pay filters a job seeker meets in `POST /jobs` (declared in ./min-salary.ts and
 * ./pay-options.ts): the pay floor with and without our estimates, leaving out postings without
 * the range a law expects, and the answer's pay histogram, on real postings of the Ashby captures
 * (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json, copied to ../shared/data/ats/ashby)
 * read through the Ashby adapter; and their page URL and chips.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InMemoryJobRepository } from '../../../tests/support/in-memory-ports';
import { toJobSummary } from '../../jobs/job-summary';
import { jobsAtLeast } from '../../pay/pay-histogram';
import { parseAshbyBoard } from '../../sources/ashby';
import { fixedClock } from '../../time/clock';
import { findJobs } from '../find-jobs';
import { createJobIndex } from '../job-index';
import { readJobSearch, toJobQuery, writeJobSearch } from '../job-search-url';
import { excludeMissingPayRangeFilter, includeEstimatedPayFilter } from './pay-options';

const ASHBY_DIR = fileURLToPath(new URL('../../../../shared/data/ats/ashby/', import.meta.url));
const clock = fixedClock('2026-11-26T12:00:00.000Z');

/** Boards with posted pay (Notion's in its descriptions) and without, in US and European places: 240 jobs or fewer, one page. */
const jobs = ['notion', 'elevenlabs', 'cursor'].flatMap((board) => {
  const body = JSON.parse(readFileSync(`${ASHBY_DIR}${board}.json`, 'utf8')) as unknown;
  const company = { company_key: board, company_name: board, company_url: `https://${board}.example`, company_logo: null };
  return parseAshbyBoard(body, { company, boardToken: board, clock }).jobs;
});
const deps = { index: createJobIndex(jobs.map(toJobSummary)), jobs: new InMemoryJobRepository(jobs), clock };
const ALL = { page_size: 240 };

it('reads one page of every job', () => expect(jobs.length).toBeLessThanOrEqual(240));

describe('POST /jobs pay floor, estimates and missing ranges', () => {
  it('counts only posted pay by default, and our estimates too with include_estimated_pay', async () => {
    const posted = await findJobs({ ...ALL, min_salary_usd: 150_000 }, deps);
    const withEstimates = await findJobs({ ...ALL, min_salary_usd: 150_000, include_estimated_pay: true }, deps);
    expect(posted.jobs.every((job) => job.compensation !== null)).toBe(true);
    expect(withEstimates.count).toBeGreaterThan(posted.count);
    const estimatedOnly = withEstimates.jobs.filter((job) => job.salary_usd_year === null);
    expect(estimatedOnly.length).toBe(withEstimates.count - posted.count);
    for (const job of estimatedOnly) expect(job.pay_estimate!.max).toBeGreaterThanOrEqual(150_000);
  });

  it('leaves out postings without the range a law expects', async () => {
    const all = await findJobs(ALL, deps);
    const missing = all.jobs.filter((job) => job.pay_range_expected !== null);
    expect(missing.length).toBeGreaterThan(0);
    const kept = await findJobs({ ...ALL, exclude_missing_pay_range: true }, deps);
    expect(kept.count).toBe(all.count - missing.length);
    expect(kept.jobs.some((job) => job.pay_range_expected !== null)).toBe(false);
  });

  it('answers a pay histogram whose bands from a floor count what that floor keeps, with every other filter', async () => {
    for (const body of [{}, { departments: ['Engineering'] }, { include_estimated_pay: true }, { search: ['engineer'], include_estimated_pay: true }]) {
      const page = await findJobs({ ...ALL, ...body, min_salary_usd: 200_000 }, deps);
      for (const floor of [100_000, 200_000, 300_000]) {
        const kept = await findJobs({ ...ALL, ...body, min_salary_usd: floor }, deps);
        expect(jobsAtLeast(page.pay_histogram, floor), JSON.stringify({ body, floor })).toBe(kept.count);
      }
      const unfloored = await findJobs({ ...ALL, ...body }, deps);
      expect(page.pay_histogram.bands.reduce((sum, band) => sum + band.count, 0) + page.pay_histogram.without_pay).toBe(unfloored.count);
    }
  });
});

describe('the pay options in the page URL and their chips', () => {
  it('reads and writes ?include_estimated_pay=true and ?exclude_missing_pay_range=true', () => {
    const search = readJobSearch(new URLSearchParams('min_salary_usd=150000&include_estimated_pay=true&exclude_missing_pay_range=true'));
    expect(writeJobSearch(search).toString()).toBe('min_salary_usd=150000&include_estimated_pay=true&exclude_missing_pay_range=true');
    expect(toJobQuery(search, 20)).toMatchObject({ min_salary_usd: 150_000, include_estimated_pay: true, exclude_missing_pay_range: true });
    expect(includeEstimatedPayFilter.chip(true)).toBe('Estimated pay counts');
    expect(excludeMissingPayRangeFilter.chip(true)).toBe('No missing pay ranges');
  });
});
