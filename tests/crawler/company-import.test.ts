/**
 * The issue's replay target as a user runs it, on an empty isolated catalog: a company list naming
 * the 43 captured Ashby boards (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json, in
 * ../shared/data/ats/ashby) is imported with `npm run companies -- import`, then
 * `npm run crawl -- --replay DIR --json` ingests every listed posting that is a job, and a second
 * replay reports nothing new, changed or closed. A bad row of the list is reported and stops
 * nothing; importing the same list again changes nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { notAJobReason } from '../../shared/sources/non-jobs';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';

const run = promisify(execFile);
let catalog: IsolatedCatalog;
let tmp: string;
let replayDir: string;
/** Listed postings of the captures, and of those the ones that are jobs. */
let listed = 0;
let jobs = 0;
let boards: string[] = [];

const cli = async (script: string, ...args: string[]): Promise<string[]> => {
  const { tables, endpoint } = catalog.config.dynamodb;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra', 'local', script), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DYNAMODB_ENDPOINT: endpoint, JOBS_TABLE: tables.jobs, COMPANIES_TABLE: tables.companies, STATE_TABLE: tables.state, CI: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim().split('\n');
};
const lastJson = <T>(lines: string[]): T => JSON.parse(lines.at(-1)!) as T;

beforeAll(async () => {
  catalog = await isolatedCatalog();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'company-import-'));
  replayDir = path.join(catalog.config.sharedDataDir, 'ats');
  const ashbyDir = path.join(replayDir, 'ashby');
  boards = (await readdir(ashbyDir)).filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, ''));
  for (const board of boards) {
    const body = JSON.parse(await readFile(path.join(ashbyDir, `${board}.json`), 'utf8')) as { jobs: { title: string; isListed?: boolean }[] };
    const shown = body.jobs.filter((job) => job.isListed !== false);
    listed += shown.length;
    jobs += shown.filter((job) => notAJobReason(job.title) === null).length;
  }
  // Board tokens in lower case, as a list typed by hand would have them ("deepl" for DeepL.json).
  const rows = boards.map((board) => `${board.toLowerCase()},ashby,${board.toLowerCase()}`);
  await writeFile(path.join(tmp, 'boards.csv'), ['company,ats,board_token', ...rows.slice(0, 20), 'acme,bamboohr,acme', ...rows.slice(20)].join('\n'));
});

afterAll(async () => {
  await catalog?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('import a company list, then replay its boards', () => {
  it('imports every good row and reports the bad one with its reason', async () => {
    const lines = await cli('companies-cli.ts', 'import', path.join(tmp, 'boards.csv'), '--json');
    expect(lines.join('\n')).toContain(`${boards.length + 1} rows: ${boards.length} added, 0 updated, 0 unchanged, 1 rejected.`);
    expect(lastJson(lines)).toEqual({
      added: 43,
      updated: 0,
      unchanged: 0,
      rejected: [{ line: 22, company: 'acme', reason: expect.stringMatching(/^ats "bamboohr" is not one of ashby, greenhouse, /) as unknown }],
    });
    expect(await catalog.storage.companies.listAll()).toHaveLength(43);
    // No jobs yet: none of them is on the public lists.
    expect(await catalog.storage.companies.listListed()).toEqual([]);
  }, 60_000);

  it('importing the same list again changes nothing', async () => {
    const again = lastJson<{ added: number; updated: number; unchanged: number }>(await cli('companies-cli.ts', 'import', path.join(tmp, 'boards.csv'), '--json'));
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 43 });
  }, 60_000);

  it('the replay ingests every listed posting that is a job, and counts the rest as not jobs', async () => {
    const figures = lastJson<{ companies: Record<string, number>; jobs: Record<string, number> }>(await cli('crawl-cli.ts', '--replay', replayDir, '--json'));
    expect(listed).toBe(1333);
    expect(figures.companies).toMatchObject({ ok: 43, failing: 0 });
    expect(figures.jobs).toMatchObject({ new: jobs, changed: 0, closed: 0, not_jobs: listed - jobs });
    expect(await catalog.storage.jobs.listOpenSummaries()).toHaveLength(jobs);
    const companies = await catalog.storage.companies.listListed();
    expect(companies).toHaveLength(43);
    // Imported under their board tokens, named as their own postings write them (issue 15.1).
    const names = new Map(companies.map((company) => [company.company_key, company.company_name]));
    expect([names.get('lmarena'), names.get('hcompany'), names.get('manusai'), names.get('n8n'), names.get('worldlabs')]).toEqual(['LMArena', 'H Company', 'Manus', 'n8n', 'World Labs']);
    expect((await catalog.storage.jobs.listByCompany('hcompany')).every((job) => job.company_name === 'H Company')).toBe(true);
  }, 180_000);

  it('a second replay reports nothing new, changed or closed', async () => {
    const figures = lastJson<{ jobs: Record<string, number> }>(await cli('crawl-cli.ts', '--replay', replayDir, '--json'));
    expect(figures.jobs).toMatchObject({ new: 0, changed: 0, closed: 0, reopened: 0, unchanged: jobs });
  }, 120_000);
});
