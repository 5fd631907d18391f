/**
 * The job page (/jobs/{company}{slug}) and /jobs/api in headless Chromium against the real local
 * product on the run's seeded catalog (jobs from stapply-ai/ats-scrapers@43ece6fd:
 * ashby/companies/*.json, here Replit's "Software Engineer, Product Infrastructure (TypeScript
 * DevEx)", posted at $180K – $250K a year): what a visitor reads, the links they follow, the
 * JobPosting JSON-LD a search engine reads, and the failure states.
 */
import { visit } from '../support/browser';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page } from 'playwright-core';

const JOB_PATH = '/jobs/Replit/software-engineer-product-infrastructure-typescript-devex-34afefd8';
const JOB_TITLE = 'Software Engineer, Product Infrastructure (TypeScript DevEx)';
const JOB_URL = 'https://jobs.ashbyhq.com/replit/34afefd8-f698-4c46-a517-9ced6695b59b';
const SEEDED_JOBS = 1323; // the 1,333 captured postings less the 10 that are not jobs (shared/sources/non-jobs.ts)
const DAY_MS = 24 * 60 * 60 * 1000;

const site = useBrowserSite();

const openPage = async (path: string): Promise<Page> => {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await visit(page, new URL(path, site.product.url).href);
  return page;
};

const failWith500 = (page: Page, pattern: string) =>
  page.route(pattern, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));

describe('job page', () => {
  it("shows our estimate apart from posted pay, and the law's note, on a posting without pay", async () => {
    // Prime Intellect's Head of Growth (San Francisco) posts no pay.
    const page = await openPage('/jobs/Prime%20Intellect/head-of-growth-4c6ccfd6');
    const details = page.getByRole('list', { name: 'Details' });
    await details.waitFor();
    const items = await details.getByRole('listitem').allTextContents();
    expect(items).toContainEqual(expect.stringMatching(/^Est\. \$\d+k – \$\d+k · from \d+ similar postings in (the US|San Francisco)$/));
    expect(items).toContain('No pay range posted (California law has required one since 2023)');
    const estimate = details.getByText(/^Est\./);
    expect(await estimate.evaluate((element) => getComputedStyle(element).borderStyle)).toBe('dashed');
    const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(posting.baseSalary).toBeUndefined();
  });

  it('shows a real posting with its pay, description, company, share links and Apply Now, and marks it up as a JobPosting', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await visit(page, new URL(JOB_PATH, site.product.url).href);
    const pageUrl = new URL(JOB_PATH, site.product.url).href;
    await page.getByRole('heading', { level: 1, name: JOB_TITLE }).waitFor();

    const details = page.getByRole('list', { name: 'Details' });
    expect(await details.getByRole('listitem').allTextContents()).toEqual(['Hybrid', '$180k – $250k', 'Full-time', expect.stringMatching(/^Published \d+ (days?|months?|years?) ago$/)]);
    expect(await page.locator('article').textContent()).toContain('Replit is the fastest way to turn ideas into software.');
    expect(await page.getByRole('complementary').getByRole('listitem').first().textContent()).toBe('Foster City, CA, US');

    expect(await page.title()).toBe(`${JOB_TITLE} at Replit | Latent Jobs`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Replit is hiring');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(pageUrl);

    const apply = page.getByRole('link', { name: /^Apply Now/ });
    expect(await apply.getAttribute('href')).toBe(JOB_URL);
    expect(await apply.getAttribute('target')).toBe('_blank');
    expect(await apply.getAttribute('rel')).toContain('noopener');
    expect(await page.getByRole('complementary').getByRole('link', { name: 'Replit', exact: true }).getAttribute('href')).toBe('/company/Replit');
    expect(await page.getByRole('link', { name: /^View More Jobs/ }).getAttribute('href')).toBe('/company/Replit');

    const share = await page.getByRole('link', { name: /^Share on / }).evaluateAll((links) =>
      links.map((a) => ({ name: a.textContent, host: new URL(a.getAttribute('href')!).host, query: new URL(a.getAttribute('href')!).search, target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
    );
    expect(share.map((link) => [link.name, link.host])).toEqual([
      ['Facebook', 'www.facebook.com'],
      ['LinkedIn', 'www.linkedin.com'],
      ['WhatsApp', 'wa.me'],
      ['X', 'x.com'],
    ]);
    for (const link of share) {
      expect(decodeURIComponent(link.query.replace(/\+/g, ' '))).toContain(pageUrl);
      expect(link.target).toBe('_blank');
      expect(link.rel).toContain('noopener');
    }

    const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: JOB_TITLE,
      datePosted: '2025-10-16T15:12:02.568Z',
      hiringOrganization: { '@type': 'Organization', name: 'Replit', sameAs: 'https://replit.com' },
      jobLocation: [{ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Foster City', addressRegion: 'CA', addressCountry: 'US' } }],
      employmentType: 'FULL_TIME',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 180000, maxValue: 250000, unitText: 'YEAR' } },
      directApply: false,
      identifier: { '@type': 'PropertyValue', name: 'Replit', value: 'software-engineer-product-infrastructure-typescript-devex-34afefd8' },
      url: pageUrl,
    });
    expect(posting.description).toContain('Replit is the fastest way to turn ideas into software.');
    // Open until 30 days after the crawler last saw it (the seed's time for these jobs).
    const lastSeen = await page.evaluate(async (path) => (await (await fetch(`/api${path}`)).json()).last_seen_at as string, JOB_PATH);
    expect(Date.parse(posting.validThrough)).toBe(Date.parse(lastSeen) + 30 * DAY_MS);
    expect(posting).not.toHaveProperty('jobLocationType');
    // The server's markup was hydrated as it was: no mismatch reported, and nothing the
    // Content-Security-Policy blocked (the router's data travels as a JSON block; the inlined
    // stylesheet and the hydration loader are allowed by their hashes).
    expect(consoleErrors.filter((text) => /hydrat|inline script|Content Security Policy/i.test(text))).toEqual([]);
    // The page was painted before any script was asked for: scripts only hydrate it.
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js')).map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
    await page.close();
  });

  it('answers 410 with the Page Not Found page for a job that does not exist, and offers Retry when loading a job fails', async () => {
    const unknown = await site.browser.newPage();
    const response = await unknown.goto(new URL('/jobs/Replit/no-such-job-00000000', site.product.url).href);
    expect(response?.status()).toBe(410);
    await unknown.getByRole('heading', { level: 1, name: "Oops! The page you're looking for doesn't exist." }).waitFor();
    expect(await unknown.locator('script[type="application/ld+json"]').count()).toBe(0);
    await unknown.close();

    // The first page comes rendered by the server; the API failing shows when the browser loads the next one.
    const page = await openPage('/company/Replit');
    await failWith500(page, '**/api/jobs/Replit/**');
    await page.getByRole('link', { name: JOB_TITLE }).first().click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Something failed on our side');
    await page.unroute('**/api/jobs/Replit/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: JOB_TITLE }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });
});

describe('/jobs/api', () => {
  it('shows the raw JSON of the newest 240 jobs with a download link', async () => {
    const page = await openPage('/jobs/api');
    const pre = page.locator('pre');
    await pre.waitFor();
    const body = JSON.parse((await pre.textContent())!);
    expect(body.jobs).toHaveLength(240);
    expect(body.count).toBe(SEEDED_JOBS);
    expect(Object.keys(body.jobs[0])).toContain('job_title');
    const download = page.getByRole('link', { name: 'Download JSON' });
    expect(await download.getAttribute('download')).toBe('latent-jobs-240.json');
    expect(await download.getAttribute('href')).toMatch(/^blob:/);
    await page.close();
  });
});
