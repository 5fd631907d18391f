/**
 * The site shell in headless Chromium against the local product on the run's seeded DynamoDB
 * Local (tests/support/product): navigation bar (links, Login, scroll background, the menu at
 * 360 px, the 768 px breakpoint), footer link groups, status pages, 404, the render-error page,
 * the loading spinner's quote, the home page's banner, modals and 'Why Choose Us?'.
 * Screenshots go to .tmp/shots/.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/browser-site';
import type { Page } from 'playwright-core';
import { REPO_TMP, visit } from '../support/browser';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });
const SHOTS = `${REPO_TMP}/shots`;

const site = useBrowserSite();

const openPage = async (path: string, width = 1280, height = 900): Promise<Page> => {
  const page = await site.browser.newPage({ viewport: { width, height } });
  await visit(page, new URL(path, site.product.url).href);
  return page;
};
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const jobsLoaded = (page: Page) => page.locator('main article').first().waitFor();
const headerBackground = (page: Page) => page.locator('header').first().evaluate((header) => getComputedStyle(header).backgroundColor);
const activeInside = (page: Page, selector: string) =>
  page.evaluate((sel) => document.querySelector(sel)?.contains(document.activeElement) ?? false, selector);
const activeName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('navigation bar', () => {
  it('links every section in order, then Login, which says sign-in is not configured yet', async () => {
    const page = await openPage('/');
    const links = mainNav(page).getByRole('link');
    expect(await links.allTextContents()).toEqual(['Remote Jobs', 'Engineering Jobs', 'Top Companies', 'About', 'Blog', 'Login']);
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/remote_jobs',
      '/engineering_jobs',
      '/companies',
      '/about',
      '/blog',
      '/login',
    ]);
    expect(await menuButton(page).isVisible()).toBe(false);
    await jobsLoaded(page);
    await page.screenshot({ path: `${SHOTS}/home-1280.png` });
    await page.screenshot({ path: `${SHOTS}/home-1280-full.png`, fullPage: true });

    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Sign-in is not configured yet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await mainNav(page).getByRole('link', { name: 'Login' }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe('Sign in | Latent Jobs');
    await page.close();
  });

  it('changes its background after 100 px of scroll and back at the top', async () => {
    const page = await openPage('/');
    await jobsLoaded(page);
    const atTop = await headerBackground(page);
    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForTimeout(300);
    expect(await headerBackground(page)).toBe(atTop);
    await page.evaluate(() => window.scrollTo(0, 400));
    await eventually(() => headerBackground(page)).not.toBe(atTop);
    expect(await page.locator('header').first().getAttribute('data-scrolled')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/home-scrolled-1280.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
    await eventually(() => headerBackground(page)).toBe(atTop);
    await page.close();
  });

  it('folds behind a keyboard-usable Menu button at 360 px: aria-expanded, Escape closes and focus returns', async () => {
    const page = await openPage('/', 360, 760);
    await jobsLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await mainNav(page).isVisible()).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: `${SHOTS}/home-360.png` });

    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    await mainNav(page).getByRole('link', { name: 'Remote Jobs' }).waitFor({ state: 'visible' });
    await page.screenshot({ path: `${SHOTS}/menu-open-360.png` });
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('Remote Jobs');
    await page.keyboard.press('Escape');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await mainNav(page).isVisible()).toBe(false);
    expect(await activeName(page)).toBe('Menu');

    // Following a link closes the menu too.
    await page.keyboard.press('Enter');
    await mainNav(page).getByRole('link', { name: 'Engineering Jobs' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/engineering_jobs');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('switches between the menu button and the inline links at 768 px', async () => {
    const page = await openPage('/', 769);
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(await mainNav(page).isVisible()).toBe(true);
    await page.setViewportSize({ width: 768, height: 900 });
    await eventually(() => menuButton(page).isVisible()).toBe(true);
    expect(await mainNav(page).isVisible()).toBe(false);
    await jobsLoaded(page);
    await page.screenshot({ path: `${SHOTS}/home-768.png` });
    await page.close();
  });
});

describe('footer', () => {
  it('has every link group, departments from the API and the copyright line', async () => {
    const page = await openPage('/about-nothing');
    const group = (name: string) => page.getByRole('navigation', { name });
    const hrefs = (name: string) => group(name).getByRole('link').evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]));
    await group('Search by Departments').waitFor();
    const departments = await hrefs('Search by Departments');
    expect(departments.length).toBeGreaterThanOrEqual(10);
    expect(departments).toContainEqual(['Engineering', '/?department=Engineering']);
    expect(departments).toContainEqual(['Data Science', '/?department=Data%20Science']);
    expect(departments.every(([label]) => label?.trim())).toBe(true);
    expect(await hrefs('Search by Category')).toEqual([
      ['Remote', '/remote_jobs'],
      ['Frontend', '/?search=Frontend'],
      ['Backend', '/?search=Backend'],
      ['Data Science', '/?search=Data%20Science'],
      ['Fullstack', '/?search=Fullstack'],
      ['ML', '/?search=ML'],
      ['Data Engineering', '/?search=Data%20Engineering'],
    ]);
    expect(await hrefs('Search by Skills')).toHaveLength(7);
    const cities = await hrefs('Search by Location');
    expect(cities).toHaveLength(10);
    expect(cities.slice(0, 3).map(([label]) => label)).toEqual(['San Francisco', 'New York', 'London']);
    const directories = await group('AI Directories').getByRole('link').evaluateAll((all) => all.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]));
    expect(directories).toHaveLength(3);
    expect(directories.every(([href, target, rel]) => href?.startsWith('https://') && target === '_blank' && rel?.includes('noopener'))).toBe(true);
    expect(await page.getByRole('list', { name: 'Latent Jobs on social media' }).getByRole('link').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()} Latent Jobs`);
    await page.locator('footer').screenshot({ path: `${SHOTS}/footer-1280.png` });
    await page.close();
  });

  it('leads to jobs: a department, a category and a city each find jobs', async () => {
    const page = await openPage('/');
    for (const [groupName, link, heading] of [
      ['Search by Departments', 'Research', 'Results for "Research"'],
      ['Search by Location', 'London', 'Results for "London"'],
      ['Search by Skills', 'PyTorch', 'Results for "PyTorch"'],
    ] as const) {
      await page.getByRole('navigation', { name: groupName }).getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: heading }).waitFor();
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^[1-9][\d,]* Jobs? Found$/);
    }
    await page.getByRole('navigation', { name: 'Search by Category' }).getByRole('link', { name: 'Remote', exact: true }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/remote_jobs');
    await page.close();
  });
});

describe('status and error pages', () => {
  it('shows /success and /cancel with their titles', async () => {
    const page = await openPage('/success');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await page.title()).toBe('Payment successful | Latent Jobs');
    await page.screenshot({ path: `${SHOTS}/success-1280.png` });
    await visit(page, new URL('/cancel', site.product.url).href);
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    expect(await page.title()).toBe('Payment cancelled | Latent Jobs');
    await page.close();
  });

  it('shows the 404 page with a link home for an unknown path, inside the layout', async () => {
    const page = await openPage('/no/such/page');
    await page.getByRole('heading', { name: "Oops! The page you're looking for doesn't exist." }).waitFor();
    expect(await mainNav(page).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/not-found-1280.png` });
    await page.getByRole('link', { name: 'Go back home' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it("shows 'Unexpected Application Error' when a page throws while rendering, and navigating away recovers", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // A malformed answer (a job without its lists) makes the job card throw: no test hook ships in the app.
    // The first page comes rendered by the server; the broken answer reaches the next one the browser loads.
    await visit(page, new URL('/about', site.product.url).href);
    await page.route('**/api/jobs', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"jobs":[{"job_title":"Broken"}],"count":1}' }));
    await page.getByRole('link', { name: 'Latent Jobs home' }).click();
    await page.getByRole('heading', { name: 'Unexpected Application Error' }).waitFor();
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await page.locator('footer').isVisible()).toBe(true);
    expect(errors.some((text) => text.includes('A page failed to render'))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/render-error-1280.png` });
    await page.unroute('**/api/jobs');
    await mainNav(page).getByRole('link', { name: 'Remote Jobs' }).click();
    await page.locator('main article').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Unexpected Application Error' }).count()).toBe(0);
    await page.close();
  });

  it('shows a spinner with an attributed programmer quote while data loads', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visit(page, site.product.url);
    await jobsLoaded(page);
    // The next page of jobs is loaded by the browser: held until the spinner has been seen.
    await page.route('**/api/jobs', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Page 2' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Loading jobs' });
    await status.waitFor();
    expect(await status.locator('blockquote').textContent()).toMatch(/^“.{10,}”$/);
    expect(await status.locator('figcaption').textContent()).toMatch(/^— \S/);
    await page.screenshot({ path: `${SHOTS}/loading-1280.png` });
    release();
    await page.locator('main article').first().waitFor();
    expect(await status.count()).toBe(0);
    await page.close();
  });
});

describe('home page banner and modals', () => {
  const dialog = (page: Page) => page.locator('dialog[open]');

  it("'Why Choose Us?' is closed by default and opens", async () => {
    const page = await openPage('/');
    const details = page.locator('details', { hasText: 'Why Choose Us?' });
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await page.getByText('Why Choose Us?').click();
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await page.close();
  });

  it('Create Job Alerts opens the plans by keyboard: Tab stays inside, Escape closes, focus returns; Pay Now leads to /login', async () => {
    const page = await openPage('/');
    const opener = page.getByRole('button', { name: 'Create Job Alerts' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Unlock AI Jobs with Latent Jobs' }).waitFor();
    for (const title of ['Discover Hidden Jobs', 'Get Ahead of the Competition', 'Stay Informed with Daily Updates']) {
      expect(await dialog(page).getByRole('heading', { name: title }).count()).toBe(1);
    }
    const plans = await dialog(page).getByRole('list', { name: 'Plans' }).getByRole('listitem').allInnerTexts();
    expect(plans.map((text) => text.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Weekly \$2 \/ week Pay Now$/),
      expect.stringMatching(/^Monthly \$7 \/ month Pay Now$/),
      expect.stringMatching(/^Yearly \$77 \/ year Best value Pay Now$/),
    ]);
    await page.screenshot({ path: `${SHOTS}/pricing-modal-1280.png` });
    expect(await activeInside(page, 'dialog[open]')).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await activeInside(page, 'dialog[open]')).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInside(page, 'dialog[open]')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await eventually(() => dialog(page).count()).toBe(0);
    expect(await activeName(page)).toBe('Create Job Alerts');

    // The close icon closes it too, and Pay Now while signed out goes to sign-in.
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await eventually(() => dialog(page).count()).toBe(0);
    expect(await activeName(page)).toBe('Create Job Alerts');
    await opener.click();
    await dialog(page).getByRole('button', { name: /^Pay Now: Monthly plan/ }).click();
    await page.getByRole('heading', { name: 'Sign-in is not configured yet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('the pricing modal fits a 360 px screen', async () => {
    const page = await openPage('/', 360, 760);
    await page.getByRole('button', { name: 'Create Job Alerts' }).click();
    await dialog(page).waitFor();
    const box = await dialog(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/pricing-modal-360.png` });
    await page.keyboard.press('Escape');
    await eventually(() => dialog(page).count()).toBe(0);
    await page.close();
  });

  it('Subscribe to Weekly Job Alerts checks the email, posts it to the API, shows its answer, and closes on the backdrop', async () => {
    const page = await openPage('/');
    const posts: string[] = [];
    page.on('request', (request) => request.method() !== 'GET' && !request.url().endsWith('/api/jobs') && posts.push(request.url()));
    const opener = page.getByRole('button', { name: 'Subscribe to Weekly Job Alerts' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Subscribe to our job emails' }).waitFor();
    const email = dialog(page).getByRole('textbox', { name: 'Email address' });
    await email.fill('not-an-email');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    expect(await dialog(page).getByRole('alert').textContent()).toContain('valid email address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/subscribe-modal-error-1280.png` });
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(await activeInside(page, 'dialog[open]')).toBe(true);
    }
    expect(posts).toEqual([]);
    // The shared catalog is read only: the API's answers are played here (the real route is
    // tested in tests/email/newsletter-flow.test.ts). First a 429, then the 202.
    const bodies: unknown[] = [];
    let answer = { status: 429, body: { message: 'Too many sign-up requests for this email address. Please try again in 12 minutes.' } };
    await page.route('**/api/newsletter/subscribe', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
    });
    await email.fill(' ada@example.com ');
    await email.press('Enter');
    await eventually(async () => (await dialog(page).getByRole('alert').textContent()) ?? '').toContain('Too many sign-up requests');
    answer = { status: 202, body: { message: 'Check your inbox to confirm your subscription.' } };
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    await eventually(async () => (await dialog(page).getByRole('status').textContent()) ?? '').toContain('Check your inbox to confirm');
    expect(bodies).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }]);

    // A click on the backdrop (outside the panel) closes it and focus returns to the opener.
    await page.mouse.click(10, 10);
    await eventually(() => dialog(page).count()).toBe(0);
    expect(await activeName(page)).toBe('Subscribe to Weekly Job Alerts');
    // A click inside the panel does not.
    await opener.click();
    await dialog(page).getByRole('heading', { name: 'Subscribe to our job emails' }).click();
    expect(await dialog(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await eventually(() => dialog(page).count()).toBe(0);
    await page.close();
  });
});
