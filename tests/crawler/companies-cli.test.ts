/**
 * `npm run companies` as a user runs it, on an isolated catalog in this run's DynamoDB Local:
 * add from an ATS URL, from a careers page that embeds an ATS board, from one whose ATS link only
 * a script writes (Chromium), and from one with no ATS (careers_page); list; remove.
 * The careers pages are the local careers site (tests/crawler/career-site.ts, constructed HTML;
 * the boards named are real registry companies), allowlisted for the crawler's address guard.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startCareerSite, type CareerSite } from './career-site';

const run = promisify(execFile);
let catalog: IsolatedCatalog;
let site: CareerSite;

const companiesCli = async (...args: string[]): Promise<string> => {
  const { tables, endpoint } = catalog.config.dynamodb;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra', 'local', 'companies-cli.ts'), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DYNAMODB_ENDPOINT: endpoint,
      JOBS_TABLE: tables.jobs,
      COMPANIES_TABLE: tables.companies,
      STATE_TABLE: tables.state,
      CRAWL_ALLOW_HOSTS: site.host,
      TMPDIR: path.join(REPO_ROOT, '.tmp'),
      CI: '1',
    },
  });
  return stdout;
};

beforeAll(async () => {
  [catalog, site] = await Promise.all([isolatedCatalog(), startCareerSite()]);
});

afterAll(async () => {
  await site?.close();
  await catalog?.drop();
});

describe('npm run companies -- add', () => {
  it('reads the ATS and board token from an ATS URL without fetching anything', async () => {
    const out = await companiesCli('add', 'https://jobs.eu.lever.co/mistral', '--name', 'Mistral AI');
    expect(out).toContain('Added Mistral AI: lever mistral (from the URL).');
    expect(await catalog.storage.companies.get('mistral ai')).toMatchObject({ ats: 'lever', board_token: 'mistral', careers_url: 'https://jobs.eu.lever.co/mistral', company_url: null });
  });

  it('finds a Greenhouse embed in a careers page, after reading its robots.txt', async () => {
    const out = await companiesCli('add', `${site.origin}/embed/careers`, '--name', 'Anthropic');
    expect(out).toContain('Added Anthropic: greenhouse anthropic (from the page).');
    expect(site.hits).toContain(`${site.host}/robots.txt`);
    expect(await catalog.storage.companies.get('anthropic')).toMatchObject({ ats: 'greenhouse', board_token: 'anthropic', careers_url: `${site.origin}/embed/careers`, company_url: site.origin });
  });

  it('renders the page in Chromium when only a script writes the ATS link', async () => {
    const out = await companiesCli('add', `${site.origin}/app/careers`, '--name', 'Mistral AI');
    expect(out).toContain('Updated Mistral AI: lever mistral (from the page rendered in Chromium).');
  }, 60_000);

  it('keeps a careers page without ATS as a careers_page source', async () => {
    const out = await companiesCli('add', `${site.origin}/list/careers?utm_source=newsletter`, '--name', 'Harvey');
    expect(out).toContain(`Added Harvey: careers_page ${site.origin}/list/careers (no ATS found: its careers page will be crawled).`);
    expect(await catalog.storage.companies.get('harvey')).toMatchObject({ ats: 'careers_page', board_token: `${site.origin}/list/careers`, careers_url: `${site.origin}/list/careers` });
  }, 60_000);

  it('refuses a careers URL at a private address without reaching it', async () => {
    const out = await companiesCli('add', 'http://10.1.2.3/careers', '--name', 'Intranet');
    expect(out).toMatch(/note: .*10\.1\.2\.3.*refused/);
    expect(out).toContain('Added Intranet: careers_page http://10.1.2.3/careers');
  }, 60_000);
});

describe('npm run companies -- list and remove', () => {
  it('lists every company with its ATS, board token, jobs and source status', async () => {
    const out = await companiesCli('list');
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^Name\s+ATS\s+Board token\s+Jobs\s+Source status$/);
    expect(lines.find((line) => line.startsWith('Anthropic'))).toMatch(/^Anthropic\s+greenhouse\s+anthropic\s+0\s+not crawled$/);
    expect(out).toContain('4 companies.');
  });

  it('removes a company by name', async () => {
    expect(await companiesCli('remove', 'intranet')).toContain('Removed Intranet and its 0 jobs.');
    expect(await catalog.storage.companies.get('intranet')).toBeNull();
    await expect(companiesCli('remove', 'Intranet')).rejects.toMatchObject({ stderr: expect.stringContaining('no company named "Intranet"') as unknown });
  });
});
