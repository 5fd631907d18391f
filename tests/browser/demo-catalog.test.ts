/**
 * A first start of the product on empty tables (the seed runs at today's clock): the demo
 * catalog behaves as a live crawl does. Jobs show under "Posted: last 7 days", hiding likely
 * ghost jobs keeps most of them, /coverage shows the seed's run, and both /coverage and a job
 * page say the postings were captured on 28 Oct 2025 and are shown as if read today.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSite } from '../support/browser-site';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestProduct } from '../support/product';

let own: IsolatedCatalog;

const site = useBrowserSite({
  start: async () => {
    own = await isolatedCatalog();
    const { tables } = own.config.dynamodb;
    return startTestProduct({ JOBS_TABLE: tables.jobs, COMPANIES_TABLE: tables.companies, STATE_TABLE: tables.state, USERS_TABLE: tables.users });
  },
});

afterAll(() => own?.drop());

const NOTICE = 'Demo catalog: real postings captured on 28 Oct 2025, shown as if read today.';
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** The number in the 'N Jobs Found' heading, once the jobs have loaded. */
const jobsFound = async (page: Page): Promise<number> => {
  const heading = page.getByRole('heading', { level: 1 });
  await eventually(() => heading.textContent()).toMatch(/^[\d,]+ Jobs? Found$/);
  return Number((await heading.textContent())!.replace(/\D/g, ''));
};

describe('the demo catalog on a first start', () => {
  it('lists jobs posted in the last 7 days, and hiding likely ghost jobs keeps most jobs', async () => {
    const all = await jobsFound(await site.open('/'));
    expect(all).toBeGreaterThan(1300);
    const week = await site.open('/?posted_within_days=7');
    await eventually(() => jobsFound(week)).toBeGreaterThan(50);
    await week.locator('article').first().waitFor();
    expect(await week.locator('article').first().textContent()).toMatch(/(day|hour|minute)s? ago|just now|today/i);
    const noGhosts = await site.open('/?exclude_ghost=true');
    await eventually(() => jobsFound(noGhosts)).toBeGreaterThan(all / 3);
  });

  it('shows the seed on /coverage as a crawl run, and says what the catalog is', async () => {
    const page = await site.open('/coverage');
    await page.getByRole('heading', { level: 1, name: 'Coverage' }).waitFor();
    const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    expect(Number((await stat('Companies tracked').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(40);
    expect(Number((await stat('Jobs open').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(1300);
    expect(await stat('Last crawl').textContent()).toMatch(/(minutes? ago|just now)\d+ companies read, 0 failing/);
    expect(await page.getByRole('note').textContent()).toBe(NOTICE);
  });

  it('says so on a job page, whose posting reads as recent', async () => {
    const list = await site.open('/?sort=newest');
    const first = list.locator('article h2 a, article h3 a').first();
    await first.waitFor();
    await first.click();
    await list.getByRole('heading', { level: 1 }).and(list.locator('#job-title')).waitFor();
    expect(await list.getByRole('note').textContent()).toBe(NOTICE);
    expect(await list.getByRole('list', { name: 'Details' }).textContent()).not.toMatch(/year/);
  });
});
