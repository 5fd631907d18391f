/**
 * The site's crawler files, answered beside the pages by the server render (locally and by the
 * render function): `/robots.txt`, `/sitemap.xml` (the index) and `/sitemap-<n>.xml` (the files),
 * built by shared/seo/sitemap.ts from what the API lists: `GET /api/companies/`,
 * `GET /api/blog/posts` (left out when the blog is down) and every open job through
 * `POST /api/jobs` (240 a page, newest first). `createSiteFiles(apiOrigin, { clock, maxAgeMs })` →
 * a function answering such a request, or null for any other path.
 *
 * The built sitemap (its chunks of URLs) is kept for `maxAgeMs` (default 5 minutes, by `clock`):
 * the index and every file of one crawler's visit come from one reading of the lists, and
 * requests meanwhile share one reading in flight. A reading that fails is not kept: that request
 * answers 503 and the next one reads again. Cached at the edge for an hour.
 */
import { robotsTxt, sitemapChunks, sitemapEntries, sitemapFilePath, sitemapIndexXml, urlsetXml, type SitemapEntry, type SitemapSource } from '../../shared/seo/sitemap';
import type { Clock } from '../../shared/time/clock';
import type { RenderedPage } from './page-renderer';

const CACHE = 'public, max-age=0, s-maxage=3600, stale-while-revalidate=3600';
const JOBS_PAGE = 240;
/** How long a built sitemap is served before the lists are read again, in ms. */
export const SITEMAP_MAX_AGE_MS = 5 * 60_000;

const getJson = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}`);
  return (await response.json()) as T;
};

async function loadSource(apiOrigin: string): Promise<SitemapSource> {
  const api = `${apiOrigin}/api`;
  const jobPage = (page: number) =>
    getJson<{ count: number; jobs: SitemapSource['jobs'] }>(`${api}/jobs`, { method: 'POST', body: JSON.stringify({ page, page_size: JOBS_PAGE, search: null, departments: null, is_remote: null }) });
  const [{ companies }, articles, first] = await Promise.all([
    getJson<{ companies: SitemapSource['companies'] }>(`${api}/companies/`),
    getJson<{ articles: SitemapSource['articles'] }>(`${api}/blog/posts`).then((list) => list.articles, () => []),
    jobPage(0),
  ]);
  const rest = await Promise.all(Array.from({ length: Math.ceil(first.count / JOBS_PAGE) - 1 }, (_, i) => jobPage(i + 1)));
  return { companies, articles, jobs: [first, ...rest].flatMap((page) => page.jobs) };
}

const text = (body: string, type: string): RenderedPage => ({ status: 200, headers: { 'content-type': type, 'cache-control': CACHE }, body });

export interface SiteFilesOptions {
  clock?: Clock;
  /** How long a built sitemap is kept, in ms (default SITEMAP_MAX_AGE_MS). */
  maxAgeMs?: number;
}

export function createSiteFiles(apiOrigin: string, options: SiteFilesOptions = {}): (request: Request) => Promise<RenderedPage | null> {
  const clock = options.clock ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? SITEMAP_MAX_AGE_MS;
  let kept: { builtAt: number; chunks: Promise<SitemapEntry[][]> } | null = null;
  const sitemap = (): Promise<SitemapEntry[][]> => {
    const now = clock().getTime();
    if (kept === null || now - kept.builtAt >= maxAgeMs) {
      const reading = { builtAt: now, chunks: loadSource(apiOrigin).then((source) => sitemapChunks(sitemapEntries(source))) };
      reading.chunks.catch(() => {
        if (kept === reading) kept = null;
      });
      kept = reading;
    }
    return kept.chunks;
  };

  return async (request) => {
    const { pathname, origin } = new URL(request.url);
    if (pathname === '/robots.txt') return text(robotsTxt(origin), 'text/plain; charset=utf-8');
    const file = pathname === '/sitemap.xml' ? 0 : Number(/^\/sitemap-(\d+)\.xml$/.exec(pathname)?.[1] ?? Number.NaN);
    if (!Number.isInteger(file)) return null;
    let chunks;
    try {
      chunks = await sitemap();
    } catch {
      return { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'The sitemap could not be built right now.' };
    }
    if (file === 0) return text(sitemapIndexXml(origin, chunks.length), 'application/xml; charset=utf-8');
    const chunk = chunks[file - 1];
    if (chunk === undefined || pathname !== sitemapFilePath(file)) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE }, body: 'Not Found' };
    return text(urlsetXml(origin, chunk), 'application/xml; charset=utf-8');
  };
}
