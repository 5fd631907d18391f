/**
 * The About page in headless Chromium against the real local product (startTestProduct on the
 * run's seeded DynamoDB Local): title and description, the headings a visitor scans, the email
 * contact link, the banner's links into the site, and about forty grouped external learning
 * links that open safely in a new tab.
 */
import { visit } from '../support/browser';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';

const site = useBrowserSite();

describe('/about', () => {
  it('welcomes, states the mission and the benefits, with a title and a description', async () => {
    const page = await site.browser.newPage();
    await visit(page, new URL('/about', site.product.url).href);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Latent Jobs' }).waitFor();
    const h2 = await page.locator('main h2').allTextContents();
    expect(h2).toEqual(expect.arrayContaining(['Our Mission', 'What AI brings', 'Why work in AI', 'Why we built Latent Jobs']));
    expect(h2.some((text) => text.startsWith('Learn AI'))).toBe(true);
    expect(await page.title()).toContain('About Latent Jobs');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Our mission');

    const email = page.locator('main a[href^="mailto:"]').first();
    expect(await email.getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(await page.getByRole('link', { name: 'Browse AI jobs' }).getAttribute('href')).toBe('/');
    await page.close();
  });

  it('lists about forty external learning links in named groups, each opening safely in a new tab', async () => {
    const page = await site.browser.newPage();
    await visit(page, new URL('/about', site.product.url).href);
    await page.getByRole('heading', { level: 3, name: 'Courses' }).waitFor();
    const groups = await page.locator('main h3').allTextContents();
    expect(groups).toEqual(expect.arrayContaining(['Courses', 'Free books', 'Landmark papers', 'Documentation and tools', 'Communities']));

    const links = await page
      .locator('main a[target="_blank"]')
      .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute('href') ?? '', rel: a.getAttribute('rel') ?? '' })));
    expect(links.length).toBeGreaterThanOrEqual(35);
    expect(links.length).toBeLessThanOrEqual(50);
    expect(links.every((link) => link.href.startsWith('https://') && link.rel.includes('noopener'))).toBe(true);
    expect(new Set(links.map((link) => link.href)).size).toBe(links.length);
    await page.close();
  });
});
