/**
 * Re-deriving stored jobs on the 43 captured Ashby boards (stapply-ai/ats-scrapers@43ece6fd:
 * ashby/companies/*.json, in ../shared/data/ats/ashby): jobs stored under older rules get today's
 * normalised fields back from what they store; jobs stored under today's rules stay as they are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { fixedClock } from '../time/clock';
import { parseAshbyBoard } from '../sources/ashby';
import { rederiveJobs } from './rederive';

const DIR = new URL('../../../shared/data/ats/ashby/', import.meta.url);
const jobs: Job[] = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => {
    const board = name.replace(/\.json$/, '');
    const company = { company_key: board.toLowerCase(), company_name: board, company_url: null, company_logo: null };
    return parseAshbyBoard(JSON.parse(readFileSync(new URL(name, DIR), 'utf8')), { company, boardToken: board, clock: fixedClock('2025-10-28T12:00:00.000Z') }).jobs;
  });
const NOW = '2025-11-01T00:00:00.000Z';

describe('rederiveJobs', () => {
  it('leaves jobs stored under today\'s rules as they are (but for the few the stored description reads differently)', () => {
    const result = rederiveJobs(jobs, { now: NOW });
    expect(result.read).toBe(1323);
    // Ashby's own plain text is not stored; the stored description's text stands in (see rederive.ts).
    expect(result.changed.length).toBeLessThanOrEqual(13);
    expect(result.closed).toBe(0);
  });

  it('reads the pay of jobs stored before pay was read from descriptions, and keeps structured pay as stored', () => {
    const old = jobs.map((job) => (job.compensation?.stated_in === 'description' ? { ...job, compensation: null, min_salary: null, max_salary: null, salary_usd_year: null } : job));
    const result = rederiveJobs(old, { now: NOW });
    const fromText = jobs.filter((job) => job.compensation?.stated_in === 'description');
    expect(fromText.length).toBe(131);
    const after = new Map(result.changed.map((job) => [`${job.company_key}${job.slug_url}`, job]));
    for (const job of fromText) expect(after.get(`${job.company_key}${job.slug_url}`)?.compensation).toEqual(job.compensation);
    expect(result.fields.compensation).toBe(131);
  });

  it('gives jobs stored under older rules today\'s fields back, counted per field', () => {
    const old = jobs.map((job) => ({ ...job, seniority: null, visa_sponsorship: 'unknown' as const, salary_usd_year: null, years_experience: null, skills: [...job.skills, 'RAG'] }));
    const result = rederiveJobs(old, { now: NOW });
    const key = (job: Job) => `${job.company_key}${job.slug_url}`;
    const after = new Map(result.changed.map((job) => [key(job), job]));
    const restored = jobs.filter((job) => {
      const again = after.get(key(job));
      return again !== undefined && ['seniority', 'visa_sponsorship', 'salary_usd_year', 'years_experience', 'skills'].every((field) => JSON.stringify(again[field as keyof Job]) === JSON.stringify(job[field as keyof Job]));
    });
    expect(restored.length).toBeGreaterThanOrEqual(1323 - 13);
    expect(result.fields.skills).toBe(1323);
    expect(result.fields.salary_usd_year).toBe(jobs.filter((job) => job.salary_usd_year !== null).length);
    expect(result.closed).toBe(0);
  });

  it('reads places, workplace type, department and remote eligibility again from what the source published', () => {
    const old = jobs.map((job) => ({ ...job, locations: [], workplace_type: 'onsite' as const, department: 'Other' as const, remote_eligibility: null }));
    const result = rederiveJobs(old, { now: NOW });
    const after = new Map(result.changed.map((job) => [`${job.company_key}${job.slug_url}`, job]));
    const restored = jobs.filter((job) => {
      const again = after.get(`${job.company_key}${job.slug_url}`);
      return again !== undefined && ['locations', 'workplace_type', 'department', 'remote_eligibility'].every((field) => JSON.stringify(again[field as keyof Job]) === JSON.stringify(job[field as keyof Job]));
    });
    expect(restored.length).toBeGreaterThanOrEqual(1323 - 13);
    expect(result.fields.locations).toBe(1323);
    // One job reads its workplace from the stored description's text differently (see rederive.ts).
    expect(result.fields.workplace_type).toBeGreaterThanOrEqual(jobs.filter((job) => job.workplace_type !== 'onsite').length - 1);
    expect(result.fields.department).toBe(jobs.filter((job) => job.department !== 'Other').length);
  });

  it('keeps the places, workplace type and department of jobs stored before the source\'s fields were kept', () => {
    const stored = jobs.filter((job) => job.company_key === 'cohere').map((job) => ({ ...job, raw: null, locations: [], workplace_type: 'hybrid' as const, department: 'Other' as const }));
    const result = rederiveJobs(stored, { now: NOW });
    expect(result.fields.locations ?? 0).toBe(0);
    expect(result.fields.workplace_type ?? 0).toBe(0);
    expect(result.fields.department ?? 0).toBe(0);
  });

  it('files again a job stored before the source\'s fields were kept whose source gave no department (issue 24.2)', () => {
    // CONSTRUCTED title (the issue's report; no capture holds it) on a real cohere job stored without raw fields.
    const first = jobs.find((job) => job.company_key === 'cohere')!;
    const stored = { ...first, raw: null, source_department: null, job_title: 'Senior Software Engineer - Core UX Studio', department: 'Design' as const };
    const result = rederiveJobs([stored], { now: NOW });
    expect(result.changed[0]?.department).toBe('Engineering');
  });

  it('closes a stored open job that is not a job, and only that one', () => {
    const cohere = jobs.filter((job) => job.company_key === 'cohere');
    const talentPool = { ...cohere[0]!, slug_url: '/talent-pool-x', job_title: 'Talent Pool: Engineering', source: { ...cohere[0]!.source, job_id: 'x' } };
    const result = rederiveJobs([...cohere, talentPool], { now: NOW });
    expect(result.closed).toBe(1);
    expect(result.changed).toEqual([expect.objectContaining({ job_title: 'Talent Pool: Engineering', closed_at: NOW })]);
  });
});
