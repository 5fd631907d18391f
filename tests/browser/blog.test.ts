/**
 * The blog in headless Chromium against the real local product (startTestProduct: the Lambda
 * handlers, the run's seeded DynamoDB Local, and the blog's Markdown articles from
 * lambdas/content/articles since no Contentful space is configured): the list, the search
 * filter, 'No match found', the article page and its back link, the error state when the blog
 * API fails (the job board still working), and no entrance animation under reduced motion.
 */
import { visit } from '../support/browser';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page } from 'playwright-core';

const site = useBrowserSite();

const open = async (path: string, setup?: (page: Page) => Promise<unknown>): Promise<Page> => {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await setup?.(page);
  await visit(page, new URL(path, site.product.url).href);
  return page;
};

const headlines = async (page: Page): Promise<string[]> => page.locator('ul[aria-label="Articles"] article h2').allTextContents();

describe('/blog', () => {
  it("lists 'Recent Articles' as cards with the day each was updated (no time of day), description and Read More", async () => {
    const page = await open('/blog');
    await page.getByRole('heading', { level: 1, name: 'Recent Articles' }).waitFor();
    await page.locator('ul[aria-label="Articles"] article').first().waitFor();
    const titles = await headlines(page);
    expect(titles.length).toBeGreaterThanOrEqual(5);
    expect(titles).toContain('How to Read an AI Job Posting (and What the Titles Really Mean)');
    const firstCard = page.locator('ul[aria-label="Articles"] article').first();
    expect(await firstCard.locator('time').textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await firstCard.getByRole('link', { name: /^Read More/ }).count()).toBe(1);
    expect(await page.title()).toContain('Blog');
    await page.close();
  });

  it('filters by headline and description as you type, ignoring case, and says No match found', async () => {
    const page = await open('/blog');
    await page.locator('ul[aria-label="Articles"] article').first().waitFor();
    const all = await headlines(page);
    const search = page.getByRole('searchbox', { name: 'Search articles' });

    // Upper case against "interview loop" in one description only.
    await search.fill('INTERVIEW LOOP');
    await expect.poll(() => headlines(page)).toEqual(['Preparing for Machine Learning Interviews: A Practical Plan']);

    await search.fill('  Equity ');
    await expect.poll(() => headlines(page)).toEqual(['Understanding Compensation at AI Companies: Salary, Equity and Negotiation']);

    await search.fill('quantum knitting');
    await page.getByText('No match found').waitFor();
    expect(await headlines(page)).toEqual([]);

    await search.fill('');
    await expect.poll(() => headlines(page)).toEqual(all);
    await page.close();
  });

  it('opens an article from Read More, renders its rich text, and goes back to the list', async () => {
    const page = await open('/blog');
    await page.getByRole('link', { name: 'Read More: How to Read an AI Job Posting (and What the Titles Really Mean)' }).click();
    await page.getByRole('heading', { level: 1, name: 'How to Read an AI Job Posting (and What the Titles Really Mean)' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog/how-to-read-an-ai-job-posting');
    expect(await page.getByRole('heading', { level: 2, name: 'Start with the verbs, not the title' }).count()).toBe(1);
    expect(await page.locator('table').count()).toBe(1);
    expect(await page.getByText(/^Updated /).textContent()).toMatch(/^Updated [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await page.title()).toContain('How to Read an AI Job Posting');

    await page.getByRole('link', { name: 'Back to all articles' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Recent Articles' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog');
    await page.close();
  });

  it('answers 404 with the Page Not Found page for an unknown slug', async () => {
    const page = await site.browser.newPage();
    const response = await page.goto(new URL('/blog/no-such-article', site.product.url).href);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: "Oops! The page you're looking for doesn't exist." }).waitFor();
    await page.close();
  });

  it('shows the error box when the blog API fails, and the job board keeps working', async () => {
    // The first page comes rendered by the server; the API failing shows when the browser loads the next one.
    const page = await open('/about', (p) =>
      p.route('**/api/blog/**', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The blog is unavailable right now' }) }),
      ),
    );
    await page.locator('a[href="/blog"]').first().click();
    await page.getByRole('alert').getByText('Something failed on our side').waitFor();

    await visit(page, new URL('/', site.product.url).href);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toMatch(/^[\d,]+ Jobs? Found$/);
    await page.close();
  });

  it('staggers the cards by 0.1 s, and not at all when the visitor prefers reduced motion', async () => {
    const animations = async (page: Page) => {
      await page.locator('ul[aria-label="Articles"] article').nth(2).waitFor();
      return page
        .locator('ul[aria-label="Articles"] article')
        .evaluateAll((cards) => cards.slice(0, 3).map((card) => [getComputedStyle(card).animationName, getComputedStyle(card).animationDelay]));
    };
    const moving = await open('/blog');
    const [first, second, third] = await animations(moving);
    expect(first?.[0]).not.toBe('none');
    expect([first?.[1], second?.[1], third?.[1]]).toEqual(['0s', '0.1s', '0.2s']);
    await moving.close();

    const still = await open('/blog', (p) => p.emulateMedia({ reducedMotion: 'reduce' }));
    expect((await animations(still)).map(([name]) => name)).toEqual(['none', 'none', 'none']);
    await still.close();
  });
});
