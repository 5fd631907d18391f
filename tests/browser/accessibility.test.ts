/**
 * Issue 3 quality bar: an axe scan (@axe-core/playwright, axe-core's default WCAG rules) of every
 * public route and of the pricing modal finds no violation of impact 'serious' or 'critical'.
 * Runs against the real local product (startTestProduct: the Lambda handlers over the run's
 * seeded DynamoDB Local, the blog's Markdown articles); the job page and the article are real
 * ones taken from `POST /api/jobs` and `GET /api/blog/posts`. Each page is scanned once its
 * content has loaded (its heading shown and no 'Loading …' spinner left), not merely on `load`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { JobPage } from '../../shared/search/job-query';
import type { ArticleList } from '../../shared/content/article';
import { visit } from '../support/browser';
import { useBrowserSite } from '../support/browser-site';
import { jobPagePath } from '../../shared/seo/page-paths';

const site = useBrowserSite();
let jobPath: string;
let articlePath: string;

const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(site.url(path), init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status}`);
  return (await response.json()) as T;
};

beforeAll(async () => {
  const { jobs } = await api<JobPage>('/api/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 0, page_size: 20 }),
  });
  const job = jobs.find((candidate) => candidate.slug_url);
  if (!job) throw new Error('POST /api/jobs returned no job with a slug');
  jobPath = jobPagePath(job);
  const { articles } = await api<ArticleList>('/api/blog/posts');
  if (!articles[0]) throw new Error('GET /api/blog/posts returned no article');
  articlePath = `/blog/${articles[0].slug}`;
});

/** A fresh context per page (AxeBuilder needs a page made from `browser.newContext()`). */
const open = async (path: string): Promise<Page> => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await visit(page, site.url(path));
  return page;
};

/**
 * The page's content is there: a level-1 heading is visible, no loading spinner is left, and
 * entrance animations (e.g. the blog cards fading in) have finished, so axe judges the colours
 * a reader sees rather than a half-transparent frame.
 */
const contentLoaded = async (page: Page, extra?: string): Promise<void> => {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  if (extra) await page.locator(extra).first().waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count(), { timeout: 15_000 }).toBe(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
};

/** 'rule-id (impact): target, target' for each serious or critical violation. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

const scan = async (path: string, extra?: string): Promise<void> => {
  const page = await open(path);
  try {
    await contentLoaded(page, extra);
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
  } finally {
    await page.context().close();
  }
};

const LIST = 'main article';
/** axe reads the whole page: a company page's 71 cards take over 30 s on a busy 2-core machine. */
const SCAN_TIMEOUT = 120_000;

describe('accessibility (axe): no serious or critical violation', () => {
  it.each([
    ['/', LIST],
    ['/remote_jobs', LIST],
    ['/engineering_jobs', LIST],
    ['/jobs/engineering', LIST],
    ['/companies', 'main ul li a'],
    ['/company/Cohere', LIST],
    // A company page's filter bar with a chip, on one department's tab.
    ['/company/Cohere?department=ML&employment_types=full_time', LIST],
    ['/jobs/api', 'pre'],
    ['/about', undefined],
    ['/blog', 'ul[aria-label="Articles"] article'],
    ['/login', undefined],
    ['/dashboard', undefined],
    ['/success', undefined],
    ['/cancel', undefined],
    ['/newsletter/confirmed', undefined],
    ['/coverage', 'main svg'],
    // The filter bar with active filters (chips) and the job list they narrow.
    ['/?employment_types=full_time&exclude_companies=Cohere&sort=salary', LIST],
    ['/no-such-page/anywhere', undefined],
  ])('%s', (path, extra) => scan(path, extra), SCAN_TIMEOUT);

  it('a job page', () => scan(jobPath), SCAN_TIMEOUT);

  it('a blog article', () => scan(articlePath, 'article'), SCAN_TIMEOUT);

  it('the pricing modal open on /', async () => {
    const page = await open('/');
    try {
      await contentLoaded(page, LIST);
      await page.getByRole('button', { name: 'Create Job Alerts' }).click();
      await page.getByRole('dialog', { name: 'Unlock AI Jobs with Latent Jobs' }).waitFor();
      expect(await seriousViolations(page), 'axe on the pricing modal').toEqual([]);
    } finally {
      await page.context().close();
    }
  }, SCAN_TIMEOUT);
});
