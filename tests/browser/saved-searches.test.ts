/**
 * Saved searches in headless Chromium, as a new visitor meets them on the local product with
 * cognito-local as the user pool: on /remote_jobs with a search and filters, "Create alert" sends
 * a signed-out visitor to sign in and back with the dialog open; the dialog names the search after
 * its words, tells a visitor without a plan that alerts are emailed to subscribers, and saves it;
 * the dashboard lists it with its matches of the last 7 days, a link to the same search on the
 * site and its private feeds, and renames, pauses and deletes it. Both pages pass an axe scan
 * and fit a 375 px screen. The users and saved-search tables are this file's own; the catalog is
 * the run's seeded one (read only).
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSite } from '../support/browser-site';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestProduct } from '../support/product';

let own: IsolatedCatalog;

// One context for the file: the signed-in session carries from test to test, as in one browser.
const site = useBrowserSite({
  start: async () => {
    own = await isolatedCatalog();
    const tables = own.config.dynamodb.tables;
    return startTestProduct({ USERS_TABLE: tables.users, SAVED_SEARCHES_TABLE: tables.saved_searches }, { signIn: true });
  },
  context: { viewport: { width: 1280, height: 900 } },
});

afterAll(() => own?.drop());

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Serious or critical axe violations on the page (rule ids). */
const axeViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const SEARCH = '/remote_jobs?search=engineer&seniority=senior&seniority=staff';
const NAME = '“engineer”, Remote, Hybrid, Senior, Staff / Principal';

describe('saved searches', () => {
  // Signs up on cognito-local and loads the list twice: more than the default 30 s on a busy machine.
  it('saves the search of /remote_jobs with its filters, signing the visitor in and back first', { timeout: 60_000 }, async () => {
    const page = await site.open(SEARCH);
    await page.getByRole('button', { name: 'Create alert' }).click();

    await page.getByRole('heading', { name: 'Sign in to Latent Jobs' }).waitFor();
    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill('katherine@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back on the same list, with the dialog open.
    const dialog = page.getByRole('dialog', { name: 'Create alert' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(SEARCH);
    await dialog.getByText(`Watches: ${NAME}`).waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe(NAME);
    await dialog.getByText('Alerts are emailed to subscribers.').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Hourly (yearly plan)' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Name').fill('Senior remote engineering');
    await dialog.getByRole('radio', { name: 'Weekly' }).check();
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    const saved = page.getByRole('dialog', { name: 'Alert saved' });
    await saved.getByRole('status').filter({ hasText: 'Saved “Senior remote engineering” (weekly).' }).waitFor();
    await saved.getByRole('link', { name: 'Manage alerts on your dashboard' }).click();
    await page.getByRole('heading', { name: 'Saved searches' }).waitFor();
    await page.close();
  });

  it('lists it on the dashboard with its matches, a link to the same search and its private feeds', async () => {
    const page = await site.open('/dashboard');
    const item = page.getByRole('article', { name: 'Senior remote engineering' });
    await item.waitFor();
    await item.getByText(NAME, { exact: true }).waitFor();
    await item.getByText(/^\d[\d,]* jobs? in the last 7 days$/).waitFor();
    expect(await item.getByLabel('Alerts').inputValue()).toBe('weekly');
    const link = item.getByRole('link', { name: /^Show these jobs/ });
    expect(await link.getAttribute('href')).toBe('/?search=engineer&is_remote=remote&is_remote=hybrid&seniority=senior&seniority=staff');

    await item.getByText(/^Private feeds/).click();
    const rss = await item.getByLabel('RSS').inputValue();
    expect(rss).toMatch(/^https?:\/\/.+/);
    await item.getByRole('button', { name: 'Replace feed URLs' }).click();
    await eventually(() => item.getByLabel('RSS').inputValue()).not.toBe(rss);

    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await fitsWidth(page)).toBeLessThanOrEqual(375);

    await link.click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.getAll('seniority').join() === 'senior,staff');
    await page.getByRole('button', { name: 'Remove filter: Staff / Principal' }).waitFor();
    await page.close();
  });

  it('renames, pauses, resumes and deletes it', async () => {
    const page = await site.open('/dashboard');
    let item = page.getByRole('article', { name: 'Senior remote engineering' });
    await item.getByRole('button', { name: /^Rename/ }).click();
    await item.getByLabel('New name').fill('Remote senior engineers');
    await item.getByRole('button', { name: 'Save name' }).click();
    item = page.getByRole('article', { name: /^Remote senior engineers/ });
    await item.waitFor();

    await item.getByRole('button', { name: /^Pause/ }).click();
    await item.getByText('Paused', { exact: true }).waitFor();
    await item.getByRole('button', { name: /^Resume/ }).waitFor();
    await item.getByLabel('Alerts').selectOption('daily');
    await eventually(() => item.getByLabel('Alerts').inputValue()).toBe('daily');

    // As the server keeps it: a reload shows the same.
    await page.reload();
    item = page.getByRole('article', { name: /^Remote senior engineers/ });
    await item.getByText('Paused', { exact: true }).waitFor();
    expect(await item.getByLabel('Alerts').inputValue()).toBe('daily');
    await item.getByRole('button', { name: /^Resume/ }).click();
    await eventually(() => item.getByText('Paused', { exact: true }).count()).toBe(0);

    await item.getByRole('button', { name: /^Delete/ }).click();
    await item.getByRole('button', { name: /^Yes, delete/ }).click();
    await page.getByText('No saved searches yet.').waitFor();
    await page.reload();
    await page.getByText('No saved searches yet.').waitFor();
    await page.close();
  });
});
