/**
 * The demo catalog on a first start (infra/local/seed.ts, shared/crawl/demo-catalog.ts): the
 * seed at today's clock dates the postings captured on 2025-10-28 as if captured today and is
 * recorded as a crawl run; a later day's start moves them on again, until a real crawl has run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoCrawlRuns } from '../lambdas/storage/crawl-runs';
import { NO_CHANGES } from '../shared/crawl/crawl-summary';
import { CAPTURED_ON, SEED_RUN_ID, refreshDemoCatalog, seedCatalog } from '../infra/local/seed';
import { isolatedCatalog, type IsolatedCatalog } from './support/dynamodb';
import { fixedClock } from '../shared/time/clock';
import { ghostReason } from '../shared/jobs/ghost';

let own: IsolatedCatalog;
let runs: DynamoCrawlRuns;
const TODAY = '2026-11-26T09:30:00.000Z';

beforeAll(async () => {
  own = await isolatedCatalog();
  runs = new DynamoCrawlRuns(own.storage.clients.doc, own.config.dynamodb.tables.state);
});
afterAll(() => own?.drop());

const openJobs = async () => {
  const companies = (await own.storage.companies.listAll()).filter((company) => company.job_count > 0);
  return (await Promise.all(companies.map((company) => own.storage.jobs.listByCompany(company.company_key)))).flat();
};

describe('the demo catalog', () => {
  it('dates the captured postings as if captured today and records the seed as a crawl run', async () => {
    const seeded = await seedCatalog({ repos: { ...own.storage, runs }, sharedDataDir: own.config.sharedDataDir, clock: fixedClock(TODAY), boardLists: false });
    expect(seeded.shiftDays).toBe(394);
    const jobs = await openJobs();
    expect(jobs.length).toBe(seeded.jobs);
    // First seen when the seed ran; the newest postings a few days before.
    expect(new Set(jobs.map((job) => job.first_seen_at))).toEqual(new Set([TODAY]));
    expect(jobs.every((job) => job.date_posted <= TODAY)).toBe(true);
    const week = jobs.filter((job) => Date.parse(TODAY) - Date.parse(job.date_posted) <= 7 * 86_400_000);
    expect(week.length).toBeGreaterThan(50);
    // The ghost signal keeps most jobs: as on a live crawl, only the long-open ones are marked.
    expect(jobs.filter((job) => ghostReason(job, new Date(TODAY)) === null).length).toBeGreaterThan(jobs.length / 3);

    const last = await runs.lastRun();
    expect(last).toMatchObject({ run_id: SEED_RUN_ID, started_at: TODAY, companies: { ok: seeded.listedCompanies, failing: 0 }, jobs: { new: seeded.jobs }, demo: { captured_on: CAPTURED_ON, shift_days: 394 } });
    const statuses = await runs.listSourceStatuses();
    expect(statuses).toHaveLength(seeded.listedCompanies);
    expect(statuses.reduce((sum, status) => sum + status.open_jobs, 0)).toBe(seeded.openJobs);
  });

  it('moves the dates on at a later day’s start, once, and never after a real crawl', async () => {
    const before = await openJobs();
    const version = await own.storage.catalogVersion.current();
    expect(await refreshDemoCatalog({ ...own.storage, runs }, fixedClock('2026-11-26T23:00:00.000Z'))).toBe(0);
    expect(await refreshDemoCatalog({ ...own.storage, runs }, fixedClock('2026-11-29T08:00:00.000Z'))).toBe(3);
    const after = new Map((await openJobs()).map((job) => [job.slug_url, job]));
    for (const job of before.slice(0, 20)) expect(Date.parse(after.get(job.slug_url)!.date_posted) - Date.parse(job.date_posted)).toBe(3 * 86_400_000);
    expect(await own.storage.catalogVersion.current()).not.toBe(version);
    expect((await runs.lastRun())?.demo?.shift_days).toBe(397);

    await runs.recordRun({ run_id: 'crawl-1', started_at: '2026-11-29T09:00:00.000Z', finished_at: '2026-11-29T09:05:00.000Z', elapsed_ms: 300_000, companies: { ok: 1, failing: 0, skipped: 0 }, jobs: NO_CHANGES, failures: [], catalog_version_bumped: false });
    expect(await refreshDemoCatalog({ ...own.storage, runs }, fixedClock('2026-12-05T08:00:00.000Z'))).toBe(0);
  });
});
