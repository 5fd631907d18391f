/**
 * THE set-up of a browser test file: `const site = useBrowserSite()` at the top of the file
 * starts the local product (startTestProduct on the run's seeded catalog, or `start()`) and
 * headless Chromium once before the file's tests (beforeAll) and stops both after (afterAll).
 *
 *   const site = useBrowserSite();
 *   const page = await site.open('/companies', { width: 375 });   // a new page at 375×900
 *   await page.goto(site.url('/about'));
 *   site.product.url; site.browser.newContext();
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LocalProduct } from '../../infra/local/server';
import { launchBrowser, visit } from './browser';
import { startTestProduct } from './product';

export interface BrowserSite {
  /** The running product (throws before beforeAll has run). */
  readonly product: LocalProduct;
  readonly browser: Browser;
  /** The absolute URL of a site path. */
  url(path: string): string;
  /** A new page (default 1280×900) that ran `setup` (e.g. routes) and then went to `path`. */
  open(path: string, options?: { width?: number; height?: number; setup?: (page: Page) => Promise<unknown> }): Promise<Page>;
}

export function useBrowserSite(start: () => Promise<LocalProduct> = () => startTestProduct()): BrowserSite {
  let product: LocalProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [product, browser] = await Promise.all([start(), launchBrowser()]);
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
    url: (path) => new URL(path, site.product.url).href,
    open: async (path, options = {}) => {
      const page = await site.browser.newPage({ viewport: { width: options.width ?? 1280, height: options.height ?? 900 } });
      await options.setup?.(page);
      await visit(page, site.url(path));
      return page;
    },
  };
  return site;
}
