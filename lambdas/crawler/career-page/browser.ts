/**
 * The career-page crawler's browser: one headless Chromium (puppeteer-core 24.43.1) per crawl,
 * launched on first use and shared by every career-page company of the crawl; each company
 * gets its own incognito context and tab, closed when it is done.
 *
 * `new CareerPageBrowser(options)`; `openTab()` → a `CareerTab` with `render(url)`; `close()`.
 *
 * The egress guard (egress-proxy.ts): Chromium is launched with every connection going through
 * an in-process forward proxy, started with the browser, that applies the crawler's address
 * policy (lambdas/crawler/address-guard.ts) at connection time: `--proxy-server` with
 * `--proxy-bypass-list=<-loopback>` (Chromium otherwise bypasses proxies for loopback), so
 * documents, subresources, workers of every kind and WebSockets have no way around it. Popups
 * are disabled (`--block-new-web-contents`: `window.open` returns null and loads nothing), as
 * are service workers (`navigator.serviceWorker.register` removed before any page script runs)
 * and WebRTC UDP that would leave outside the proxy.
 *
 * What a tab adds:
 * - request interception of what the page itself asks for: `checkUrl` (scheme, credentials,
 *   IP literals: the same policy, so a refused page or redirect hop fails at once with its
 *   reason); images, media and fonts are not loaded; dialogs are dismissed;
 * - the refusals of both, for this tab, in `refused`;
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
import { FetchFailure } from '../../../shared/sources/source';
import { checkUrl, type AddressPolicy } from '../address-guard';
import { chromiumExecutable, type ChromiumOptions } from './chromium';
import { startEgressProxy, type EgressProxy, type ProxyRefusal } from './egress-proxy';

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
  /** Requests and connections the guard refused so far, "url: reason" or "host:port: reason". */
  readonly refused: readonly string[];
  close(): Promise<void>;
}

const NOT_LOADED = new Set(['image', 'media', 'font']);
const PASS_THROUGH = /^(?:data|blob|about):/i;

/** Chromium flags of the egress guard (see the module comment). */
const guardArgs = (proxyUrl: string): string[] => [
  `--proxy-server=${proxyUrl}`,
  '--proxy-bypass-list=<-loopback>',
  '--block-new-web-contents',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Runs before any script of every document: a page cannot register a service worker. */
const NO_SERVICE_WORKERS = `(() => {
  if (typeof ServiceWorkerContainer !== 'undefined') {
    const refuse = () => Promise.reject(new DOMException('service workers are disabled', 'SecurityError'));
    Object.defineProperty(ServiceWorkerContainer.prototype, 'register', { value: refuse, configurable: false, writable: false });
  }
})();`;

/** "host:port" of a URL as the proxy names its targets (IPv6 in brackets, default ports filled in). */
const targetOf = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return '';
  }
};

const failureOf = (error: unknown, url: string, refused: readonly string[]): FetchFailure => {
  if (error instanceof FetchFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  const byProxy = refused.find((entry) => entry.startsWith(`${targetOf(url)}: `));
  if (/ERR_BLOCKED_BY_CLIENT/.test(message) || byProxy !== undefined) {
    const reason = byProxy ?? refused.find((entry) => entry.startsWith(url)) ?? refused.at(-1) ?? 'refused address';
    return new FetchFailure('blocked', `${url}: ${reason}`);
  }
  if (error instanceof Error && error.name === 'TimeoutError') return new FetchFailure('timeout', `${url} did not load in time`);
  return new FetchFailure('network', `${url}: ${message.split('\n')[0]}`);
};

class Tab implements CareerTab {
  readonly refused: string[] = [];
  private stopListening: () => void = () => undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly options: CareerPageBrowserOptions,
  ) {}

  /** Sets up interception and the tab's rules; `proxy` refusals are noted while the tab is open. */
  async init(proxy: EgressProxy): Promise<void> {
    const { page } = this;
    this.stopListening = proxy.onRefused(({ target, reason }: ProxyRefusal) => this.refused.push(`${target}: ${reason}`));
    await page.setUserAgent(this.options.userAgent);
    await page.evaluateOnNewDocument(NO_SERVICE_WORKERS);
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    await page.setRequestInterception(true);
    page.on('request', (request) => void this.decide(request));
  }

  private async decide(request: HTTPRequest): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    try {
      if (PASS_THROUGH.test(url)) return await request.continue();
      if (NOT_LOADED.has(request.resourceType())) return await request.abort('blockedbyclient');
      checkUrl(url, this.options.policy);
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
    if (status < 200 || status >= 300) {
      const byProxy = this.refused.find((entry) => entry.startsWith(`${targetOf(response?.url() ?? url)}: `));
      throw byProxy !== undefined ? new FetchFailure('blocked', `${url}: ${byProxy}`) : new FetchFailure('http', `${url} answered HTTP ${status}`, status);
    }
    await page.waitForNetworkIdle({ idleTime: 500, timeout: options.idleTimeoutMs ?? 8_000 }).catch(() => undefined);
    const html = await page.content().catch((error: unknown) => {
      throw failureOf(error, url, this.refused);
    });
    return { url: page.url(), status, html: html.slice(0, options.maxBytes ?? 5_000_000) };
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.context.close().catch(() => undefined);
  }
}

interface Running {
  browser: Browser;
  proxy: EgressProxy;
}

export class CareerPageBrowser {
  private running: Promise<Running> | null = null;

  constructor(private readonly options: CareerPageBrowserOptions) {}

  private launch(): Promise<Running> {
    this.running ??= (async () => {
      const { executablePath, args } = await chromiumExecutable(this.options);
      const proxy = await startEgressProxy(this.options.policy);
      try {
        const browser = await puppeteer.launch({
          executablePath,
          args: [...args, ...guardArgs(proxy.url)],
          headless: 'shell',
          pipe: true,
          defaultViewport: { width: 1280, height: 900 },
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        });
        return { browser, proxy };
      } catch (error) {
        await proxy.close();
        throw error;
      }
    })();
    return this.running;
  }

  /** A fresh incognito tab with the rules above. @throws when Chromium or its proxy cannot start. */
  async openTab(): Promise<CareerTab> {
    const { browser, proxy } = await this.launch();
    const context = await browser.createBrowserContext();
    try {
      const tab = new Tab(context, await context.newPage(), this.options);
      await tab.init(proxy);
      return tab;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** Closes Chromium and its proxy if they were started. */
  async close(): Promise<void> {
    const running = await this.running?.catch(() => null);
    this.running = null;
    if (!running) return;
    await running.browser.close().catch(() => undefined);
    await running.proxy.close().catch(() => undefined);
  }
}
