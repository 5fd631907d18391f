/**
 * /companies and /company/{name} in headless Chromium against the real local product on the
 * run's seeded catalog (companies from ../shared/data/companies/registry.csv and profiles/, jobs
 * from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json): search, category, count,
 * 'No results found.', Switch to Top, ItemList JSON-LD; Cohere's facts, job count and
 * department tabs (mouse and keyboard); the job boards' filter bar over Cohere's jobs (every
 * filter and the tab in the URL and in the `POST /jobs` body restricted to Cohere, counts,
 * chips, keyboard, 360 px, the server-rendered first page as hydrated, 10 jobs a page and the
 * next pages loaded in the browser); unknown
 * company and API failure.
 */
import { visit } from '../support/browser';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page, Request } from 'playwright-core';
import type { JobPage } from '../../shared/search/job-query';
import { SENIORITY_LABELS } from '../../shared/format/job-labels';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Listed companies in the seeded catalog (issue 2: 43 companies with jobs). */
const LISTED_COMPANIES = 43;
/** Cohere's open jobs in its capture, and per department as the taxonomy files them. */
const COHERE_JOBS = 71;
/** Jobs on one page of a company's list (issue 19.5: the page carries only its first page). */
const PAGE_SIZE = 10;
const onFirstPage = (jobs: number) => Math.min(jobs, PAGE_SIZE);

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
    expect(await cardsInPanel(page)).toBe(PAGE_SIZE);
    const applyLinks = await page.getByRole('link', { name: /^Apply now/ }).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(applyLinks.every((href) => href?.startsWith('/jobs/Cohere/'))).toBe(true);

    // "All" shows a full first page too, so the click is awaited through the URL it navigates to.
    await page.getByRole('tab', { name: 'ML 31' }).click();
    await eventually(() => new URL(page.url()).searchParams.get('department')).toBe('ML');
    await eventually(() => selectedTab(page)).toBe('ML31');
    await eventually(() => cardsInPanel(page)).toBe(PAGE_SIZE);
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(await page.getByRole('tab', { name: 'ML 31' }).getAttribute('id'));

    // Keyboard: one Tab stop, arrows move and select (wrapping), Home and End jump. Each choice
    // is a navigation (the tab is in the URL), so the selection is awaited, not read at once.
    expect(await tabs(page).evaluateAll((all) => all.map((tab) => tab.getAttribute('tabindex')).filter((i) => i === '0').length)).toBe(1);
    await page.keyboard.press('ArrowRight');
    await eventually(() => selectedTab(page)).toBe(labels[labels.indexOf('ML31') + 1]);
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
    await eventually(() => cardsInPanel(page)).toBe(onFirstPage(counts[labels.indexOf('ML31') + 1]!));
    await page.keyboard.press('Home');
    await eventually(() => selectedTab(page)).toBe(labels[0]);
    await eventually(() => new URL(page.url()).searchParams.has('department')).toBe(false);
    await page.keyboard.press('ArrowLeft');
    await eventually(() => selectedTab(page)).toBe(labels.at(-1));
    await eventually(() => cardsInPanel(page)).toBe(onFirstPage(counts.at(-1)!));
    await page.keyboard.press('End');
    await eventually(() => selectedTab(page)).toBe(labels.at(-1));
    await page.close();
  });

  /** Cohere's jobs as `POST /api/jobs` answers them for `query` (the facets included). */
  const cohereJobs = async (query: Record<string, unknown> = {}): Promise<JobPage> => {
    const response = await fetch(new URL('/api/jobs', site.product.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companies: ['Cohere'], page_size: PAGE_SIZE, ...query }),
    });
    return (await response.json()) as JobPage;
  };
  /** Opens `path`, recording every POST /api/jobs body the page sends and the console's errors. */
  const openRecording = async (path: string, width = 1280) => {
    const bodies: Array<Record<string, unknown>> = [];
    const errors: string[] = [];
    const record = (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') bodies.push(request.postDataJSON() as Record<string, unknown>);
    };
    const page = await site.open(path, {
      width,
      setup: async (page) => page.on('request', record).on('console', (message) => message.type() === 'error' && errors.push(message.text())),
    });
    return { page, bodies, errors };
  };
  const params = (page: Page) => new URL(page.url()).searchParams;
  const decodeHtml = (text: string) =>
    text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name]!);
  const tabCount = async (page: Page, name: string) => Number((await page.getByRole('tab', { name: new RegExp(`^${name} \\d+$`) }).textContent())!.replace(/\D/g, ''));

  it("puts the boards' filter bar over the company's jobs: each filter and the tab in the URL and the query, counts on options and tabs, chips", async () => {
    // The most common seniority among Cohere's jobs, and the department with most of those.
    const mostCommon = <K extends string>(counts: Partial<Record<K, number>>) => Object.entries(counts).sort(([, a], [, b]) => Number(b) - Number(a))[0] as [K, number];
    const [seniority, count] = mostCommon((await cohereJobs()).facets.seniority);
    const [department, inDepartment] = mostCommon((await cohereJobs({ seniority: [seniority] })).facets.department);

    const { page, bodies } = await openRecording('/company/Cohere');
    expect(bodies).toEqual([]); // the first page came rendered by the server
    // Leaving out a company makes no sense on its own page.
    expect(await page.locator('summary', { hasText: 'Exclude' }).count()).toBe(0);
    await page.locator('summary', { hasText: 'Seniority' }).click();
    await page.getByRole('group', { name: 'Seniority' }).getByRole('checkbox', { name: `${SENIORITY_LABELS[seniority]} (${count})` }).click();
    await eventually(() => params(page).getAll('seniority')).toEqual([seniority]);
    await eventually(() => bodies.at(-1)).toMatchObject({ companies: ['Cohere'], seniority: [seniority], departments: null, page_size: PAGE_SIZE });
    await eventually(() => tabCount(page, 'All')).toBe(count);
    await eventually(() => cardsInPanel(page)).toBe(onFirstPage(count));
    expect(await tabCount(page, department)).toBe(inDepartment);

    // Escape closes the menu (it lies over the tabs); the department tab joins the filters in the URL and the query.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: new RegExp(`^${department} \\d+$`) }).click();
    await eventually(() => bodies.at(-1)).toMatchObject({ companies: ['Cohere'], seniority: [seniority], departments: [department] });
    await eventually(() => params(page).get('department')).toBe(department);
    await eventually(() => cardsInPanel(page)).toBe(onFirstPage(inDepartment));
    const chips = page.getByRole('list', { name: 'Active filters' });
    await page.getByLabel('Posted').selectOption('30');
    await eventually(() => params(page).get('posted_within_days')).toBe('30');
    await eventually(() => bodies.at(-1)).toMatchObject({ departments: [department], posted_within_days: 30 });
    // Chips name the filters, not the company or the tab (the page and the tabs show those).
    expect(await chips.getByRole('button').allTextContents()).toEqual([`${SENIORITY_LABELS[seniority]} ×`, 'Last 30 days ×', 'Clear all']);

    // A chip removes its filter with the keyboard; the tab stays.
    await chips.getByRole('button', { name: `Remove filter: ${SENIORITY_LABELS[seniority]}` }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => params(page).getAll('seniority')).toEqual([]);
    await eventually(() => bodies.at(-1)).toMatchObject({ seniority: null, departments: [department], posted_within_days: 30 });
    expect(await selectedTab(page)).toMatch(new RegExp(`^${department}\\d+$`));
    await page.getByRole('button', { name: 'Remove filter: Last 30 days' }).click();
    await eventually(() => params(page).toString()).toBe(new URLSearchParams({ department }).toString());
    await eventually(() => tabCount(page, 'All')).toBe(COHERE_JOBS);
    await page.close();
  }, 60_000);

  it('renders the first page on the server as the browser hydrates it, tab and filters from the URL, and fits a 360 px screen', async () => {
    const path = '/company/Cohere?department=ML&employment_types=full_time&sort=salary';
    const expected = await cohereJobs({ departments: ['ML'], employment_types: ['full_time'], sort: 'salary' });
    expect(expected.count).toBeGreaterThan(0);
    // Without JavaScript: the selected tab, the chip and the cards in the API's order.
    const html = await (await fetch(site.url(path))).text();
    expect(html).toMatch(/aria-selected="true"[^>]*>ML<span[^>]*>\d+</);
    expect(html).toContain('Remove filter: Full-time');
    const serverTitles = [...html.matchAll(/<h3[^>]*>(?:<a [^>]*>)?([^<]*)/g)].map((match) => decodeHtml(match[1]!));
    expect(serverTitles).toEqual(expected.jobs.map((job) => job.job_title));

    const { page, bodies, errors } = await openRecording(path, 360);
    expect(await selectedTab(page)).toBe(`ML${expected.count}`);
    expect(await page.getByLabel('Sort').inputValue()).toBe('salary');
    const titles = await page.getByRole('tabpanel').locator('article h3').allTextContents();
    expect(titles).toEqual(expected.jobs.map((job) => job.job_title));
    expect(bodies).toEqual([]); // hydrated from the server's data, not loaded again
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);

    // 360 px: the filters' fold says how many are set, and is open while one is; nothing is wider
    // than the screen with a menu open, and Escape closes the menu by keyboard.
    const fold = page.getByRole('button', { name: /^Filters/ });
    expect(await fold.textContent()).toMatch(/^Filters \(1\)/);
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    const summary = page.locator('summary', { hasText: 'Location' });
    await summary.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel('I live in').focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('details', { has: summary }).getAttribute('open')).toBeNull();
    await page.close();
  }, 60_000);

  it('finds a company by any case of its name and shows no facts table when no fact is known', async () => {
    const page = await openPage('/company/notion');
    await page.getByRole('heading', { name: 'Notion', level: 1 }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL('/company/Notion', site.product.url).href);
    await page.close();
  });

  it('pages the largest company through its jobs in the browser, keeping its filters, and brings the list back into view', async () => {
    const { job_count: total } = (await (await fetch(site.url('/api/companies/Notion'))).json()) as { job_count: number };
    expect(total).toBeGreaterThan(100); // Notion's capture lists 135 postings
    const lastPage = Math.ceil(total / PAGE_SIZE);
    const { page, bodies } = await openRecording('/company/Notion?sort=newest');
    expect(await cardsInPanel(page)).toBe(PAGE_SIZE);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await eventually(() => params(page).get('page')).toBe('2');
    expect(bodies.at(-1)).toMatchObject({ companies: ['Notion'], sort: 'newest', page: 1, page_size: PAGE_SIZE });
    await eventually(() => cardsInPanel(page)).toBe(PAGE_SIZE);
    // The tabs above the list are in view again (the pager was below the cards).
    await eventually(() => page.getByRole('tablist').evaluate((list) => list.getBoundingClientRect().top >= -1 && list.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await pager.getByRole('button', { name: `Last page, page ${lastPage}` }).click();
    await eventually(() => params(page).get('page')).toBe(String(lastPage));
    expect(bodies.at(-1)).toMatchObject({ companies: ['Notion'], sort: 'newest', page: lastPage - 1, page_size: PAGE_SIZE });
    await eventually(() => cardsInPanel(page)).toBe(total - (lastPage - 1) * PAGE_SIZE);
    await page.close();
  }, 60_000);

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
