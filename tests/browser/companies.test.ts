/**
 * /companies and /company/{name} in headless Chromium against the real local product on the
 * run's seeded catalog (companies from ../shared/data/companies/registry.csv and profiles/, jobs
 * from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json): search, category, count,
 * 'No results found.', Switch to Top, ItemList JSON-LD; Cohere's facts, job count and
 * department tabs (mouse and keyboard); unknown company and API failure.
 */
import { visit } from '../support/browser';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page } from 'playwright-core';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Listed companies in the seeded catalog (issue 2: 43 companies with jobs). */
const LISTED_COMPANIES = 43;
/** Cohere's open jobs in its capture, and per department as the taxonomy files them. */
const COHERE_JOBS = 71;

const site = useBrowserSite();

const openPage = async (path: string, options: { width?: number; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> => {
  const page = await site.browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 }, reducedMotion: options.reducedMotion ?? 'no-preference' });
  await visit(page, new URL(path, site.product.url).href);
  return page;
};

const totalCompanies = async (page: Page): Promise<number> => {
  const total = page.getByText(/^Total Companies: \d+$/);
  await total.waitFor();
  return Number((await total.textContent())!.replace(/\D/g, ''));
};

const cardNames = (page: Page) => page.locator('main ul li h2').allTextContents();

describe('/companies', () => {
  it('lists every company once, filters by text and category in the browser, and describes the list as an ItemList', async () => {
    const page = await openPage('/companies');
    expect(await totalCompanies(page)).toBe(LISTED_COMPANIES);
    const names = await cardNames(page);
    expect(names).toHaveLength(LISTED_COMPANIES);
    expect(names.slice(0, 2)).toEqual(['Notion', 'Writer']); // most open jobs first

    const cohere = page.getByRole('link', { name: /^Cohere/ });
    expect(await cohere.getAttribute('href')).toBe('/company/Cohere');
    // The card names the company in its heading (the lettered avatar beside it is decorative), then its jobs, HQ and category.
    expect(await cohere.getByRole('heading', { level: 2 }).textContent()).toBe('Cohere');
    expect(await cohere.locator('h2 ~ span').allTextContents()).toEqual([`${COHERE_JOBS} jobs`, 'Toronto, Canada', 'LLM Foundation Model']);
    expect(await page.getByRole('link', { name: /^Physical Intelligence/ }).getAttribute('href')).toBe('/company/Physical%20Intelligence');
    expect(await page.title()).toContain('Companies');

    const itemList = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(itemList).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: LISTED_COMPANIES });
    expect(itemList.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Notion', url: new URL('/company/Notion', site.product.url).href });

    // Only the first load asks the API: filtering below happens in the browser.
    const requests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/') && requests.push(request.url()));

    const search = page.getByRole('searchbox', { name: 'Search companies' });
    await search.fill('toronto');
    await eventually(() => cardNames(page)).toEqual(['Cohere']);
    expect(await totalCompanies(page)).toBe(1);

    await search.fill('');
    const category = page.getByRole('combobox', { name: 'Category' });
    expect(await category.locator('option').allTextContents()).toEqual(['All', 'AI Assistant', 'AI Audio Speech', 'AI Coding', 'LLM Foundation Model']);
    await category.selectOption('AI Coding');
    await eventually(() => cardNames(page)).toEqual(['Replit', 'Cursor']);
    expect(await totalCompanies(page)).toBe(2);
    expect(new URL(page.url()).searchParams.get('category')).toBe('AI Coding');

    await search.fill('toronto');
    await page.getByText('No results found.').waitFor();
    expect(await totalCompanies(page)).toBe(0);
    expect(requests).toEqual([]);

    // The state is in the URL: a reload shows the same filtered list.
    await visit(page, new URL('/companies?category=AI+Coding&search=cursor', site.product.url).href);
    await eventually(() => cardNames(page)).toEqual(['Cursor']);
    await page.close();
  });

  it("'Switch to Top' scrolls back up smoothly, or at once with reduced motion; /company is the same page", async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const page = await openPage('/company', { width: 800, reducedMotion });
      await totalCompanies(page);
      const button = page.getByRole('button', { name: 'Switch to Top' });
      await button.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await button.click();
      if (reducedMotion === 'reduce') expect(await page.evaluate(() => window.scrollY)).toBe(0);
      else await eventually(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Top AI Companies');
      await page.close();
    }
  });
});

describe('/company/{name}', () => {
  const tabs = (page: Page) => page.getByRole('tab');
  const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').textContent();
  const cardsInPanel = (page: Page) => page.getByRole('tabpanel').locator('article').count();

  it("shows Cohere's facts, its 71 open jobs and department tabs whose counts add up, by mouse and keyboard", async () => {
    const page = await openPage('/company/Cohere');
    await page.getByRole('heading', { name: 'Cohere', level: 1 }).waitFor();
    expect(await page.locator('table th').allTextContents()).toEqual(['Year Founded', 'Employees', 'Funding', 'Funding Stage', 'HQ', 'AI Category']);
    expect(await page.locator('table td').allTextContents()).toEqual(['2019', '201-500', '$970M', 'Series D', 'Toronto, Canada', 'LLM Foundation Model']);
    expect(await page.getByRole('heading', { level: 2, name: /^Open Job Positions/ }).textContent()).toBe(`Open Job Positions: ${COHERE_JOBS} jobs`);
    expect(await page.title()).toContain('Cohere');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL('/company/Cohere', site.product.url).href);

    const labels = await tabs(page).allTextContents();
    const counts = labels.map((label) => Number(label.replace(/\D/g, '')));
    expect(labels[0]).toBe(`All${COHERE_JOBS}`);
    expect(labels).toContain('ML31');
    expect(counts.slice(1).reduce((sum, n) => sum + n, 0)).toBe(COHERE_JOBS);
    expect(await cardsInPanel(page)).toBe(COHERE_JOBS);
    const applyLinks = await page.getByRole('link', { name: /^Apply now/ }).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(applyLinks.every((href) => href?.startsWith('/jobs/Cohere/'))).toBe(true);

    await page.getByRole('tab', { name: 'ML 31' }).click();
    await eventually(() => cardsInPanel(page)).toBe(31);
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(await page.getByRole('tab', { name: 'ML 31' }).getAttribute('id'));

    // Keyboard: one Tab stop, arrows move and select (wrapping), Home and End jump.
    expect(await tabs(page).evaluateAll((all) => all.map((tab) => tab.getAttribute('tabindex')).filter((i) => i === '0').length)).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe(labels[labels.indexOf('ML31') + 1]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
    await eventually(() => cardsInPanel(page)).toBe(counts[labels.indexOf('ML31') + 1]);
    await page.keyboard.press('Home');
    expect(await selectedTab(page)).toBe(labels[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page)).toBe(labels.at(-1));
    await eventually(() => cardsInPanel(page)).toBe(counts.at(-1));
    await page.keyboard.press('End');
    expect(await selectedTab(page)).toBe(labels.at(-1));
    await page.close();
  });

  it('finds a company by any case of its name and shows no facts table when no fact is known', async () => {
    const page = await openPage('/company/notion');
    await page.getByRole('heading', { name: 'Notion', level: 1 }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL('/company/Notion', site.product.url).href);
    await page.close();
  });

  it('answers 404 with the Page Not Found page for an unknown company, and offers Retry when loading companies fails', async () => {
    const unknown = await site.browser.newPage();
    const response = await unknown.goto(new URL('/company/No%20Such%20Company', site.product.url).href);
    expect(response?.status()).toBe(404);
    await unknown.getByRole('heading', { level: 1, name: "Oops! The page you're looking for doesn't exist." }).waitFor();
    await unknown.close();

    // The first page comes rendered by the server; the API failing shows when the browser loads the next one.
    const page = await openPage('/about');
    await page.route('**/api/companies/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
    await page.getByRole('navigation').getByRole('link', { name: /companies/i }).first().click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Something failed on our side');
    await page.unroute('**/api/companies/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Top AI Companies' }).waitFor();
    await page.close();
  });
});
