/**
 * The career-page source inside the crawler pipeline (createCrawler with `extraSources`), the way
 * `npm run crawl` runs it: a careers_page company of an isolated catalog is crawled in headless
 * Chromium from the local careers site (tests/crawler/career-site.ts: constructed HTML, real
 * Harvey postings), its jobs stored, and a second crawl of the unchanged site changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrawlConfig } from '../../lambdas/config';
import { createCareerPages, type CareerPages } from '../../lambdas/crawler/career-page/career-page-source';
import { createCrawler, type Crawler } from '../../lambdas/crawler/crawler';
import { addCompany } from '../../infra/local/company-registry';
import { testChromiumOptions } from '../support/browser';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startCareerSite, type CareerSite } from './career-site';

let site: CareerSite;
let catalog: IsolatedCatalog;
let careerPages: CareerPages;
let crawler: Crawler;

beforeAll(async () => {
  [site, catalog] = await Promise.all([startCareerSite(), isolatedCatalog()]);
  const crawl = readCrawlConfig({}, { CRAWL_ALLOW_HOSTS: site.host, CRAWL_HOST_INTERVAL_MS: '0', CRAWL_TIMEOUT_MS: '15000' });
  careerPages = createCareerPages(crawl, testChromiumOptions);
  crawler = createCrawler({
    crawl,
    doc: catalog.storage.clients.doc,
    tables: catalog.config.dynamodb.tables,
    catalogVersion: catalog.storage.catalogVersion,
    writeMode: 'transaction',
    extraSources: [careerPages.source],
  });
  await addCompany(catalog.storage.companies, { careersUrl: `${site.origin}/careers`, board: { ats: 'careers_page', board_token: `${site.origin}/careers` }, name: 'Harvey' });
});

afterAll(async () => {
  await crawler?.close();
  await careerPages?.close();
  await site?.close();
  await catalog?.drop();
});

describe('a careers_page company in the crawl pipeline', () => {
  it('is crawled by the career-page source and its jobs are stored and listed', async () => {
    const companies = crawler.select(await catalog.storage.companies.listAll(), { provider: 'careers_page' });
    expect(companies.map((company) => company.company_name)).toEqual(['Harvey']);
    const { results } = await crawler.run(companies);
    expect(results[0]).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 5, closed: 0 }) as unknown });
    const stored = await catalog.storage.jobs.listByCompany('harvey');
    expect(stored.map((job) => job.source.ats)).toEqual(Array(5).fill('careers_page'));
    expect((await catalog.storage.companies.get('harvey'))?.job_count).toBe(5);
  }, 90_000);

  it('a second crawl of the unchanged site changes nothing', async () => {
    const { results } = await crawler.run(await catalog.storage.companies.listAll());
    expect(results[0]).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 0, changed: 0, closed: 0 }) as unknown });
  }, 90_000);
});
