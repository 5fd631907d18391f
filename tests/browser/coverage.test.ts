/**
 * /coverage in headless Chromium against the local product on its own tables: the crawl's source
 * statuses and run records (written as the crawler writes them, lambdas/storage/crawl-runs.ts)
 * read as companies per ATS, jobs open, new and closed today, the last crawl, the failing source
 * and a 30-day chart whose figures are also in a table (readable without colour).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DynamoCrawlRuns } from '../../lambdas/storage/crawl-runs';
import { NO_CHANGES } from '../../shared/crawl/crawl-summary';
import type { SourceStatus } from '../../shared/crawl/source-status';
import { useBrowserSite } from '../support/browser-site';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestProduct } from '../support/product';

let own: IsolatedCatalog;

const now = new Date();
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const status = (company_name: string, ats: SourceStatus['ats'], open_jobs: number, failing = false): SourceStatus => ({
  company_key: company_name.toLowerCase(),
  company_name,
  ats,
  board_token: company_name.toLowerCase(),
  status: failing ? 'failing' : 'ok',
  reason: failing ? 'HTTP 503 from the board' : null,
  consecutive_failures: failing ? 2 : 0,
  total_failures: failing ? 2 : 0,
  last_run_at: hoursAgo(1),
  last_ok_at: failing ? hoursAgo(50) : hoursAgo(1),
  last_failure_at: failing ? hoursAgo(1) : null,
  open_jobs,
  body_hash: null,
  seen_refreshed_at: null,
});

/** The product on tables of this file's own, seeded (so its start records no seed run), holding the crawl records below. */
async function startOnOwnTables() {
  own = await isolatedCatalog({ seed: true });
  const runs = new DynamoCrawlRuns(own.storage.clients.doc, own.config.dynamodb.tables.state);
  for (const one of [status('Cohere', 'ashby', 120), status('Lindy', 'ashby', 4), status('Mistral', 'lever', 40), status('Acme', 'greenhouse', 0, true)]) await runs.putSourceStatus(one);
  const finished = new Date(Math.max(Date.parse(hoursAgo(0.5)), Date.parse(`${now.toISOString().slice(0, 10)}T00:00:01.000Z`))).toISOString();
  await runs.recordRun({
    run_id: 'run-1',
    started_at: finished,
    finished_at: finished,
    elapsed_ms: 1000,
    companies: { ok: 3, failing: 1, skipped: 0 },
    jobs: { ...NO_CHANGES, new: 12, closed: 5 },
    failures: [{ company_key: 'acme', company_name: 'Acme', reason: 'HTTP 503 from the board' }],
    catalog_version_bumped: true,
  });
  return startTestProduct({ JOBS_TABLE: own.config.dynamodb.tables.jobs, COMPANIES_TABLE: own.config.dynamodb.tables.companies, STATE_TABLE: own.config.dynamodb.tables.state });
}

const site = useBrowserSite({ start: startOnOwnTables });

afterAll(() => own?.drop());

describe('/coverage', () => {
  it('shows what we track and how fresh it is, with a chart readable without colour', async () => {
    const page = await site.open('/coverage');
    await page.getByRole('heading', { level: 1, name: 'Coverage' }).waitFor();
    const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(await stat('Companies tracked').textContent()).toBe('4');
    expect(await stat('Jobs open').textContent()).toBe('164');
    expect(await stat('New today').textContent()).toBe('12');
    expect(await stat('Closed today').textContent()).toBe('5');
    expect(await stat('Last crawl').textContent()).toMatch(/(minutes? ago|just now)3 companies read, 1 failing/);

    const perAts = page.getByRole('table').first();
    expect(await perAts.locator('tbody tr').allTextContents()).toEqual(['Ashby2', 'Greenhouse1', 'Lever1']);
    expect(await page.getByRole('region', { name: 'Failing sources' }).textContent()).toContain('Acme (Greenhouse): HTTP 503 from the board. Last read 2 days ago.');

    const chart = page.getByRole('img', { name: /^New jobs a day: 12 in 30 days, at most 12 in one day$/ });
    expect(await chart.locator('rect').count()).toBe(30);
    await page.getByText('Show the figures').click();
    const figures = page.locator('details table tbody tr');
    expect(await figures.count()).toBe(30);
    expect(await figures.last().locator('td').textContent()).toBe('12');
    await page.close();
  });
});
