/**
 * The job cards and the filter bar in headless Chromium against the local product on the run's
 * seeded catalog: the whole card opens the job page through its title link (Apply Now stays its
 * own control), pay in the employer's currency on cards, "Verified ... ago" and the source; each
 * filter lands in the URL and in the `POST /jobs` body, shows as a chip that removes it, with
 * facet counts beside options; "Remote for me" remembers the country; the first results are in
 * view after a search at 1280×800 and 375×800; nothing overflows at 360 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { PublicJob } from '../../shared/jobs/job';
import { visit } from '../support/browser';
import { useBrowserSite } from '../support/browser-site';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

const site = useBrowserSite();

/** Opens `path` at `width` × `height` and records every POST /api/jobs body the page sends. */
const openPage = async (path: string, width = 1280, height = 800) => {
  const bodies: Array<Record<string, unknown>> = [];
  const record = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') bodies.push(request.postDataJSON() as Record<string, unknown>);
  };
  const page = await site.open(path, { width, height, setup: async (page) => page.on('request', record) });
  await page.locator('main article').first().waitFor();
  return { page, bodies };
};

const allJobs = async (): Promise<Array<Omit<PublicJob, 'description'>>> => {
  const response = await fetch(site.url('/api/jobs'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page_size: 240 }) });
  return ((await response.json()) as { jobs: Array<Omit<PublicJob, 'description'>> }).jobs;
};

const params = (page: Page) => new URL(page.url()).searchParams;

describe('job cards', () => {
  it('open the job page from anywhere on the card through one link, the title; Apply Now stays its own control', async () => {
    const { page } = await openPage('/');
    const card = page.locator('main article').first();
    const title = card.getByRole('heading', { level: 3 }).getByRole('link');
    const href = (await title.getAttribute('href'))!;
    expect(href).toMatch(/^\/jobs\/[^/]+\/[a-z0-9-]+$/);
    expect(await card.getByRole('link').count()).toBe(2);
    // Keyboard: the title link, then (past the ghost-job mark's button, when it has one) Apply Now.
    await title.focus();
    const stops: string[] = [];
    for (let i = 0; i < 2 && stops.at(-1) !== 'Apply Now'; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(['Apply Now', 'Possibly stale,Apply Now']).toContain(stops.join(','));
    // A click on the card's skills (not a link) lands on the job page.
    const box = (await card.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
    await page.waitForURL((url) => url.pathname === href);
    await page.close();
  });

  it("show pay in the employer's currency and period, when it was verified, and its source", async () => {
    const foreign = (await allJobs()).find((job) => job.compensation && job.compensation.currency !== 'USD' && job.compensation.min !== null && job.compensation.max !== null);
    expect(foreign).toBeDefined();
    const { page } = await openPage(`/?search=${encodeURIComponent(foreign!.job_title)}`);
    const card = page.locator('main article').filter({ has: page.getByRole('link', { name: foreign!.job_title, exact: true }) }).first();
    const symbol = new Intl.NumberFormat('en-US', { style: 'currency', currency: foreign!.compensation!.currency }).formatToParts(1).find((part) => part.type === 'currency')!.value;
    expect(await card.locator('ul[aria-label="Details"]').textContent()).toContain(`${symbol}`);
    expect(await card.textContent()).toMatch(/per (year|month|week|day|hour)/);
    expect(await card.textContent()).toMatch(/Verified (\d+ (minute|hour|day|month|year)s? ago|just now)/);
    expect(await card.textContent()).toContain(`from ${foreign!.company_name}'s`);
    await page.close();
  });
});

describe('the filter bar', () => {
  it('counts the jobs each pay floor keeps, counts our estimates when asked, and hides postings missing a required range', async () => {
    const { page, bodies } = await openPage('/');
    const pay = page.getByLabel('Pay', { exact: true });
    const floors = async () => (await pay.locator('option').allTextContents()).slice(1);
    const keptAt100k = async () => Number(/\((\d[\d,]*)\)$/.exec((await floors())[1]!)![1]!.replace(/,/g, ''));
    await eventually(floors).toEqual(expect.arrayContaining([expect.stringMatching(/^\$100k\+ \(\d[\d,]*\)$/)]));
    const postedOnly = await keptAt100k();
    await page.locator('summary', { hasText: 'Pay options' }).click();
    await page.getByLabel('Count estimated pay').click();
    await eventually(() => bodies.at(-1)?.include_estimated_pay).toBe(true);
    await eventually(keptAt100k).toBeGreaterThan(postedOnly);
    await page.getByLabel('Hide postings missing a required pay range').click();
    await eventually(() => params(page).get('exclude_missing_pay_range')).toBe('true');
    await eventually(() => bodies.at(-1)?.exclude_missing_pay_range).toBe(true);
    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('button').allTextContents()).toEqual(['Estimated pay counts ×', 'No missing pay ranges ×', 'Clear all']);
    await page.close();
  });

  it('puts each filter in the URL and the query, shows counts beside options, and removes each by its chip', async () => {
    const { page, bodies } = await openPage('/');
    const seniority = page.getByRole('group', { name: 'Seniority' });
    await page.locator('summary', { hasText: 'Seniority' }).click();
    const senior = seniority.getByRole('checkbox', { name: /^Senior \(\d[\d,]*\)$/ });
    await senior.click();
    await eventually(() => params(page).getAll('seniority')).toEqual(['senior']);
    await eventually(() => bodies.at(-1)?.seniority).toEqual(['senior']);

    await page.getByLabel('Posted').selectOption('7');
    await eventually(() => params(page).get('posted_within_days')).toBe('7');
    await page.getByLabel('Pay', { exact: true }).selectOption('150000');
    await eventually(() => bodies.at(-1)).toMatchObject({ seniority: ['senior'], posted_within_days: 7, min_salary_usd: 150_000 });
    await page.getByLabel('Hide likely ghost jobs').click();
    await eventually(() => bodies.at(-1)?.exclude_ghost).toBe(true);

    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('button').allTextContents()).toEqual(['$150k+ a year ×', 'Senior ×', 'Last 7 days ×', 'No likely ghost jobs ×', 'Clear all']);
    // A chip removes its filter with the keyboard too.
    await chips.getByRole('button', { name: 'Remove filter: Senior' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => params(page).getAll('seniority')).toEqual([]);
    await eventually(() => bodies.at(-1)?.seniority).toBeNull();
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await eventually(() => new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('reads filters from a shared link and keeps them across a search', async () => {
    const { page, bodies } = await openPage('/?employment_types=full_time&sort=salary&exclude_companies=Cohere');
    expect(await page.getByLabel('Sort').inputValue()).toBe('salary');
    expect(await page.getByRole('list', { name: 'Active filters' }).getByRole('button').allTextContents()).toEqual(['Full-time ×', 'Not Cohere ×', 'Clear all']);
    await page.getByRole('combobox', { name: 'Search jobs' }).fill('engineer');
    await page.keyboard.press('Enter');
    await eventually(() => bodies.at(-1)).toMatchObject({ search: ['engineer'], employment_types: ['full_time'], exclude_companies: ['Cohere'] });
    const companies = await page.locator('main article').evaluateAll((cards) => cards.map((card) => card.querySelector('[class*="company"]')?.textContent));
    expect(companies).not.toContain('Cohere');
    await page.close();
  });

  it('"Remote for me" asks for the country once and remembers it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await visit(page, site.url('/remote_jobs'));
    await page.locator('main article').first().waitFor();
    await page.locator('summary', { hasText: 'Location' }).click();
    expect(await page.getByRole('checkbox', { name: /Remote for me/ }).isDisabled()).toBe(true);
    await page.getByLabel('I live in').selectOption('DE');
    await page.getByRole('checkbox', { name: 'Remote for me (jobs I can take from Germany)' }).click();
    await eventually(() => params(page).get('remote_from')).toBe('DE');
    expect(await page.getByRole('list', { name: 'Active filters' }).textContent()).toContain('Remote from Germany');

    const later = await context.newPage();
    await visit(later, site.url('/'));
    await later.locator('main article').first().waitFor();
    await later.locator('summary', { hasText: 'Location' }).click();
    expect(await later.getByLabel('I live in').inputValue()).toBe('DE');
    await later.getByRole('checkbox', { name: 'Remote for me (jobs I can take from Germany)' }).click();
    await eventually(() => params(later).get('remote_from')).toBe('DE');
    await context.close();
  });

  it('is reachable by keyboard: Escape closes a menu and gives the focus back', async () => {
    const { page } = await openPage('/');
    const summary = page.locator('summary', { hasText: 'Job type' });
    await summary.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Job type' }).getByRole('checkbox').first().focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('details', { has: summary }).getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await page.close();
  });
});

describe('search suggestions', () => {
  it('suggest as a person types; Down and Enter search for the one chosen, Escape closes them', async () => {
    const { page } = await openPage('/');
    const box = page.getByRole('combobox', { name: 'Search jobs' });
    await box.pressSequentially('engin', { delay: 30 });
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await eventually(() => options.count()).toBeGreaterThan(0);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await eventually(() => options.first().getAttribute('aria-selected')).toBe('true');
    const chosen = (await options.first().locator('span').first().textContent())!;
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await page.keyboard.press('Enter');
    await eventually(() => params(page).get('search')).toBe(chosen);
    await page.close();
  });
});

describe('the first results stay in view', () => {
  for (const [width, height] of [
    [1280, 800],
    [375, 800],
  ] as const) {
    it(`after a search at ${width}×${height}`, async () => {
      const { page } = await openPage('/?search=engineer', width, height);
      const top = (await page.locator('main article').first().boundingBox())!.y;
      expect(top + 60).toBeLessThan(height);
      await page.close();
    });
  }

  it('nothing is wider than a 360 px screen, with a menu open', async () => {
    const { page } = await openPage('/', 360, 740);
    // On a phone the filters are folded behind one button.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.locator('summary', { hasText: 'Location' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.close();
  });
});
