/**
 * The career-page source: the crawler's `Source` (shared/sources/source.ts) for companies whose
 * jobs are only on their own careers page (ats "careers_page", or no ATS and a careers URL).
 *
 * `careerPageSource({ browser, userAgent, ... })` → a `Source`; the pipeline calls
 * `fetchBoard(company, fetcher)` then `parseBoard(raw, ctx)` like for any ATS. The browser
 * (career-page/browser.ts) is shared by every company of a crawl; close it at the end.
 *
 * fetchBoard (one tab per company):
 * 1. the careers URL (`company.careers_url`, else a careers_page board token that is a URL),
 *    after robots.txt allows it (robots.ts; fetched through `fetcher`, the guarded client);
 * 2. rendered in Chromium with scripts run (network idle, capped) and every request guarded;
 * 3. posting links on the same site (job-links.ts) are followed breadth-first, up to
 *    `maxDepth` links away (default 2) and `maxPages` pages in all (default 40), each only when
 *    robots.txt allows it, skipping links whose posting the JSON-LD already had in full
 *    (a `url` and a description); `pageIntervalMs` (default 500) between two page loads.
 * Returns the rendered pages as `RawBoard.pages` (`body` = HTML) plus what made the listing
 * incomplete, if anything: pages left out by the caps or the time limit, or a posting page that
 * failed to load (not a 404/410: a posting that is gone is simply not listed). Refused
 * requests and robots exclusions are listed in `notes`.
 * @throws FetchFailure when the careers page itself is disallowed by robots.txt ('blocked'),
 * refused, or does not load; SourceFormatError when the company has no careers URL.
 *
 * parseBoard (pure, replayable from saved pages):
 * - JSON-LD JobPostings of every page (shared/sources/jsonld.ts), de-duplicated by source job
 *   id, the posting's own page winning over a listing's copy;
 * - when no page has any, the first page's own job list (job-links.ts `jobListJobs`);
 * - `complete` unless fetchBoard recorded an `incompleteReason`. An empty listing is complete:
 *   the pipeline treats "empty when it had jobs" as a failure.
 */
import type { Company } from '../../../shared/companies/company';
import { FetchFailure, type BoardListing, type Fetcher, type FetchedResponse, type RawBoard, type Source } from '../../../shared/sources/source';
import type { Job } from '../../../shared/jobs/job';
import type { SkippedPosting, SourceParseContext } from '../../../shared/sources/build-job';
import { canonicalJobUrl } from '../../../shared/sources/canonical-url';
import { extractJsonLd, parseJobPostings } from '../../../shared/sources/jsonld';
import { SourceFormatError } from '../../../shared/sources/source-error';
import type { CrawlConfig } from '../../config';
import { policyFromList } from '../address-guard';
import { CareerPageBrowser, type CareerTab } from './browser';
import type { ChromiumOptions } from './chromium';
import { jobLinks, jobListJobs } from './job-links';
import { createRobotsGate } from './robots';

export interface CareerPageSourceOptions {
  browser: CareerPageBrowser;
  /** For robots.txt groups ("LatentJobsBot/1.0 (+url)" → LatentJobsBot). */
  userAgent: string;
  /** Pages loaded per company at most, the careers page included (default 40). */
  maxPages?: number;
  /** Links followed away from the careers page at most (default 2). */
  maxDepth?: number;
  /** Least time between two page loads of one company, ms (default 500; 0 = off). */
  pageIntervalMs?: number;
  /** Time allowed for one company's whole crawl, ms (default 180,000). */
  crawlTimeoutMs?: number;
  /** Clock for the time limit (default Date.now). */
  now?: () => number;
}

/** What fetchBoard returns: the rendered pages and why the listing is incomplete, if it is. */
export interface CareerPageBoard extends RawBoard {
  incompleteReason?: string;
  /** Requests refused by the address guard and pages left out by robots.txt. */
  notes: string[];
}

/** The careers URL of a company (careers_url, else a board token that is an http(s) URL), or null. */
export const careersUrlOf = (company: Pick<Company, 'careers_url' | 'board_token' | 'ats'>): string | null =>
  canonicalJobUrl(company.careers_url ?? '') ?? (company.ats === 'careers_page' ? canonicalJobUrl(company.board_token ?? '') : null);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const page = (url: string, status: number, html: string): FetchedResponse => ({ url, status, contentType: 'text/html', body: html });

/** Canonical URLs of the postings a page's JSON-LD already gives in full (own url + description). */
const fullyListed = (html: string, pageUrl: string): Set<string> =>
  new Set(
    extractJsonLd(html)
      .postings.filter((posting) => typeof posting.description === 'string' && posting.description.trim() !== '')
      .map((posting) => canonicalJobUrl(typeof posting.url === 'string' ? posting.url : '', pageUrl))
      .filter((url): url is string => url !== null),
  );

const crawlSite = async (tab: CareerTab, start: string, fetcher: Fetcher, options: CareerPageSourceOptions): Promise<CareerPageBoard> => {
  const robots = createRobotsGate(fetcher, options.userAgent);
  const maxPages = options.maxPages ?? 40;
  const maxDepth = options.maxDepth ?? 2;
  const interval = options.pageIntervalMs ?? 500;
  const now = options.now ?? Date.now;
  const deadline = now() + (options.crawlTimeoutMs ?? 180_000);
  const notes: string[] = [];

  const first = await robots.check(start);
  if (!first.allowed) throw new FetchFailure('blocked', `${start}: ${first.reason}`);
  const careers = await tab.render(start);
  const pages = [page(careers.url, careers.status, careers.html)];
  const seen = new Set([canonicalJobUrl(start), canonicalJobUrl(careers.url)]);
  const queue = jobLinks(careers.html, careers.url).map((link) => ({ url: link.url, depth: 1 }));
  let covered = fullyListed(careers.html, careers.url);
  let incompleteReason: string | undefined;

  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next.url) || covered.has(next.url)) continue;
    seen.add(next.url);
    if (pages.length >= maxPages) {
      incompleteReason = `more posting pages than the limit of ${maxPages}`;
      break;
    }
    if (now() >= deadline) {
      incompleteReason = 'crawl time limit reached';
      break;
    }
    const verdict = await robots.check(next.url);
    if (!verdict.allowed) {
      notes.push(`not fetched: ${next.url} (${verdict.reason})`);
      continue;
    }
    if (interval > 0) await sleep(interval);
    try {
      const rendered = await tab.render(next.url);
      if (!seen.has(canonicalJobUrl(rendered.url)) || rendered.url === next.url) {
        pages.push(page(rendered.url, rendered.status, rendered.html));
        seen.add(canonicalJobUrl(rendered.url));
        covered = new Set([...covered, ...fullyListed(rendered.html, rendered.url)]);
        if (next.depth < maxDepth) for (const link of jobLinks(rendered.html, rendered.url)) queue.push({ url: link.url, depth: next.depth + 1 });
      }
    } catch (error) {
      if (error instanceof FetchFailure && error.kind === 'not-found') continue;
      if (error instanceof FetchFailure && error.kind === 'blocked') {
        notes.push(`refused: ${error.message}`);
        continue;
      }
      incompleteReason ??= `posting page failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  notes.push(...tab.refused.map((entry) => `refused request: ${entry}`));
  return { pages, notes, ...(incompleteReason === undefined ? {} : { incompleteReason }) };
};

/** The jobs of rendered pages (see the module doc). Pure. @throws SourceFormatError when there is no page. */
export const parseCareerPages = (raw: RawBoard, ctx: SourceParseContext): BoardListing => {
  const [careers] = raw.pages;
  if (careers === undefined) throw new SourceFormatError('no careers page to parse');
  const byId = new Map<string, Job>();
  const skipped: SkippedPosting[] = [];
  let postings = 0;
  for (const rendered of raw.pages) {
    const document = extractJsonLd(rendered.body);
    postings += document.postings.length;
    const result = parseJobPostings(document.postings, { ...ctx, pageUrl: rendered.url });
    skipped.push(...result.skipped);
    const own = canonicalJobUrl(rendered.url);
    for (const job of result.jobs) {
      const known = byId.get(job.source.job_id);
      if (known === undefined || (job.job_url === own && known.job_url !== own) || (known.description ?? '').length < (job.description ?? '').length) {
        byId.set(job.source.job_id, job);
      }
    }
  }
  const listing = postings > 0 ? { jobs: [...byId.values()], skipped } : jobListJobs(careers.body, { ...ctx, pageUrl: careers.url });
  const incompleteReason = (raw as Partial<CareerPageBoard>).incompleteReason;
  return { ...listing, complete: incompleteReason === undefined, ...(incompleteReason === undefined ? {} : { incompleteReason }) };
};

/** The career-page `Source` (see the module doc). */
export const careerPageSource = (options: CareerPageSourceOptions): Source => ({
  ats: 'careers_page',
  canCrawl: (company) => (company.ats === 'careers_page' || company.ats === null) && careersUrlOf(company) !== null,
  fetchBoard: async (company, fetcher): Promise<CareerPageBoard> => {
    const start = careersUrlOf(company);
    if (start === null) throw new SourceFormatError(`${company.company_name} has no careers URL`);
    const tab = await options.browser.openTab();
    try {
      return await crawlSite(tab, start, fetcher, options);
    } finally {
      await tab.close();
    }
  },
  parseBoard: parseCareerPages,
});

/** What `createCareerPages` returns: the source to add to the crawler, and how to stop its browser. */
export interface CareerPages {
  source: Source;
  /** Closes Chromium if a crawl started it. */
  close(): Promise<void>;
}

/** The crawler's browser as its settings describe it (User-Agent, address allowlist, timeout, CHROME_PATH); Chromium starts on the first page. */
export const createCrawlBrowser = (
  crawl: Pick<CrawlConfig, 'userAgent' | 'allowHosts' | 'timeoutMs' | 'chromePath'>,
  chromium: Omit<ChromiumOptions, 'executablePath'> = {},
): CareerPageBrowser =>
  new CareerPageBrowser({ ...chromium, executablePath: crawl.chromePath, userAgent: crawl.userAgent, policy: policyFromList(crawl.allowHosts), navigationTimeoutMs: crawl.timeoutMs });

/**
 * The career-page source built from the crawler's settings (lambdas/config.ts `readCrawlConfig`)
 * on `createCrawlBrowser`. Chromium starts on the first career page of a crawl, not before.
 * Plug `source` into `createCrawler({ extraSources })`.
 */
export const createCareerPages = (
  crawl: Pick<CrawlConfig, 'userAgent' | 'allowHosts' | 'timeoutMs' | 'chromePath' | 'hostIntervalMs'>,
  chromium: Omit<ChromiumOptions, 'executablePath'> = {},
): CareerPages => {
  const browser = createCrawlBrowser(crawl, chromium);
  return { source: careerPageSource({ browser, userAgent: crawl.userAgent, pageIntervalMs: crawl.hostIntervalMs }), close: () => browser.close() };
};
