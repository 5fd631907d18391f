/**
 * `npm run crawl` as a user runs it, on an isolated catalog: `--replay` of the 43 captured Ashby
 * boards (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json, in ../shared/data/ats/ashby)
 * loads all 1,323 jobs (the 1,333 postings less 10 that are not jobs), the last line of `--json` holds the figures, a second replay changes
 * nothing, and `--report` reads the sources back.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { loadRegistry } from '../../infra/local/seed';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';

const run = promisify(execFile);
let catalog: IsolatedCatalog;

const crawlCli = async (...args: string[]) => {
  const { tables, endpoint } = catalog.config.dynamodb;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra', 'local', 'crawl-cli.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DYNAMODB_ENDPOINT: endpoint, JOBS_TABLE: tables.jobs, COMPANIES_TABLE: tables.companies, STATE_TABLE: tables.state, CI: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim().split('\n');
};

beforeAll(async () => {
  catalog = await isolatedCatalog();
  const registry = await loadRegistry(catalog.config.sharedDataDir);
  await catalog.storage.companies.putMany(registry.entries.map((entry) => entry.company));
});

afterAll(async () => {
  await catalog?.drop();
});

describe('npm run crawl -- --replay ../shared/data/ats --json', () => {
  it('loads the 1,323 captured Ashby jobs of 43 companies, counts the 10 non-jobs, and ends with one JSON line', async () => {
    const lines = await crawlCli('--replay', path.join(catalog.config.sharedDataDir, 'ats'), '--json');
    expect(lines.join('\n')).toMatch(/│ Companies ok\s+│\s+43 │/);
    const figures = JSON.parse(lines.at(-1)!) as { companies: Record<string, number>; jobs: Record<string, number> };
    expect(figures.companies).toMatchObject({ ok: 43, failing: 0 });
    expect(figures.jobs).toMatchObject({ new: 1323, changed: 0, closed: 0, not_jobs: 10 });
    expect(lines.join('\n')).toMatch(/│ {3}of which not jobs\s+│\s+10 │/);
    expect(await catalog.storage.jobs.listOpenSummaries()).toHaveLength(1323);
    expect((await catalog.storage.companies.listListed()).length).toBe(43);
  }, 180_000);

  it('a second replay of the same boards changes nothing', async () => {
    const lines = await crawlCli('--replay', path.join(catalog.config.sharedDataDir, 'ats'), '--json');
    const figures = JSON.parse(lines.at(-1)!) as { jobs: Record<string, number> };
    expect(figures.jobs).toMatchObject({ new: 0, changed: 0, closed: 0, unchanged: 1323 });
  }, 120_000);

  it('--report lists the crawled sources and the last run', async () => {
    const lines = await crawlCli('--report', '--json');
    expect(lines.join('\n')).toMatch(/Sources: 43 crawled, 43 ok, 0 failing\./);
    const report = JSON.parse(lines.at(-1)!) as { sources: number; failing: unknown[]; last_run: { jobs: { unchanged: number } } };
    expect(report).toMatchObject({ sources: 43, failing: [] });
    expect(report.last_run.jobs.unchanged).toBe(1323);
  }, 60_000);
});
