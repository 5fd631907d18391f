import { describe, expect, it } from 'vitest';
import { toPublicListJob } from '../jobs/job';
import { createJobIndex } from './job-index';
import { REAL_SUMMARIES } from './real-job-summaries.fixture';
import { similarity, similarJobs } from './similar-jobs';

const deps = { index: createJobIndex(REAL_SUMMARIES), jobs: { getMany: async () => [] }, clock: () => new Date('2026-11-26T00:00:00Z') };
const jobs = REAL_SUMMARIES.map(toPublicListJob);

describe('similarJobs', () => {
  it('answers open jobs of the same department, most alike first, never the job itself', async () => {
    for (const job of jobs.slice(0, 10)) {
      const similar = await similarJobs(job, { excludeSameCompany: false, limit: 5 }, deps);
      expect(similar.every((other) => other.department === job.department)).toBe(true);
      expect(similar.some((other) => other.company_name === job.company_name && other.slug_url === job.slug_url)).toBe(false);
      const scores = similar.map((other) => similarity(job, other));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('leaves out the company’s own jobs when asked', async () => {
    const job = jobs[0]!;
    const similar = await similarJobs(job, { excludeSameCompany: true, limit: 20 }, deps);
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.every((other) => other.company_name !== job.company_name)).toBe(true);
  });

  it('scores a shared title above shared skills above nothing in common', () => {
    const base = jobs[0]!;
    const sameTitle = { ...base, company_name: 'Other', skills: [], seniority: null, is_remote: 'onsite' as const, locations: [] };
    const sameSkills = { ...sameTitle, job_title: 'Unrelated Role Entirely' , skills: base.skills };
    const nothing = { ...sameSkills, skills: [] };
    expect(similarity(base, sameTitle)).toBeGreaterThan(similarity(base, sameSkills));
    expect(similarity(base, sameSkills)).toBeGreaterThanOrEqual(similarity(base, nothing));
    expect(similarity(base, base)).toBe(8);
  });
});
