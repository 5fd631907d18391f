import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { NotFoundError } from '../errors';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { getJob } from './get-job';

const job = COHERE_JOBS[2]!;
const deps = { jobs: new InMemoryJobRepository(COHERE_JOBS) };

describe('getJob', () => {
  it('finds a job by company name in any case and slug without its leading slash', async () => {
    const found = await getJob({ company: 'COHERE', slug: job.slug_url.slice(1) }, deps);
    expect(found).toMatchObject({ job_title: job.job_title, slug_url: job.slug_url, company_name: 'Cohere' });
  });

  it('accepts the slug with its leading slash too', async () => {
    const found = await getJob({ company: 'Cohere', slug: job.slug_url }, deps);
    expect(found.job_url).toBe(job.job_url);
  });

  it('answers NotFoundError naming the job and company when unknown', async () => {
    await expect(getJob({ company: 'Cohere', slug: 'no-such-job' }, deps)).rejects.toThrow(
      new NotFoundError("No job 'no-such-job' at company 'Cohere'"),
    );
  });

  it('answers a closed job with the time it closed, so its page can say so', async () => {
    const closed = { ...job, closed_at: '2025-10-30T00:00:00.000Z' };
    const repo = { jobs: new InMemoryJobRepository([closed]) };
    expect(await getJob({ company: 'Cohere', slug: job.slug_url }, repo)).toMatchObject({ job_title: job.job_title, closed_at: '2025-10-30T00:00:00.000Z' });
  });

  it('rejects a missing company parameter', async () => {
    await expect(getJob({ slug: 'x' }, deps)).rejects.toBeInstanceOf(ZodError);
  });
});
