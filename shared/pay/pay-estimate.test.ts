import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { MIN_BASIS, payEstimator, withPayEstimates } from './pay-estimate';
import { titleFamily } from './title-family';

// The 43 captured Ashby boards (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json, in ../shared/data/ats/ashby, MIT).
const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));
const jobs: Job[] = readdirSync(ASHBY_DIR)
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => {
    const token = name.replace(/\.json$/, '');
    const company = { company_key: token.toLowerCase(), company_name: token, company_url: null, company_logo: null };
    return parseAshbyBoard(JSON.parse(readFileSync(ASHBY_DIR + name, 'utf8')), { company, boardToken: token, clock: fixedClock('2025-10-28T12:00:00.000Z') }).jobs;
  });
const bySlug = (slug: string): Job => jobs.find((job) => job.slug_url === slug)!;

describe('titleFamily', () => {
  it.each([
    ['Senior Software Engineer, Payments', 'software engineer'],
    ['Member of Technical Staff, Inference', 'software engineer'],
    ['Machine Learning Research Engineer', 'ml engineer'],
    ['Engineering Manager, AI Meeting Notes', 'engineering manager'],
    ['Enterprise Account Executive, United States Healthcare', 'account executive'],
    ['Research Scientist, Post-training', 'research scientist'],
    ['Senior Product Designer', 'product designer'],
    ['Commercial Counsel', 'legal'],
  ])('%s → %s', (title, family) => expect(titleFamily(title)).toBe(family));
});

describe('pay estimate over the captured catalog', () => {
  const estimated = withPayEstimates(jobs);

  it('gives jobs without posted pay a USD-a-year range from at least the minimum number of similar postings', () => {
    const withEstimate = estimated.filter((job) => job.pay_estimate);
    expect(withEstimate.length).toBeGreaterThan(400);
    for (const job of withEstimate) {
      expect(job.salary_usd_year).toBeNull();
      expect(job.pay_estimate!.basis_count).toBeGreaterThanOrEqual(MIN_BASIS);
      expect(job.pay_estimate!.min).toBeLessThanOrEqual(job.pay_estimate!.max);
      expect(job.pay_estimate).toMatchObject({ currency: 'USD', period: 'year' });
    }
  });

  it('never estimates a job whose pay is posted', () => {
    for (const job of estimated.filter((candidate) => candidate.salary_usd_year !== null)) expect(job.pay_estimate ?? null).toBeNull();
  });

  it("estimates a US engineer from postings like it in the US: ElevenLabs' Enterprise Solutions Engineer (San Francisco, New York)", () => {
    const job = bySlug('/enterprise-solutions-engineer-275f43d0');
    const estimate = estimated.find((candidate) => candidate.slug_url === job.slug_url)!.pay_estimate!;
    expect(estimate.scope.place === 'US' || estimate.scope.place === 'San Francisco, US').toBe(true);
    expect(estimate.min).toBeGreaterThan(100_000);
    expect(estimate.max).toBeLessThan(400_000);
  });

  it('leaves a hidden job out of its own basis (the back-test of bench:pay)', () => {
    const estimator = payEstimator(jobs);
    const paid = jobs.find((job) => job.salary_usd_year?.min != null && estimator.estimate(job) !== null)!;
    expect(estimator.estimate(paid, paid)!.basis_count).toBe(estimator.estimate(paid)!.basis_count - 1);
  });

  it('gives no estimate from fewer postings than the minimum', () => {
    const few = jobs.filter((job) => job.salary_usd_year?.min != null).slice(0, MIN_BASIS - 1);
    const lonely = jobs.find((job) => job.salary_usd_year === null)!;
    expect(payEstimator([...few, lonely]).estimate(lonely)).toBeNull();
  });
});
