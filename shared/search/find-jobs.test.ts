import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createJobIndex } from './job-index';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { fixedClock } from '../time/clock';
import { findJobs, toSearchQuery } from './find-jobs';
import { JobQuerySchema } from './job-query';
import { toJobSummary } from '../jobs/job-summary';

const NOW = '2025-10-28T12:00:00.000Z';

const setup = (jobs = COHERE_JOBS) => ({
  index: createJobIndex(COHERE_JOBS.map(toJobSummary)),
  jobs: new InMemoryJobRepository(jobs),
  clock: fixedClock(NOW),
});

describe('findJobs', () => {
  it('returns the first page of every open job with the defaults when the body is empty, without descriptions', async () => {
    const page = await findJobs(undefined, setup());
    expect(page.count).toBe(4);
    expect(page.jobs.map((job) => job.job_title)[0]).toBe('Government Affairs & Public Policy Manager – UK');
    expect(page.jobs.every((job) => !('description' in job))).toBe(true);
    expect(page.facets.department).toEqual({ Research: 2, Product: 1, Legal: 1 });
  });

  it('answers search words, filters and paging with public jobs', async () => {
    const page = await findJobs({ page: 0, page_size: 1, search: ['technical', 'staff'], departments: ['Research'], is_remote: ['remote'] }, setup());
    expect(page.count).toBe(1);
    expect(page.jobs[0]).toMatchObject({ job_title: 'Member of Technical Staff, Pre-Training Data', is_remote: 'remote', work_location: ['Toronto, CA'] });
    expect(page.jobs[0]?.source).toEqual({ ats: 'ashby', board_token: 'cohere' });
    expect(page.facets.workplace).toEqual({ remote: 1, onsite: 1 });
  });

  it('reads descriptions from storage only when asked, leaving out a job closed after the index was built', async () => {
    const closed = { ...COHERE_JOBS[0]!, closed_at: '2025-10-29T00:00:00.000Z' };
    const page = await findJobs({ page_size: 240, include_description: true }, setup([closed, ...COHERE_JOBS.slice(1)]));
    expect(page.jobs.map((job) => job.slug_url)).not.toContain(closed.slug_url);
    expect(page.jobs.every((job) => 'description' in job)).toBe(true);
  });

  it('turns posted_within_days into an instant by the clock, and exclude_ghost into now', () => {
    const query = toSearchQuery(JobQuerySchema.parse({ posted_within_days: 7, exclude_ghost: true, countries: ['de', 'GB'], remote_from: 'us' }), new Date(NOW));
    expect(new Date(query.postedSinceMs!).toISOString()).toBe('2025-10-21T12:00:00.000Z');
    expect(query.excludeGhostAt?.toISOString()).toBe(NOW);
    expect([query.countries, query.remoteFrom]).toEqual([['DE', 'GB'], 'US']);
  });

  it.each([
    [{ page_size: 241 }, 'page_size'],
    [{ page: -1 }, 'page'],
    [{ page: '1' }, 'page'],
    [{ surprise: true }, 'surprise'],
    [{ departments: ['Astrology'] }, 'departments'],
    [{ min_salary_usd: -1 }, 'min_salary_usd'],
    [{ min_salary_usd: '100k' }, 'min_salary_usd'],
    [{ seniority: ['wizard'] }, 'seniority'],
    [{ employment_types: ['gig'] }, 'employment_types'],
    [{ posted_within_days: 0 }, 'posted_within_days'],
    [{ posted_within_days: 91 }, 'posted_within_days'],
    [{ countries: ['Germany'] }, 'countries'],
    [{ countries: ['XX'] }, 'countries'],
    [{ remote_from: 'ZZ' }, 'remote_from'],
    [{ exclude_companies: [''] }, 'exclude_companies'],
    [{ exclude_keywords: 'senior' }, 'exclude_keywords'],
    [{ visa_sponsorship: 'yes' }, 'visa_sponsorship'],
    [{ exclude_ghost: 1 }, 'exclude_ghost'],
    [{ sort: 'random' }, 'sort'],
  ])('rejects %j with a ZodError naming the field', async (body, field) => {
    const error = await findJobs(body, setup()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
    expect(JSON.stringify((error as ZodError).issues)).toContain(field);
  });
});
