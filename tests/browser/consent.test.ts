/**
 * Analytics consent in headless Chromium. The SPA is built here with VITE_PLAUSIBLE_DOMAIN set
 * (into .tmp/, not the product's dist) and served by Playwright routes on a test origin, with
 * /api forwarded to the local product on the run's seeded DynamoDB Local (tests/support/product)
 * and Plausible's script answered by a stub that records nothing but its own loading.
 * The product's own build has no analytics configured: no banner, no tag (checked too).
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { build } from 'vite';
import { REPO_TMP, visit } from '../support/browser';
import { useBrowserSite } from '../support/browser-site';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });
const SITE = 'http://latentjobs.test';
const TAG_URL = 'https://plausible.io/js/script.manual.js';
const distDir = join(REPO_TMP, 'consent-dist');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

const site = useBrowserSite();

async function buildWithAnalytics(): Promise<void> {
  // The domain goes in through `define`, not process.env, so no other build in this process
  // (e.g. the product's own SPA build) can pick it up; NODE_ENV as in initial-js-budget.test.ts.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: fileURLToPath(new URL('../../frontend/vite.config.ts', import.meta.url)),
      mode: 'production',
      define: { 'import.meta.env.VITE_PLAUSIBLE_DOMAIN': JSON.stringify('latentjobs.test') },
      build: { outDir: distDir, emptyOutDir: true },
      logLevel: 'silent',
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

// After the site's beforeAll: the product's own SPA build, which must stay without analytics, comes first.
beforeAll(() => buildWithAnalytics());

/** A page on the test origin serving the analytics build; `tagRequests` lists each load of Plausible's script. */
async function openSite(path: string, page?: Page) {
  const target = page ?? (await (await site.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage());
  const tagRequests: string[] = [];
  await target.route(`${SITE}/**`, async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/api/')) {
      await route.fulfill({ response: await route.fetch({ url: site.url(url.pathname + url.search) }) });
      return;
    }
    const file = url.pathname.startsWith('/assets/') ? url.pathname : '/index.html';
    const body = await readFile(join(distDir, file));
    await route.fulfill({ status: 200, contentType: TYPES[extname(file)] ?? 'application/octet-stream', body });
  });
  await target.route('https://plausible.io/**', async (route: Route) => {
    tagRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__tagLoaded = true;' });
  });
  await visit(target, SITE + path);
  return { page: target, tagRequests };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Analytics consent' });
const plausibleCalls = (page: Page) =>
  page.evaluate(() => ((window as unknown as { plausible?: { q?: unknown[][] } }).plausible?.q ?? []).map((args) => args[0]));

describe('analytics consent', () => {
  it('asks first, with Reject as easy as Accept, and loads no tag before consent or after Reject', async () => {
    const { page, tagRequests } = await openSite('/');
    await banner(page).waitFor();
    const reject = banner(page).getByRole('button', { name: 'Reject' });
    const accept = banner(page).getByRole('button', { name: 'Accept' });
    const [r, a] = [(await reject.boundingBox())!, (await accept.boundingBox())!];
    expect([Math.round(r.width), Math.round(r.height)]).toEqual([Math.round(a.width), Math.round(a.height)]);
    expect(Math.round(r.y)).toBe(Math.round(a.y));
    const style = (button: typeof reject) => button.evaluate((b) => { const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.fontWeight, s.fontSize]; });
    expect(await style(reject)).toEqual(await style(accept));
    await page.screenshot({ path: `${REPO_TMP}/shots/consent-banner-1280.png` });

    await page.locator('main article').first().waitFor();
    await page.getByRole('link', { name: 'Remote Jobs' }).first().click();
    await page.locator('main article').first().waitFor();
    expect(tagRequests).toEqual([]);
    expect(await page.evaluate(() => 'plausible' in window)).toBe(false);

    await reject.click();
    await eventually(() => banner(page).count()).toBe(0);
    await page.reload();
    await page.locator('main article').first().waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(tagRequests).toEqual([]);
    expect(await page.getByRole('button', { name: /Analytics choice: off/ }).count()).toBe(1);
    await page.context().close();
  });

  it('after Accept loads the tag once and reports page views and Apply clicks; the choice is remembered and can be changed', async () => {
    const { page, tagRequests } = await openSite('/remote_jobs');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await eventually(() => tagRequests).toEqual([TAG_URL]);
    expect(await page.locator('script#analytics-tag').getAttribute('data-domain')).toBe('latentjobs.test');
    expect(await plausibleCalls(page)).toEqual(['pageview']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Engineering Jobs' }).click();
    await eventually(() => plausibleCalls(page)).toEqual(['pageview', 'pageview']);
    await page.locator('main article a', { hasText: 'Apply Now' }).first().click();
    await eventually(() => plausibleCalls(page)).toContain('Apply Click');

    await visit(page, `${SITE}/`);
    await page.locator('main article').first().waitFor();
    expect(await banner(page).count()).toBe(0);
    await eventually(() => plausibleCalls(page)).toEqual(['pageview']);
    await page.getByRole('button', { name: /Analytics choice: on/ }).click();
    await banner(page).waitFor();
    await page.context().close();
  });

  it('shows no banner and loads no tag when analytics is not configured (the product build)', async () => {
    const page = await site.browser.newPage();
    const external: string[] = [];
    page.on('request', (request) => !request.url().startsWith(site.product.url) && !request.url().startsWith('data:') && external.push(request.url()));
    await visit(page, site.product.url);
    await page.locator('main article').first().waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(external).toEqual([]);
    await page.close();
  });
});
