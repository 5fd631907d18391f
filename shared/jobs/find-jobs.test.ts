import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { COHERE_JOBS } from '../testing/cohere-fixtures';
import { InMemoryJobRepository } from '../testing/in-memory-ports';
import { findJobs, type JobSearch } from './find-jobs';
import type { Job } from './job';

/** A brute-force stand-in for the search index: filters, newest first, pages. */
const bruteForceSearch = (jobs: readonly Job[]): JobSearch & { queries: unknown[] } => {
  const queries: unknown[] = [];
  return {
    queries,
    search(query) {
      queries.push(query);
      const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = jobs
        .filter((job) => words.every((word) => `${job.job_title} ${job.company_name}`.toLowerCase().includes(word)))
        .filter((job) => query.departments === null || query.departments.includes(job.department))
        .filter((job) => query.workplaces === null || query.workplaces.includes(job.workplace_type))
        .sort((a, b) => b.date_posted.localeCompare(a.date_posted));
      const start = query.page * query.pageSize;
      return { keys: hits.slice(start, start + query.pageSize), count: hits.length };
    },
  };
};

const setup = (jobs: Job[] = COHERE_JOBS) => {
  const repo = new InMemoryJobRepository(jobs);
  const index = bruteForceSearch(jobs);
  return { index, deps: { index, jobs: repo } };
};

describe('findJobs', () => {
  it('returns the first page of every open job with the defaults when the body is empty', async () => {
    const { deps, index } = setup();
    const page = await findJobs(undefined, deps);
    expect(page.count).toBe(4);
    expect(page.jobs.map((job) => job.job_title)[0]).toBe('Government Affairs & Public Policy Manager – UK');
    expect(index.queries[0]).toEqual({ text: null, departments: null, workplaces: null, page: 0, pageSize: 20 });
  });

  it('passes search words, filters and paging to the index and returns public jobs', async () => {
    const { deps, index } = setup();
    const page = await findJobs(
      { page: 0, page_size: 1, search: ['technical', 'staff'], departments: ['Research'], is_remote: ['remote'] },
      deps,
    );
    expect(index.queries[0]).toEqual({ text: 'technical staff', departments: ['Research'], workplaces: ['remote'], page: 0, pageSize: 1 });
    expect(page.count).toBe(1);
    expect(page.jobs[0]).toMatchObject({ job_title: 'Member of Technical Staff, Pre-Training Data', is_remote: 'remote', work_location: ['Toronto, CA'] });
    expect(page.jobs[0]?.source).toEqual({ ats: 'ashby', board_token: 'cohere' });
  });

  it('leaves out a job closed after the index was built', async () => {
    const closed = { ...COHERE_JOBS[0]!, closed_at: '2025-10-29T00:00:00.000Z' };
    const repo = new InMemoryJobRepository([closed, ...COHERE_JOBS.slice(1)]);
    const page = await findJobs({ page_size: 240 }, { index: bruteForceSearch(COHERE_JOBS), jobs: repo });
    expect(page.jobs.map((job) => job.slug_url)).not.toContain(closed.slug_url);
  });

  it.each([
    [{ page_size: 241 }, 'page_size'],
    [{ page: -1 }, 'page'],
    [{ page: '1' }, 'page'],
    [{ surprise: true }, 'surprise'],
    [{ departments: ['Astrology'] }, 'departments'],
  ])('rejects %j with a ZodError naming the field', async (body, field) => {
    const { deps } = setup();
    const error = await findJobs(body, deps).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
    expect(JSON.stringify((error as ZodError).issues)).toContain(field);
  });
});
