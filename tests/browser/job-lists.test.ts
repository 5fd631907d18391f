/**
 * /remote_jobs and /engineering_jobs (and /jobs/engineering) in headless Chromium against the
 * local product on the run's seeded DynamoDB Local (tests/support/product): the filters each
 * page sends, count, search, 'Results for', paging edges, Clear filters, title, description and canonical.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page, Request } from 'playwright-core';
import { REPO_TMP, visit } from '../support/browser';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

const site = useBrowserSite();

/** Opens `path` and records every POST /api/jobs body the page sends. */
const openPage = async (path: string, width = 1280) => {
  const page = await site.browser.newPage({ viewport: { width, height: 900 } });
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  await visit(page, new URL(path, site.product.url).href);
  return { page, bodies };
};

const jobsFound = async (page: Page): Promise<number> => {
  const heading = page.getByRole('heading', { level: 1 });
  await eventually(() => heading.textContent()).toMatch(/^[\d,]+ Jobs? Found$/);
  return Number((await heading.textContent())!.replace(/\D/g, ''));
};
const applyLinks = async (page: Page): Promise<string[]> => {
  await page.locator('main article').first().waitFor();
  return page.locator('main article a', { hasText: 'Apply Now' }).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
};
const previous = (page: Page) => page.getByRole('button', { name: 'Previous' });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const currentPage = (page: Page) => page.locator('nav[aria-label="Pagination"] [aria-current="page"]');
const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

/** Pages through the first and last page of the list at `path`, checking the pager's edges. */
async function checkPagingEdges(path: string, page: Page, total: number) {
  const last = Math.ceil(total / 20);
  expect(last).toBeGreaterThan(3);
  expect(await previous(page).isDisabled()).toBe(true);
  expect(await next(page).isDisabled()).toBe(false);
  const first = await applyLinks(page);
  expect(first).toHaveLength(20);
  await next(page).click();
  await eventually(() => currentPage(page).textContent()).toBe('2');
  await eventually(async () => (await applyLinks(page))[0]).not.toBe(first[0]);
  expect(await previous(page).isDisabled()).toBe(false);
  await visit(page, new URL(`${path}?page=${last}`, site.product.url).href);
  await eventually(() => currentPage(page).textContent()).toBe(String(last));
  expect(await next(page).isDisabled()).toBe(true);
  expect(await page.locator('nav[aria-label="Pagination"] li').allTextContents()).toEqual(['1', '…', ...[last - 2, last - 1, last].map(String)]);
  expect(await applyLinks(page)).toHaveLength(total - (last - 1) * 20);
}

describe('/remote_jobs', () => {
  it('lists remote and hybrid jobs only, pages to both ends, and sets its own title', async () => {
    const { page, bodies } = await openPage('/remote_jobs');
    const total = await jobsFound(page);
    expect(total).toBeGreaterThan(40);
    expect(total).toBeLessThan(1300);
    const badges = await page.locator('main article ul[aria-label="Details"] li:first-child').allTextContents();
    expect(badges).toHaveLength(20);
    expect(badges.every((badge) => badge === 'Remote' || badge === 'Hybrid')).toBe(true);
    expect(await page.title()).toBe('Remote AI and tech jobs | Latent Jobs');
    expect(await description(page)).toContain('Remote and hybrid');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.screenshot({ path: `${REPO_TMP}/shots/remote-jobs-1280.png`, fullPage: false });
    await checkPagingEdges('/remote_jobs', page, total);
    // The first list arrives rendered by the server; paging on asks the API with the page's fixed filters.
    expect(bodies[0]).toMatchObject({ page: 1, page_size: 20, is_remote: ['remote', 'hybrid'], search: null });
    await page.close();
  });

  it("searches within remote jobs, says 'Results for', and Clear filters clears a search that finds nothing", async () => {
    const { page, bodies } = await openPage('/remote_jobs');
    const total = await jobsFound(page);
    await page.getByRole('combobox', { name: 'Search jobs' }).fill('Engineer');
    await page.getByRole('combobox', { name: 'Search jobs' }).press('Enter');
    await page.getByRole('heading', { name: 'Results for "Engineer"' }).waitFor();
    await eventually(() => jobsFound(page)).toBeLessThan(total);
    expect(bodies.at(-1)).toMatchObject({ search: ['Engineer'], is_remote: ['remote', 'hybrid'] });

    await visit(page, new URL('/remote_jobs?search=zzqxv%20nonsense', site.product.url).href);
    await page.getByText('No results found.').waitFor();
    expect(await jobsFound(page)).toBe(0);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await eventually(() => jobsFound(page)).toBe(total);
    expect(new URL(page.url()).pathname).toBe('/remote_jobs');
    await page.close();
  });
});

describe('/engineering_jobs', () => {
  it('lists Engineering jobs only with its own title, description and canonical /jobs/engineering, and pages to both ends', async () => {
    const { page, bodies } = await openPage('/engineering_jobs?department=Sales');
    const total = await jobsFound(page);
    expect(await page.getByText(/Results for/).count()).toBe(0);
    expect(total).toBeGreaterThan(40);
    expect(await page.title()).toBe('Engineering jobs at AI companies | Latent Jobs');
    expect(await description(page)).toContain('engineering jobs at AI companies');
    expect(await canonical(page)).toBe(new URL('/jobs/engineering', site.product.url).href);
    await checkPagingEdges('/engineering_jobs', page, total);
    // The first list arrives rendered by the server; paging on asks the API with the page's fixed filters.
    expect(bodies[0]).toMatchObject({ page: 1, departments: ['Engineering'], is_remote: null });

    // The canonical address shows the same list; leaving the page removes the canonical link.
    await visit(page, new URL('/jobs/engineering', site.product.url).href);
    expect(await jobsFound(page)).toBe(total);
    expect(await canonical(page)).toBe(new URL('/jobs/engineering', site.product.url).href);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Remote Jobs' }).click();
    await eventually(() => page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.close();
  });

  it('searches within engineering jobs and Clear filters brings them all back', async () => {
    const { page, bodies } = await openPage('/engineering_jobs');
    const total = await jobsFound(page);
    await page.getByRole('combobox', { name: 'Search jobs' }).fill('Python');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Results for "Python"' }).waitFor();
    expect(bodies.at(-1)).toMatchObject({ search: ['Python'], departments: ['Engineering'] });
    // The heading keeps the last count while the next page loads: wait for the new one.
    await eventually(() => jobsFound(page)).toBeLessThan(total);
    expect(await jobsFound(page)).toBeGreaterThan(0);

    await visit(page, new URL('/engineering_jobs?search=zzqxv', site.product.url).href);
    await page.getByText('No results found.').waitFor();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await eventually(() => jobsFound(page)).toBe(total);
    await page.close();
  });
});
