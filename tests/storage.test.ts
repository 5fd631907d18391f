// The DynamoDB repositories against DynamoDB Local, on the real catalog seeded from
// ../shared/data (ats/ashby/*.json: stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb;
// companies/registry.csv and profiles: see shared/companies/registry.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { toJobSummary, type JobKey, type JobSummary } from '../shared/jobs/job-summary';
import type { Job } from '../shared/jobs/job';
import { recountOpenJobs } from '../lambdas/storage/job-counts';
import { seedCatalog } from '../infra/local/seed';
import { fixedClock } from '../shared/time/clock';
import { isolatedCatalog, sharedStorage, type IsolatedCatalog } from './support/dynamodb';

// Counted from the data: 43 Ashby captures holding 1,333 postings, 10 of them not jobs
// (shared/sources/non-jobs.ts); 438 registry rows of which two are duplicates ("scale"/"scaleai",
// "stability"/"stabilityai").
const LISTED_COMPANIES = 43;
const OPEN_JOBS = 1_323;
const REGISTRY_COMPANIES = 436;

const keyOf = (job: { company_key: string; slug_url: string }): JobKey => ({ company_key: job.company_key, slug_url: job.slug_url });

describe('the seeded catalog', () => {
  const storage = sharedStorage();
  // The shared catalog never changes during a run; one read of the open index serves every test.
  let summaries: JobSummary[];
  beforeAll(async () => {
    summaries = await storage.jobs.listOpenSummaries();
  });

  it('holds 43 listed companies and 1,323 open jobs', async () => {
    expect(inject('seedCounts')).toEqual({
      companies: REGISTRY_COMPANIES,
      listedCompanies: LISTED_COMPANIES,
      jobs: OPEN_JOBS,
      openJobs: OPEN_JOBS,
    });
    const listed = await storage.companies.listListed();
    expect(listed).toHaveLength(LISTED_COMPANIES);
    expect(summaries).toHaveLength(OPEN_JOBS);
    expect(await storage.companies.listAll()).toHaveLength(REGISTRY_COMPANIES);
  });

  it('lists companies by name, each with the count of its open jobs', async () => {
    const listed = await storage.companies.listListed();
    const keys = listed.map((company) => company.company_key);
    expect(keys).toEqual([...keys].sort());
    const open = new Map<string, number>();
    for (const summary of summaries) {
      open.set(summary.company_key, (open.get(summary.company_key) ?? 0) + 1);
    }
    for (const company of listed) expect(company.job_count).toBe(open.get(company.company_key));
    expect(listed.find((company) => company.company_key === 'cohere')).toMatchObject({ company_name: 'Cohere', job_count: 71 });
    expect(listed[0]).not.toHaveProperty('listed');
  });

  it('reads one company by key, listed or not', async () => {
    expect(await storage.companies.get('deepl')).toMatchObject({ company_name: 'DeepL', ats: 'ashby', board_token: 'deepl', job_count: 53 }); // 54 postings, one its internal job board
    expect(await storage.companies.get('anthropic')).toMatchObject({ company_name: 'Anthropic', job_count: 0, hq: 'San Francisco, United States' });
    expect(await storage.companies.get('no such company')).toBeNull();
  });

  it('lists a company’s jobs and reads each back by key', async () => {
    const jobs = await storage.jobs.listByCompany('cohere');
    expect(jobs).toHaveLength(71);
    const first = jobs.find((job) => job.source.job_id === '443368a3-6276-4b90-9671-27fed40fd6d2');
    expect(first).toMatchObject({
      company_key: 'cohere',
      company_name: 'Cohere',
      job_title: 'Senior Member of Technical Staff, Multimodal AI',
      closed_at: null,
      first_seen_at: '2025-10-28T12:00:00.000Z',
    });
    expect(first).not.toHaveProperty('open');
    expect(await storage.jobs.get(keyOf(first as Job))).toEqual(first);
    expect(await storage.jobs.get({ company_key: 'cohere', slug_url: '/no-such-job' })).toBeNull();
    expect(await storage.jobs.listByCompany('no such company')).toEqual([]);
  });

  it('gives open-job summaries newest first, matching the stored jobs', async () => {
    const dates = summaries.map((summary) => summary.date_posted);
    expect(dates).toEqual([...dates].sort().reverse());
    const sample = summaries.filter((_, index) => index % 97 === 0);
    const jobs = await storage.jobs.getMany(sample.map(keyOf));
    expect(jobs.map(toJobSummary)).toEqual(sample);
  });

  it('reads many jobs in the order asked, across batches, leaving unknown keys out', async () => {
    const keys = summaries.slice(0, 250).map(keyOf).reverse();
    const asked = [keys[0] as JobKey, { company_key: 'cohere', slug_url: '/missing' }, ...keys.slice(1), keys[0] as JobKey];
    const jobs = await storage.jobs.getMany(asked);
    expect(jobs.map(keyOf)).toEqual([...keys, keys[0]]);
    expect(await storage.jobs.getMany([])).toEqual([]);
  });
});

describe('writing the catalog', () => {
  let catalog: IsolatedCatalog;
  beforeAll(async () => {
    catalog = await isolatedCatalog({ seed: true });
  });
  afterAll(async () => {
    await catalog?.drop();
  });

  it('starts from the same counts as the shared catalog, at version 1', async () => {
    expect(catalog.seed).toMatchObject({ seeded: true, listedCompanies: LISTED_COMPANIES, openJobs: OPEN_JOBS });
    // Every posting left out is one that is not a job (shared/sources/non-jobs.ts).
    expect(catalog.seed?.skipped.map((skip) => skip.reason.replace(/:.*/, ''))).toEqual(Array(10).fill('not a job'));
    expect(await catalog.storage.catalogVersion.current()).toBe('1');
  });

  it('takes a closed job out of the open index and, once recounted, out of its company’s count and listing', async () => {
    const { jobs, companies } = catalog.storage;
    // Windsurf's capture holds one posting: closing it unlists the company.
    const [windsurfJob] = await jobs.listByCompany('windsurf');
    const [oneOfCohere] = await jobs.listByCompany('cohere');
    const closedAt = '2025-11-01T00:00:00.000Z';
    await jobs.putMany([
      { ...(windsurfJob as Job), closed_at: closedAt },
      { ...(oneOfCohere as Job), closed_at: closedAt },
    ]);

    const open = await jobs.listOpenSummaries();
    expect(open).toHaveLength(OPEN_JOBS - 2);
    expect(open.some((summary) => summary.company_key === 'windsurf')).toBe(false);
    expect(await jobs.get(keyOf(windsurfJob as Job))).toMatchObject({ closed_at: closedAt });

    expect(await recountOpenJobs(catalog.storage)).toBe(2);
    expect(await companies.get('cohere')).toMatchObject({ job_count: 70 });
    expect(await companies.get('windsurf')).toMatchObject({ job_count: 0 });
    const listed = await companies.listListed();
    expect(listed).toHaveLength(LISTED_COMPANIES - 1);
    expect(listed.some((company) => company.company_key === 'windsurf')).toBe(false);
    expect(await recountOpenJobs(catalog.storage)).toBe(0);
  });

  it('stores a description gzipped, under half its size, and reads it back as written, as it reads one stored before in plain', async () => {
    const { jobs, clients } = catalog.storage;
    const table = catalog.config.dynamodb.tables.jobs;
    const written = await jobs.listByCompany('cohere');
    const job = written.find((candidate) => (candidate.description ?? '').length > 4_000) as Job;
    const { Item } = await clients.doc.send(new GetCommand({ TableName: table, Key: keyOf(job) }));
    expect(Item).not.toHaveProperty('description');
    expect((Item?.description_gz as Uint8Array).length).toBeLessThan(Buffer.byteLength(job.description ?? '') / 2);

    // An item written before the descriptions were gzipped holds the plain text.
    const { description_gz: _packed, ...plain } = Item as Record<string, unknown>;
    await clients.doc.send(new PutCommand({ TableName: table, Item: { ...plain, description: job.description } }));
    expect(await jobs.get(keyOf(job))).toEqual(job);
    expect(await jobs.getMany([keyOf(job)])).toEqual([job]);
    expect((await jobs.listByCompany('cohere')).find((candidate) => candidate.slug_url === job.slug_url)).toEqual(job);
  });

  it('refuses an invalid job without writing anything', async () => {
    const [job] = await catalog.storage.jobs.listByCompany('cohere');
    const renamed = { ...(job as Job), job_title: 'Renamed' };
    const invalid = { ...(job as Job), slug_url: 'Not A Slug' };
    await expect(catalog.storage.jobs.putMany([renamed, invalid])).rejects.toThrow(/slug_url/);
    expect(await catalog.storage.jobs.get(keyOf(job as Job))).toMatchObject({ job_title: (job as Job).job_title });
  });

  it('seeds again without reset: nothing changes', async () => {
    const before = await catalog.storage.catalogVersion.current();
    const again = await seedCatalog({
      repos: catalog.storage,
      sharedDataDir: catalog.config.sharedDataDir,
      clock: fixedClock('2025-12-01T00:00:00.000Z'),
    });
    expect(again).toMatchObject({ seeded: false, jobs: 0, companies: 0 });
    expect(await catalog.storage.catalogVersion.current()).toBe(before);
    expect(await catalog.storage.jobs.listOpenSummaries()).toHaveLength(OPEN_JOBS - 2);
  });

  it('reloads the whole catalog on reset and moves the version on', async () => {
    const before = Number(await catalog.storage.catalogVersion.current());
    const reset = await seedCatalog({
      repos: catalog.storage,
      sharedDataDir: catalog.config.sharedDataDir,
      clock: fixedClock('2025-12-01T00:00:00.000Z'),
      reset: true,
      boardLists: false,
    });
    expect(reset).toMatchObject({
      seeded: true,
      cleared: { jobs: OPEN_JOBS, companies: REGISTRY_COMPANIES },
      listedCompanies: LISTED_COMPANIES,
      openJobs: OPEN_JOBS,
    });
    expect(Number(await catalog.storage.catalogVersion.current())).toBe(before + 1);
    expect(await catalog.storage.jobs.listOpenSummaries()).toHaveLength(OPEN_JOBS);
    expect(await catalog.storage.companies.listListed()).toHaveLength(LISTED_COMPANIES);
    const [windsurfJob] = await catalog.storage.jobs.listByCompany('windsurf');
    expect(windsurfJob).toMatchObject({ closed_at: null, first_seen_at: '2025-12-01T00:00:00.000Z' });
  });
});
