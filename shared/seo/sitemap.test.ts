import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapChunks, sitemapEntries, sitemapIndexXml, urlsetXml } from './sitemap';

const ORIGIN = 'https://latentjobs.example';

describe('sitemaps', () => {
  const entries = sitemapEntries({
    jobs: [{ company_name: 'AT&T Labs', slug_url: '/ml-engineer-1', date_posted: '2026-11-20T09:00:00.000Z' }],
    companies: [{ company_name: 'AT&T Labs' }],
    articles: [{ slug: 'how-to-read-an-ai-job-posting', updated_at: '2026-10-01T00:00:00.000Z' }],
  });

  it('lists the static pages, companies, articles and open jobs with their last change', () => {
    expect(entries.map((entry) => entry.path)).toEqual([
      '/', '/remote_jobs', '/jobs/engineering', '/companies', '/jobs/api', '/api-docs', '/coverage', '/about', '/blog',
      '/company/AT%26T%20Labs', '/blog/how-to-read-an-ai-job-posting', '/jobs/AT%26T%20Labs/ml-engineer-1',
    ]);
    const xml = urlsetXml(ORIGIN, entries);
    expect(xml).toContain('<url><loc>https://latentjobs.example/jobs/AT%26T%20Labs/ml-engineer-1</loc><lastmod>2026-11-20T09:00:00.000Z</lastmod></url>');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('cuts the URLs into files of at most 50,000 and indexes them', () => {
    const many = Array.from({ length: 120_001 }, (_, i) => ({ path: `/x/${i}` }));
    const chunks = sitemapChunks(many);
    expect(chunks.map((chunk) => chunk.length)).toEqual([50_000, 50_000, 20_001]);
    const index = sitemapIndexXml(ORIGIN, chunks.length);
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain('<loc>https://latentjobs.example/sitemap-3.xml</loc>');
    expect(sitemapChunks([])).toEqual([[]]);
  });

  it('robots.txt names the sitemap and keeps crawlers off account pages', () => {
    const robots = robotsTxt(ORIGIN);
    expect(robots).toContain('Sitemap: https://latentjobs.example/sitemap.xml');
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toMatch(/^User-agent: \*$/m);
  });
});
