import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyKey } from '../shared/companies/company';
import { toPublicListJob } from '../shared/jobs/job';
import { REAL_SUMMARIES } from '../shared/search/real-job-summaries.fixture';
import { readCatalogFile } from './catalog-file';

let folder: string;
const file = (name: string) => path.join(folder, name);
const keysOf = (jobs: readonly { company_key: string; slug_url: string }[]) => jobs.map(({ company_key, slug_url }) => `${company_key}/${slug_url}`);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'catalog-file-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('readCatalogFile', () => {
  it('reads stored summaries as JSON Lines, gzip’d', async () => {
    await writeFile(file('summaries.jsonl.gz'), gzipSync(REAL_SUMMARIES.map((job) => JSON.stringify(job)).join('\n')));
    const jobs = await readCatalogFile(file('summaries.jsonl.gz'));
    expect(jobs).toHaveLength(REAL_SUMMARIES.length);
    expect(jobs[0]).toEqual(REAL_SUMMARIES[0]);
  });

  it('reads the jobs of POST /api/jobs answers as the API serves them, giving them what only storage holds', async () => {
    const answer = { count: REAL_SUMMARIES.length, jobs: REAL_SUMMARIES.map((job) => toPublicListJob(job)) };
    await writeFile(file('answers.json'), JSON.stringify([answer, answer], null, 2));
    const jobs = await readCatalogFile(file('answers.json'));
    // The company key is made from the name (the registry's may differ: Character.AI's is "character").
    expect(keysOf(jobs)).toEqual([...REAL_SUMMARIES, ...REAL_SUMMARIES].map((job) => `${companyKey(job.company_name)}/${job.slug_url}`));
    expect(jobs.map((job) => job.workplace_type)).toEqual([...REAL_SUMMARIES, ...REAL_SUMMARIES].map((job) => job.workplace_type));
    expect(jobs[0]!.source).toEqual({ ...REAL_SUMMARIES[0]!.source, job_id: REAL_SUMMARIES[0]!.slug_url });
  });

  it('chooses the words search reads from a public job’s description', async () => {
    const job = { ...toPublicListJob(REAL_SUMMARIES[0]!), description: '<p>You will run <b>retrieval-augmented generation</b> with Terraform.</p>' };
    await writeFile(file('one.json'), JSON.stringify(job));
    const [read] = await readCatalogFile(file('one.json'));
    expect(read!.description_terms.split(' ')).toContain('terraform');
  });

  it('names the line and the field of a job that does not fit', async () => {
    const broken = { ...REAL_SUMMARIES[1], date_posted: 'yesterday' };
    await writeFile(file('broken.jsonl'), [JSON.stringify(REAL_SUMMARIES[0]), JSON.stringify(broken)].join('\n'));
    await expect(readCatalogFile(file('broken.jsonl'))).rejects.toThrow(/broken\.jsonl:2: not a job: date_posted/);
  });
});
