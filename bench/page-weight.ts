/**
 * `npm run bench:page-weight`: what the first load of a page weighs (issue 19.5), on `/`, one real
 * job page (the first with a slug that `POST /api/jobs` returns) and the three company pages with
 * the most open jobs, against the whole local product started in this process
 * (`startLocalProduct`: a free port, DynamoDB Local in memory, seeded with the captured postings).
 *
 * Per page it prints:
 * - `html`: the server-rendered HTML in bytes, before compression (target for company pages: at
 *   most 60 KB), and how much of it is the loader data embedded for hydration (`data`);
 * - `gzip`: gzip level 9, and `br`: Brotli as the render function sends a page the edge keeps
 *   (quality 11), beside `br_fast`, the per-request setting (quality 4): lambdas/render/page-encoding.ts;
 * - unused script: headless Chromium loads the page (JavaScript coverage on, block granularity)
 *   until it has hydrated (`html[data-hydrated]`) and the network is idle; a byte of a script is
 *   unused when no executed block covers it. `unused_js` is those bytes of the site's own scripts
 *   (/assets/*.js), uncompressed; `unused_js_br` weighs each script's unused share at its Brotli
 *   size, the bytes a visitor downloads for nothing, as Lighthouse's "Reduce unused JavaScript"
 *   counts them (target: at most 10 KB per page). `js` and `js_br` are all the scripts loaded;
 *   `unused_app_js_br` the unused share of the app's own chunks alone, without React, React DOM
 *   and react-router (their chunk `react-*.js`, frontend/vite.config.ts VENDOR_CHUNKS), which
 *   every page runs and route splitting cannot trim.
 *
 * Ends with ONE line of JSON: `{"bench":"page-weight","pages":[{"path","html","data","gzip","br",
 * "br_fast","js","js_br","unused_js","unused_js_br","unused_app_js_br"}],"targets"}`. Sizes do not depend on the
 * machine's load; run it alone anyway (Chromium on a busy machine may time out). Chromium:
 * `CHROME_PATH` when set, else `@sparticuz/chromium` unpacked into `.tmp/`, as the browser tests.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium as playwright, type Browser } from 'playwright-core';
import { readCrawlConfig } from '../lambdas/config';
import { chromiumExecutable } from '../lambdas/crawler/career-page/chromium';
import { compressPage } from '../lambdas/render/page-encoding';
import { LOCAL_CHROMIUM } from '../infra/local/local-chromium';
import { startLocalProduct } from '../infra/local/server';
import type { JobPage } from '../shared/search/job-query';
import { companyPagePath, jobPagePath } from '../shared/seo/page-paths';

const TARGETS = { company_html_bytes: 60 * 1024, unused_js_br_bytes: 10 * 1024 };

interface PageWeight {
  path: string;
  html: number;
  data: number;
  gzip: number;
  br: number;
  br_fast: number;
  js: number;
  js_br: number;
  unused_js: number;
  unused_js_br: number;
  unused_app_js_br: number;
}

/** The libraries' chunk (frontend/vite.config.ts VENDOR_CHUNKS). */
const LIBRARY_CHUNK = /^\/assets\/react-[\w-]+\.js$/;

/** V8 block coverage of one script: its text and each function's ranges (outermost first). */
interface ScriptCoverage {
  url: string;
  source?: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/**
 * Bytes of `script` in functions that never ran (a nested function's count overrides its
 * parent's), as Lighthouse counts unused JavaScript (function granularity: a function that ran
 * counts whole, its untaken branches included).
 */
const unusedBytes = (script: ScriptCoverage & { source: string }): number => {
  const counts = new Uint32Array(script.source.length).fill(0);
  const ranges = script.functions.map((fn) => fn.ranges[0]!).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const range of ranges) counts.fill(range.count, range.startOffset, range.endOffset);
  // Offsets count UTF-16 code units; the built scripts are ASCII, so units are bytes.
  return counts.reduce((unused, count) => unused + (count === 0 ? 1 : 0), 0);
};

const brotliSize = (text: string): number =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;

/** Loads `url` with coverage on until it has hydrated and gone quiet; the site's scripts' sizes and unused bytes. */
const scriptUse = async (browser: Browser, url: string): Promise<Pick<PageWeight, 'js' | 'js_br' | 'unused_js' | 'unused_js_br' | 'unused_app_js_br'>> => {
  const page = await browser.newPage();
  try {
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const scripts = ((await page.coverage.stopJSCoverage()) as ScriptCoverage[]).filter(
      (script): script is ScriptCoverage & { source: string } => script.source !== undefined && new URL(script.url, url).pathname.startsWith('/assets/'),
    );
    const total = { js: 0, js_br: 0, unused_js: 0, unused_js_br: 0, unused_app_js_br: 0 };
    for (const script of scripts) {
      const unused = unusedBytes(script);
      const compressed = brotliSize(script.source);
      total.js += script.source.length;
      total.js_br += compressed;
      total.unused_js += unused;
      const wasted = Math.round((unused / script.source.length) * compressed);
      total.unused_js_br += wasted;
      if (!LIBRARY_CHUNK.test(new URL(script.url).pathname)) total.unused_app_js_br += wasted;
    }
    return total;
  } finally {
    await page.close();
  }
};

const post = async <T>(baseUrl: string, path: string, body: unknown): Promise<T> => {
  const response = await fetch(new URL(path, baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return (await response.json()) as T;
};

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const main = async (): Promise<void> => {
  const product = await startLocalProduct({ port: 0, dataDir: null, signIn: false, env: { LOG_LEVEL: 'warn' } });
  let browser: Browser | undefined;
  try {
    const { executablePath, args } = await chromiumExecutable({ ...LOCAL_CHROMIUM, executablePath: readCrawlConfig().chromePath });
    browser = await playwright.launch({ executablePath, args, headless: true });
    const job = (await post<JobPage>(product.url, '/api/jobs', { page: 0, page_size: 20 })).jobs.find((candidate) => candidate.slug_url);
    if (!job) throw new Error('POST /api/jobs returned no job with a slug');
    const { companies } = (await (await fetch(new URL('/api/companies/', product.url))).json()) as { companies: { company_name: string; job_count: number }[] };
    const largest = [...companies].sort((a, b) => b.job_count - a.job_count).slice(0, 3);
    const paths = ['/', jobPagePath(job), ...largest.map((company) => companyPagePath(company.company_name))];

    const pages: PageWeight[] = [];
    for (const path of paths) {
      const url = new URL(path, product.url).href;
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      const data = /<script type="application\/json" id="router-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      const weight: PageWeight = {
        path,
        html: Buffer.byteLength(html),
        data: Buffer.byteLength(data),
        gzip: compressPage(html, 'gzip', true).length,
        br: compressPage(html, 'br', true).length,
        br_fast: compressPage(html, 'br', false).length,
        ...(await scriptUse(browser, url)),
      };
      pages.push(weight);
      console.log(
        `${path}: HTML ${kb(weight.html)} (hydration data ${kb(weight.data)}), gzip 9 ${kb(weight.gzip)}, Brotli 11 ${kb(weight.br)} (Brotli 4 ${kb(weight.br_fast)}); ` +
          `script ${kb(weight.js)} (${kb(weight.js_br)} Brotli), unused ${kb(weight.unused_js)} (${kb(weight.unused_js_br)} Brotli, ${kb(weight.unused_app_js_br)} of it the app's own)`,
      );
    }
    const companyPages = pages.filter((page) => page.path.startsWith('/company/'));
    const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
    console.log(
      `Targets: company pages ≤ ${kb(TARGETS.company_html_bytes)} of HTML ${met(companyPages.every((page) => page.html <= TARGETS.company_html_bytes))}, ` +
        `Brotli < gzip ${met(pages.every((page) => page.br < page.gzip))}, unused script ≤ ${kb(TARGETS.unused_js_br_bytes)} (Brotli-weighted) ${met(pages.every((page) => page.unused_js_br <= TARGETS.unused_js_br_bytes))}, ` +
        `of the app's own chunks ${met(pages.every((page) => page.unused_app_js_br <= TARGETS.unused_js_br_bytes))}`,
    );
    console.log(JSON.stringify({ bench: 'page-weight', pages, targets: TARGETS }));
  } finally {
    await browser?.close();
    await product.stop();
  }
};

await main();
