/**
 * The career-page crawler's browser: one headless Chromium (puppeteer-core 24.43.1) per crawl,
 * launched on first use and shared by every career-page company of the crawl; each company
 * gets its own incognito context and tab, closed when it is done.
 *
 * `new CareerPageBrowser(options)`; `openTab()` → a `CareerTab` with `render(url)`; `close()`.
 *
 * What a tab enforces:
 * - request interception: every request (documents, redirects, scripts, XHR, frames) is
 *   checked with the crawler's address guard (lambdas/crawler/address-guard.ts:
 *   `checkUrl` per URL, `resolvePublicUrl` per origin, cached for the tab) and aborted when it
 *   points at a non-public address (loopback, private, link-local, metadata...) unless the
 *   policy allowlists it; each redirect hop is a request of its own, so a redirect to a private
 *   address is refused too. Images, media and fonts are not loaded. WebSockets are blocked,
 *   service workers bypassed, popups closed, dialogs dismissed;
 * - `render(url)`: navigates (up to `navigationTimeoutMs` for the document), then waits for the
 *   page's scripts to settle: network idle (no request for 500 ms) for at most `idleTimeoutMs`
 *   (a page that never settles is read as it is then); returns the final URL, the HTTP status
 *   and the rendered HTML (`page.content()`, JSON-LD that scripts added included), at most
 *   `maxBytes` characters;
 * - the identifying User-Agent on every request.
 *
 * @throws FetchFailure from `render`: 'blocked' (the page or a redirect hop was refused),
 * 'timeout', 'not-found' (404/410), 'http' (other non-2xx), 'network'.
 */
import puppeteer, { type Browser, type BrowserContext, type HTTPRequest, type Page } from 'puppeteer-core';
import { FetchFailure } from '../../../shared/crawl/source';
import { checkUrl, resolvePublicUrl, type AddressPolicy } from '../address-guard';
import { chromiumExecutable, type ChromiumOptions } from './chromium';

export interface CareerPageBrowserOptions extends ChromiumOptions {
  userAgent: string;
  policy: AddressPolicy;
  /** Time allowed for a page's document to load, ms (default 20,000). */
  navigationTimeoutMs?: number;
  /** Longest wait for network idle after the document loaded, ms (default 8,000). */
  idleTimeoutMs?: number;
  /** Longest rendered HTML kept, characters (default 5,000,000). */
  maxBytes?: number;
}

export interface RenderedPage {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  html: string;
}

export interface CareerTab {
  render(url: string): Promise<RenderedPage>;
  /** Requests the guard refused so far, "url: reason". */
  readonly refused: readonly string[];
  close(): Promise<void>;
}

const NOT_LOADED = new Set(['image', 'media', 'font']);
const PASS_THROUGH = /^(?:data|blob|about):/i;

const failureOf = (error: unknown, url: string, refused: readonly string[]): FetchFailure => {
  if (error instanceof FetchFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/ERR_BLOCKED_BY_CLIENT/.test(message)) {
    const reason = refused.find((entry) => entry.startsWith(url)) ?? refused.at(-1) ?? 'refused address';
    return new FetchFailure('blocked', `${url}: ${reason}`);
  }
  if (error instanceof Error && error.name === 'TimeoutError') return new FetchFailure('timeout', `${url} did not load in time`);
  return new FetchFailure('network', `${url}: ${message.split('\n')[0]}`);
};

class Tab implements CareerTab {
  readonly refused: string[] = [];
  private readonly origins = new Map<string, Promise<unknown>>();

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly options: CareerPageBrowserOptions,
  ) {}

  /** Sets up interception and the tab's rules. */
  async init(): Promise<void> {
    const { page } = this;
    await page.setUserAgent(this.options.userAgent);
    await page.setBypassServiceWorker(true);
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    this.context.on('targetcreated', (target) => {
      void target
        .page()
        .then((opened) => (opened && opened !== page ? opened.close() : undefined))
        .catch(() => undefined);
    });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: ['ws://*', 'wss://*'] });
    await page.setRequestInterception(true);
    page.on('request', (request) => void this.decide(request));
  }

  private async decide(request: HTTPRequest): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    try {
      if (PASS_THROUGH.test(url)) return await request.continue();
      if (NOT_LOADED.has(request.resourceType())) return await request.abort('blockedbyclient');
      const checked = checkUrl(url, this.options.policy);
      let origin = this.origins.get(checked.origin);
      if (origin === undefined) {
        origin = resolvePublicUrl(checked, this.options.policy);
        this.origins.set(checked.origin, origin);
      }
      await origin;
      await request.continue();
    } catch (error) {
      if (error instanceof FetchFailure) this.refused.push(`${url}: ${error.message}`);
      await request.abort('blockedbyclient').catch(() => undefined);
    }
  }

  async render(url: string): Promise<RenderedPage> {
    const { page, options } = this;
    checkUrl(url, options.policy);
    let response;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: options.navigationTimeoutMs ?? 20_000 });
    } catch (error) {
      throw failureOf(error, url, this.refused);
    }
    const status = response?.status() ?? 200;
    if (status === 404 || status === 410) throw new FetchFailure('not-found', `${url} answered HTTP ${status}`, status);
    if (status < 200 || status >= 300) throw new FetchFailure('http', `${url} answered HTTP ${status}`, status);
    await page.waitForNetworkIdle({ idleTime: 500, timeout: options.idleTimeoutMs ?? 8_000 }).catch(() => undefined);
    const html = await page.content().catch((error: unknown) => {
      throw failureOf(error, url, this.refused);
    });
    return { url: page.url(), status, html: html.slice(0, options.maxBytes ?? 5_000_000) };
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}

export class CareerPageBrowser {
  private browser: Promise<Browser> | null = null;

  constructor(private readonly options: CareerPageBrowserOptions) {}

  private launch(): Promise<Browser> {
    this.browser ??= chromiumExecutable(this.options).then(({ executablePath, args }) =>
      puppeteer.launch({ executablePath, args, headless: 'shell', pipe: true, defaultViewport: { width: 1280, height: 900 }, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false }),
    );
    return this.browser;
  }

  /** A fresh incognito tab with the rules above. @throws when Chromium cannot start. */
  async openTab(): Promise<CareerTab> {
    const browser = await this.launch();
    const context = await browser.createBrowserContext();
    try {
      const tab = new Tab(context, await context.newPage(), this.options);
      await tab.init();
      return tab;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** Closes Chromium if it was started. */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }
}
