/**
 * The home page in headless Chromium against the real local product (the Lambda handlers over
 * DynamoDB Local, seeded with the 1,333 captured Ashby postings from
 * stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json): count, search, paging, URL state,
 * empty and error states, and the 768 px placeholder switch.
 */
import { visit } from '../support/browser';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page } from 'playwright-core';

/** The first search may wait for the product to build its search index: poll for up to 15 s. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

const site = useBrowserSite();

const openPage = async (path: string, width = 1280): Promise<Page> => {
  const page = await site.browser.newPage({ viewport: { width, height: 900 } });
  await visit(page, new URL(path, site.product.url).href);
  return page;
};

/** The number in the 'N Jobs Found' heading, once the jobs have loaded. */
const jobsFound = async (page: Page): Promise<number> => {
  const heading = page.getByRole('heading', { level: 1 });
  await eventually(() => heading.textContent()).toMatch(/^[\d,]+ Jobs? Found$/);
  return Number((await heading.textContent())!.replace(/\D/g, ''));
};

/** Each card's Apply Now link target, in order. */
const applyLinks = async (page: Page): Promise<string[]> => {
  await page.locator('article').first().waitFor();
  return page.locator('article a', { hasText: 'Apply Now' }).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
};

const search = (page: Page) => page.getByRole('combobox', { name: 'Search jobs' });
const previous = (page: Page) => page.getByRole('button', { name: 'Previous' });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const currentPage = (page: Page) => page.locator('nav[aria-label="Pagination"] [aria-current="page"]');

describe('home page', () => {
  it('shows every seeded job, 20 to a page, with the page title set', async () => {
    const page = await openPage('/');
    const total = await jobsFound(page);
    expect(total).toBeGreaterThanOrEqual(1300);
    expect(total).toBeLessThanOrEqual(1333);
    expect(await applyLinks(page)).toHaveLength(20);
    expect(await page.title()).toContain('Latent Jobs');
    await eventually(() => previous(page).isDisabled()).toBe(true);
    await page.close();
  });

  it('searches for a company, pages through its jobs, and keeps the state in the URL', async () => {
    const page = await openPage('/');
    const total = await jobsFound(page);

    await search(page).fill('Cohere');
    await search(page).press('Enter');
    await page.getByRole('heading', { name: 'Results for "Cohere"' }).waitFor();
    await eventually(() => jobsFound(page)).toBeLessThan(total);
    const cohereCount = await jobsFound(page);
    expect(cohereCount).toBeGreaterThan(40); // 71 postings in the capture, more than two pages
    expect(new URL(page.url()).searchParams.get('search')).toBe('Cohere');

    const firstPage = await applyLinks(page);
    expect(firstPage).toHaveLength(20);
    expect(firstPage.every((href) => href.startsWith('/jobs/Cohere/'))).toBe(true);
    expect(await previous(page).isDisabled()).toBe(true);
    expect(await currentPage(page).textContent()).toBe('1');

    await next(page).click();
    await eventually(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await eventually(() => currentPage(page).textContent()).toBe('2');
    await eventually(async () => (await applyLinks(page))[0]).not.toBe(firstPage[0]);
    const secondPage = await applyLinks(page);
    expect(secondPage.every((href) => href.startsWith('/jobs/Cohere/'))).toBe(true);
    expect(await previous(page).isDisabled()).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Results for "Cohere"' }).waitFor();
    await eventually(() => currentPage(page).textContent()).toBe('2');
    expect(await applyLinks(page)).toEqual(secondPage);

    await previous(page).click();
    await eventually(() => currentPage(page).textContent()).toBe('1');
    expect(await applyLinks(page)).toEqual(firstPage);

    const lastPage = Math.ceil(cohereCount / 20);
    await visit(page, new URL(`/?search=Cohere&page=${lastPage}`, site.product.url).href);
    await eventually(() => currentPage(page).textContent()).toBe(String(lastPage));
    expect(await next(page).isDisabled()).toBe(true);
    expect(await page.locator('nav[aria-label="Pagination"] li').allTextContents()).toEqual([
      ...(lastPage > 3 ? ['1'] : []),
      ...(lastPage > 4 ? ['…'] : []),
      ...[lastPage - 2, lastPage - 1, lastPage].map(String),
    ]);
    expect(await applyLinks(page)).toHaveLength(cohereCount - (lastPage - 1) * 20);

    // A new search (by the button this time) starts again at page 1.
    await search(page).fill('Python');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Results for "Python"' }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await eventually(() => currentPage(page).textContent()).toBe('1');
    await page.close();
  });

  it('filters by the department in the URL', async () => {
    const page = await openPage('/?department=Engineering');
    await page.getByRole('heading', { name: 'Results for "Engineering"' }).waitFor();
    const engineering = await jobsFound(page);
    expect(engineering).toBeGreaterThan(0);
    expect(engineering).toBeLessThan(1300);
    await page.close();
  });

  it("says 'No results found.' for a nonsense search, and Clear filters brings every job back", async () => {
    const page = await openPage('/?search=zzqxv%20nonsense');
    await page.getByText('No results found.').waitFor();
    expect(await jobsFound(page)).toBe(0);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await eventually(() => jobsFound(page)).toBeGreaterThanOrEqual(1300);
    expect(await search(page).inputValue()).toBe('');
    await page.close();
  });

  it('shows the error box alone, with Retry, when the API fails', async () => {
    // The first page comes rendered by the server; the API failing shows when the browser loads the next one.
    const page = await site.browser.newPage();
    await visit(page, new URL('/about', site.product.url).href);
    await page.route('**/api/jobs', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
    await page.getByRole('link', { name: 'Latent Jobs home' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Something failed on our side');
    expect(await page.locator('article').count()).toBe(0);
    expect(await page.getByText(/Jobs? Found/).count()).toBe(0);
    await page.unroute('**/api/jobs');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => jobsFound(page)).toBeGreaterThanOrEqual(1300);
    await page.close();
  });

  it('shortens the search placeholder at 768 px wide or less', async () => {
    const page = await openPage('/', 1024);
    expect(await search(page).getAttribute('placeholder')).toBe('Search by Company, Location or Tech Skill');
    await page.setViewportSize({ width: 768, height: 900 });
    await eventually(() => search(page).getAttribute('placeholder')).toBe('Search by Company ...');
    await page.setViewportSize({ width: 769, height: 900 });
    await eventually(() => search(page).getAttribute('placeholder')).toBe('Search by Company, Location or Tech Skill');
    await page.close();
  });
});
