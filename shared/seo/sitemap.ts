/**
 * The site's sitemaps and robots.txt, as text (pure; the server render fetches the lists).
 *
 * Formats: sitemaps.org protocol 0.9 (a sitemap index `<sitemapindex>` over `<urlset>` files of
 * at most 50,000 URLs each, `<loc>` absolute and XML-escaped, `<lastmod>` W3C datetime) and
 * robots.txt as RFC 9309 (`User-agent`, `Allow`, `Disallow`, plus the `Sitemap:` line search
 * engines read).
 *
 *   const entries = sitemapEntries({ jobs, companies, articles });      // site paths + lastmod
 *   sitemapIndexXml('https://site', sitemapChunks(entries).length);     // /sitemap.xml
 *   urlsetXml('https://site', sitemapChunks(entries)[0]);               // /sitemap-1.xml
 */

import { PRIVATE_PAGE_PATHS, PUBLIC_PAGE_PATHS, companyPagePath, jobPagePath } from './page-paths';

/** At most this many URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;


export interface SitemapEntry {
  /** Site path, e.g. '/jobs/Cohere/ml-engineer-443368a3'. */
  path: string;
  /** UTC ISO-8601 time of the page's last change, when known. */
  lastmod?: string;
}

export interface SitemapSource {
  /** Open jobs only (closed jobs leave the sitemap); `date_posted` is the posting's last change as its ATS reports it. */
  jobs: readonly { company_name: string; slug_url: string; date_posted: string }[];
  /** Companies with open jobs. */
  companies: readonly { company_name: string }[];
  articles: readonly { slug: string; updated_at: string }[];
}

/** Every URL of the site, static pages first, then companies, articles and jobs. */
export function sitemapEntries(source: SitemapSource): SitemapEntry[] {
  return [
    ...Object.values(PUBLIC_PAGE_PATHS).map((path) => ({ path })),
    ...source.companies.map((company) => ({ path: companyPagePath(company.company_name) })),
    ...source.articles.map((article) => ({ path: `/blog/${encodeURIComponent(article.slug)}`, lastmod: article.updated_at })),
    ...source.jobs.map((job) => ({ path: jobPagePath(job), lastmod: job.date_posted })),
  ];
}

/** `entries` cut into sitemap files of at most `size` URLs (at least one file, maybe empty). */
export function sitemapChunks(entries: readonly SitemapEntry[], size: number = SITEMAP_MAX_URLS): SitemapEntry[][] {
  const chunks: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += size) chunks.push(entries.slice(start, start + size));
  return chunks.length > 0 ? chunks : [[]];
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The path of sitemap file `n` (1-based). */
export const sitemapFilePath = (n: number): string => `/sitemap-${n}.xml`;

/** /sitemap.xml: the index over `fileCount` sitemap files at `origin`. */
export function sitemapIndexXml(origin: string, fileCount: number): string {
  const files = Array.from({ length: fileCount }, (_, i) => `<sitemap><loc>${escapeXml(new URL(sitemapFilePath(i + 1), origin).href)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files.join('\n')}\n</sitemapindex>\n`;
}

/** One sitemap file listing `entries` at `origin`. */
export function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => `<url><loc>${escapeXml(new URL(path, origin).href)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** /robots.txt: everything may be crawled but the private pages (PRIVATE_PAGE_PATHS) and the API; names the sitemap. */
export function robotsTxt(origin: string): string {
  const disallowed = [...Object.values(PRIVATE_PAGE_PATHS), '/api/'].map((path) => `Disallow: ${path}`);
  return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${new URL('/sitemap.xml', origin).href}`, ''].join('\n');
}
