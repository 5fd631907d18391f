/**
 * THE set-up of a browser test file: `const site = useBrowserSite()` at the top of the file
 * starts the local product (startTestProduct on the run's seeded catalog, or `start()`) and
 * headless Chromium once before the file's tests (beforeAll) and stops both after (afterAll).
 *
 *   const site = useBrowserSite();
 *   const page = await site.open('/companies', { width: 375 });   // a new page at 375×900
 *   await page.goto(site.url('/about'));
 *   site.product.url; site.browser.newContext();
 *
 * A file whose product needs its own set-up passes `start` (e.g. its own tables, made first);
 * one whose pages share cookies, storage or routes asks for one `context` for the file:
 *
 *   let own: IsolatedCatalog;
 *   const site = useBrowserSite({
 *     start: async () => {
 *       own = await isolatedCatalog();
 *       return startTestProduct({ USERS_TABLE: own.config.dynamodb.tables.users }, { signIn: true });
 *     },
 *     context: { viewport: { width: 1280, height: 900 } },
 *   });
 *   beforeAll(() => site.context.route(...));   // runs after the site's own beforeAll
 *   afterAll(() => own?.drop());
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { LocalProduct } from '../../infra/local/server';
import { launchBrowser, visit } from './browser';
import { startTestProduct } from './product';

export interface BrowserSite {
  /** The running product (throws before beforeAll has run). */
  readonly product: LocalProduct;
  readonly browser: Browser;
  /** The file's one browser context (throws unless `context` was asked for). */
  readonly context: BrowserContext;
  /** The absolute URL of a site path. */
  url(path: string): string;
  /**
   * A new page (default 1280×900; in the file's context when it has one) that ran `setup`
   * (e.g. routes, listeners) and then went to `path`, hydrated (`visit`).
   */
  open(path: string, options?: { width?: number; height?: number; setup?: (page: Page) => Promise<unknown> }): Promise<Page>;
}

export interface BrowserSiteOptions {
  /** Starts the product; default startTestProduct() on the run's seeded catalog. */
  start?: () => Promise<LocalProduct>;
  /** Options of one browser context for the whole file (`site.context`), made once the browser runs. */
  context?: BrowserContextOptions;
}

export function useBrowserSite({ start = () => startTestProduct(), context: contextOptions }: BrowserSiteOptions = {}): BrowserSite {
  let product: LocalProduct | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [product, browser] = await Promise.all([start(), launchBrowser()]);
    if (contextOptions) context = await browser.newContext(contextOptions);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const site: BrowserSite = {
    get product() {
      if (product === undefined) throw new Error('The product starts in beforeAll');
      return product;
    },
    get browser() {
      if (browser === undefined) throw new Error('The browser starts in beforeAll');
      return browser;
    },
    get context() {
      if (context === undefined) throw new Error(contextOptions ? 'The context opens in beforeAll' : 'useBrowserSite({ context }) makes the file one context');
      return context;
    },
    url: (path) => new URL(path, site.product.url).href,
    open: async (path, options = {}) => {
      const viewport = { width: options.width ?? 1280, height: options.height ?? 900 };
      const page = context ? await context.newPage() : await site.browser.newPage({ viewport });
      if (context && (options.width !== undefined || options.height !== undefined)) await page.setViewportSize(viewport);
      await options.setup?.(page);
      await visit(page, site.url(path));
      return page;
    },
  };
  return site;
}
