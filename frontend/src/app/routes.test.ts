import { describe, expect, it } from 'vitest';
import { ALIAS_PAGE_PATHS, PRIVATE_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '../../../shared/seo/page-paths';
import { robotsTxt, sitemapEntries } from '../../../shared/seo/sitemap';
import { pageRoutes } from './routes';

/** The route table's paths without parameters ('/' for the index route). */
const fixedPaths = pageRoutes.flatMap((route) => (route.index ? ['/'] : route.path && !route.path.includes(':') && route.path !== '*' ? [route.path] : []));

describe('the route table and the declared page paths (shared/seo/page-paths.ts)', () => {
  it('routes every declared path, and routes no fixed path that is not declared', () => {
    const declared = [...Object.values(PUBLIC_PAGE_PATHS), ...Object.values(ALIAS_PAGE_PATHS), ...Object.values(PRIVATE_PAGE_PATHS)];
    expect([...fixedPaths].sort()).toEqual([...declared].sort());
  });

  it('lists every public page in the sitemap and keeps robots off every private one', () => {
    const sitemapPaths = sitemapEntries({ jobs: [], companies: [], articles: [] }).map((entry) => entry.path);
    expect(sitemapPaths).toEqual(Object.values(PUBLIC_PAGE_PATHS));
    expect(sitemapPaths).toContain('/coverage');
    const robots = robotsTxt('https://latentjobs.example');
    for (const path of Object.values(PRIVATE_PAGE_PATHS)) expect(robots).toContain(`Disallow: ${path}\n`);
    for (const path of Object.values(PUBLIC_PAGE_PATHS)) expect(robots).not.toContain(`Disallow: ${path}\n`);
  });
});
