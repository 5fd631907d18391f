import { describe, expect, it } from 'vitest';
import { applyTarget } from './jobFormat';

describe('applyTarget', () => {
  const job = { company_name: 'Cohere', slug_url: '/ml-engineer-443368a3', job_url: 'https://jobs.ashbyhq.com/cohere/443368a3-6276-4b90-9671-27fed40fd6d2' };

  it('leads to our own job page when the job has a slug', () => {
    expect(applyTarget(job)).toEqual({ kind: 'internal', path: '/jobs/Cohere/ml-engineer-443368a3' });
    expect(applyTarget({ ...job, company_name: 'Prime Intellect' })).toEqual({ kind: 'internal', path: '/jobs/Prime%20Intellect/ml-engineer-443368a3' });
  });

  it("leads to the employer's page otherwise", () => {
    expect(applyTarget({ ...job, slug_url: '' })).toEqual({ kind: 'external', url: job.job_url });
  });
});
