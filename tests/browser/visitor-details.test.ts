/**
 * Small things a visitor sees (issue 24.6), in headless Chromium against the local product on the
 * run's seeded catalog: at 375 × 800 the first job shows without scrolling on / and on a company
 * page; the pager offers the last page and a page number field; an empty result offers "Clear
 * filters"; /remote_jobs keeps its remote-and-hybrid list and adds a one-click "Remote only".
 * Screenshots go to .tmp/shots.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useBrowserSite } from '../support/browser-site';
import { REPO_TMP } from '../support/browser';

const site = useBrowserSite();
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

const jobsFound = async (page: Page): Promise<number> => {
  const heading = page.getByRole('heading', { level: 1 });
  await eventually(() => heading.textContent()).toMatch(/^[\d,]+ Jobs? Found$/);
  return Number((await heading.textContent())!.replace(/\D/g, ''));
};
const currentPage = (page: Page) => page.locator('nav[aria-label="Pagination"] [aria-current="page"]');
const firstApply = (page: Page) => page.locator('main article a', { hasText: 'Apply Now' }).first().getAttribute('href');

/** The first job card's title link lies wholly inside the window, unscrolled. */
const firstJobInView = async (page: Page, height: number) => {
  const title = page.locator('main article h3 a').first();
  await title.waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await title.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
};

describe('at 375 × 800', () => {
  it('shows the first job without scrolling on the home page', async () => {
    const page = await site.open('/', { width: 375, height: 800 });
    await page.screenshot({ path: `${REPO_TMP}/shots/home-375x800.png` });
    await firstJobInView(page, 800);
    await page.close();
  });

  it('shows the first job without scrolling on a company page', async () => {
    const page = await site.open('/company/Cohere', { width: 375, height: 800 });
    await page.screenshot({ path: `${REPO_TMP}/shots/company-375x800.png` });
    await firstJobInView(page, 800);
    await page.close();
  });
});

describe('the pager', () => {
  it('offers the last page and goes to a page typed in its field', async () => {
    const page = await site.open('/');
    const total = await jobsFound(page);
    const last = Math.ceil(total / 20);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const onFirst = await firstApply(page);
    await pager.getByRole('button', { name: `Last page, page ${last}` }).click();
    await eventually(() => currentPage(page).textContent()).toBe(String(last));
    expect(new URL(page.url()).searchParams.get('page')).toBe(String(last));
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'First page, page 1' }).waitFor();

    await pager.getByLabel('Go to page').fill('7');
    await pager.getByLabel('Go to page').press('Enter');
    await eventually(() => currentPage(page).textContent()).toBe('7');
    // A number past the end goes to the last page.
    await pager.getByLabel('Go to page').fill(String(last + 50));
    await pager.getByRole('button', { name: 'Go' }).click();
    await eventually(() => currentPage(page).textContent()).toBe(String(last));
    await pager.getByLabel('Go to page').fill('1');
    await pager.getByRole('button', { name: 'Go' }).click();
    await eventually(() => firstApply(page)).toBe(onFirst);
    await page.close();
  });
});

describe('an empty result', () => {
  it('offers "Clear filters", which brings every job of the company back', async () => {
    const page = await site.open('/company/Cohere?min_salary_usd=5000000');
    await page.getByText('No results found.').waitFor();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.locator('main article').first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe('/remote_jobs', () => {
  it('keeps the remote-and-hybrid list and narrows it to remote jobs in one click, and back', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const page = await site.open('/remote_jobs', {
      setup: async (one) =>
        one.on('request', (request: Request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') bodies.push(request.postDataJSON() as Record<string, unknown>);
        }),
    });
    const both = await jobsFound(page);
    const toggle = page.getByRole('button', { name: 'Remote only' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const badges = () => page.locator('main article ul[aria-label="Details"] li:first-child').allTextContents();
    expect(new Set(await badges())).toEqual(new Set(['Remote', 'Hybrid']));

    await toggle.click();
    await eventually(() => jobsFound(page)).toBeLessThan(both);
    expect(new URL(page.url()).searchParams.getAll('is_remote')).toEqual(['remote']);
    expect(bodies.at(-1)).toMatchObject({ is_remote: ['remote'] });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(new Set(await badges())).toEqual(new Set(['Remote']));

    await toggle.click();
    await eventually(() => jobsFound(page)).toBe(both);
    expect(bodies.at(-1)).toMatchObject({ is_remote: ['remote', 'hybrid'] });
    await page.close();
  });
});
