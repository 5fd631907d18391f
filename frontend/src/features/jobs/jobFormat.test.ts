import { describe, it, expect } from 'vitest';
import { applyTarget, postedAgo, salaryRange, workplaceLabel } from './jobFormat';

const now = new Date('2025-10-28T12:00:00Z');

describe('postedAgo', () => {
  it('reads days, hours, months and years the way people say them', () => {
    expect(postedAgo('2025-10-25T12:00:00Z', now)).toBe('3 days ago');
    expect(postedAgo('2025-10-28T09:30:00Z', now)).toBe('2 hours ago');
    expect(postedAgo('2025-10-28T11:55:00Z', now)).toBe('5 minutes ago');
    expect(postedAgo('2025-08-20T12:00:00Z', now)).toBe('2 months ago');
    // Cohere's "Senior Member of Technical Staff, Multimodal AI" (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/cohere.json)
    expect(postedAgo('2024-12-03T14:25:43.571+00:00', now)).toBe('10 months ago');
    expect(postedAgo('2023-01-01T00:00:00Z', now)).toBe('2 years ago');
  });

  it('says "just now" for the last minute and for times in the future', () => {
    expect(postedAgo('2025-10-28T11:59:30Z', now)).toBe('just now');
    expect(postedAgo('2025-10-29T00:00:00Z', now)).toBe('just now');
  });

  it('gives an empty string for a date it cannot read', () => {
    expect(postedAgo('not a date', now)).toBe('');
  });
});

describe('salaryRange', () => {
  it('shows thousands of USD when both ends are known', () => {
    expect(salaryRange(180, 250)).toBe('$180k - $250k');
    expect(salaryRange(152.5, 200)).toBe('$153k - $200k');
  });

  it('shows nothing when an end is missing', () => {
    expect(salaryRange(null, 250)).toBeNull();
    expect(salaryRange(180, null)).toBeNull();
  });
});

describe('workplaceLabel', () => {
  it('names each workplace type', () => {
    expect(['remote', 'hybrid', 'onsite'].map((w) => workplaceLabel(w as 'remote'))).toEqual(['Remote', 'Hybrid', 'On-site']);
  });
});

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
