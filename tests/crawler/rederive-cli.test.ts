/**
 * `npm run rederive` as a user runs it, on an isolated catalog holding Cohere's captured jobs
 * (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/cohere.json) as stored under older rules
 * (no seniority, no yearly USD pay, the board's blurb skill "RAG" on every job, no places) plus a
 * talent pool posting: the jobs get today's fields back, the talent pool closes, a second run changes
 * nothing.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { newCompany } from '../../shared/companies/company';
import type { Job } from '../../shared/jobs/job';
import { parseAshbyBoard } from '../../shared/sources/ashby';
import { fixedClock } from '../../shared/time/clock';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';

const run = promisify(execFile);
let catalog: IsolatedCatalog;
let today: Job[];

const rederive = async (): Promise<{ read: number; changed: number; closed: number; fields: Record<string, number> }> => {
  const { tables, endpoint } = catalog.config.dynamodb;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra', 'local', 'rederive-cli.ts'), '--json'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DYNAMODB_ENDPOINT: endpoint, JOBS_TABLE: tables.jobs, COMPANIES_TABLE: tables.companies, STATE_TABLE: tables.state, CI: '1' },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { read: number; changed: number; closed: number; fields: Record<string, number> };
};

beforeAll(async () => {
  catalog = await isolatedCatalog();
  const body = JSON.parse(await readFile(path.join(catalog.config.sharedDataDir, 'ats', 'ashby', 'cohere.json'), 'utf8')) as unknown;
  const company = newCompany('Cohere', { ats: 'ashby', board_token: 'cohere' });
  today = parseAshbyBoard(body, { company, boardToken: 'cohere', clock: fixedClock('2025-10-28T12:00:00.000Z') }).jobs;
  const stale = today.map((job) => ({ ...job, seniority: null, salary_usd_year: null, skills: [...new Set([...job.skills, 'RAG'])], locations: [] }));
  const talentPool = { ...today[0]!, slug_url: '/engineering-talent-pool-x1', job_title: 'Engineering Talent Pool', source: { ...today[0]!.source, job_id: 'x1' } };
  await catalog.storage.jobs.putMany([...stale, talentPool]);
  await catalog.storage.companies.putMany([{ ...company, job_count: stale.length + 1 }]);
});

afterAll(async () => {
  await catalog?.drop();
});

describe('npm run rederive', () => {
  it('gives stored jobs today\'s fields back from what they store, and closes the talent pool', async () => {
    const figures = await rederive();
    expect(figures).toMatchObject({ read: today.length + 1, closed: 1 });
    expect(figures.fields.seniority).toBeGreaterThanOrEqual(today.filter((job) => job.seniority !== null).length);
    expect(figures.fields.salary_usd_year ?? 0).toBe(today.filter((job) => job.salary_usd_year !== null).length);
    expect(figures.fields.locations).toBe(today.filter((job) => job.locations.length > 0).length);
    const stored = await catalog.storage.jobs.listByCompany('cohere');
    const bySlug = new Map(stored.map((job) => [job.slug_url, job]));
    for (const job of today) expect(bySlug.get(job.slug_url)).toMatchObject({ seniority: job.seniority, salary_usd_year: job.salary_usd_year, skills: job.skills, locations: job.locations });
    expect(bySlug.get('/engineering-talent-pool-x1')?.closed_at).not.toBeNull();
    expect((await catalog.storage.companies.get('cohere'))?.job_count).toBe(today.length);
  }, 60_000);

  it('a second run changes nothing', async () => {
    expect(await rederive()).toMatchObject({ changed: 0, closed: 0 });
  }, 60_000);
});
