/**
 * Company logos (issue 13.5): a company's home page on a loopback fixture site (allowlisted the
 * way CRAWL_ALLOW_HOSTS allowlists test hosts) declares its icon; the logo step fetches it
 * through the guarded client, stores it (the local `.data/logos/` adapter, in a temporary folder),
 * points the company's logo at our own /logos/<key>, and GET /logos/<key> answers the bytes with
 * their type. An icon on a refused address, or only an SVG, stores nothing and changes nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrawlConfig } from '../../lambdas/config';
import { createCrawlFetcher, type HttpFetcher } from '../../lambdas/crawler/http-fetcher';
import { createCrawler } from '../../lambdas/crawler/crawler';
import { createLocalLogoStore } from '../../lambdas/logos/local-logo-store';
import { refreshCompanyLogo, type RefreshLogoDeps } from '../../lambdas/logos/refresh-logo';
import { createLogoHandler } from '../../lambdas/logos/serve-logo';
import { newCompany } from '../../shared/companies/company';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';

const SITE_URL = 'https://latentjobs.example';
// A 1×1 PNG (signature, IHDR, IDAT, IEND).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f0e0b70000000049454e44ae426082', 'hex');

const PAGES: Record<string, string> = {
  '/acme/': '<html><head><link rel="icon" href="/static/acme.png"></head><body>Acme</body></html>',
  '/metadata/': '<html><head><link rel="apple-touch-icon" href="http://169.254.169.254/latest/icon.png"></head></html>',
  '/vector/': '<html><head><link rel="icon" type="image/svg+xml" href="/static/logo.svg"></head></html>',
};

let site: Server;
let origin: string;
let logoServer: Server;
let logoOrigin: string;
let catalog: IsolatedCatalog;
let fetcher: HttpFetcher;
let dir: string;
let deps: RefreshLogoDeps;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  site = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (page !== undefined) return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.url === '/static/acme.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/static/logo.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    res.writeHead(404).end();
  });
  [origin, catalog, dir] = await Promise.all([listen(site), isolatedCatalog(), mkdtemp(path.join(tmpdir(), 'logos-'))]);
  const crawl = readCrawlConfig({}, { CRAWL_ALLOW_HOSTS: new URL(origin).host, CRAWL_HOST_INTERVAL_MS: '0', CRAWL_TIMEOUT_MS: '5000', CRAWL_RETRIES: '0' });
  fetcher = createCrawlFetcher(crawl, { hostConcurrency: 2, hostIntervalMs: 0, maxRetryAfterMs: 0, retries: 0 });
  const logos = createLocalLogoStore(dir);
  deps = { fetcher, logos, companies: catalog.storage.companies, siteUrl: SITE_URL };
  const serve = createLogoHandler(logos);
  logoServer = createServer((req, res) => void serve(req, res));
  logoOrigin = await listen(logoServer);
  await catalog.storage.companies.putMany([
    newCompany('Acme', { company_url: `${origin}/acme/`, job_count: 3 }),
    newCompany('Metadata', { company_url: `${origin}/metadata/` }),
    newCompany('Vector', { company_url: `${origin}/vector/` }),
  ]);
});

afterAll(async () => {
  await fetcher?.close();
  site?.close();
  logoServer?.close();
  await catalog?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('company logos', () => {
  it('stores the icon its home page declares and serves it from our domain', async () => {
    const acme = (await catalog.storage.companies.get('acme'))!;
    const result = await refreshCompanyLogo(acme, deps);
    expect(result.outcome).toBe('stored');
    const stored = (await catalog.storage.companies.get('acme'))!;
    expect(stored.company_logo).toMatch(new RegExp(`^${SITE_URL}/logos/[0-9a-f]{16}-[0-9a-f]{16}$`));
    expect(stored.job_count).toBe(3);

    const response = await fetch(`${logoOrigin}${new URL(stored.company_logo!).pathname}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);

    expect(await refreshCompanyLogo(stored, deps)).toEqual({ outcome: 'kept' });
  });

  it('stores nothing when the icon is on a refused address', async () => {
    const company = (await catalog.storage.companies.get('metadata'))!;
    expect(await refreshCompanyLogo(company, deps)).toEqual({ outcome: 'none' });
    expect((await catalog.storage.companies.get('metadata'))!.company_logo).toBeNull();
  });

  it('refuses an SVG icon (it can carry script)', async () => {
    const company = (await catalog.storage.companies.get('vector'))!;
    expect(await refreshCompanyLogo(company, deps)).toEqual({ outcome: 'none' });
    expect((await catalog.storage.companies.get('vector'))!.company_logo).toBeNull();
  });

  it('answers 404 with a message for a logo it does not hold', async () => {
    const response = await fetch(`${logoOrigin}/logos/..%2F..%2Fetc%2Fpasswd`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.stringContaining('No logo') as unknown });
  });
});

describe('the crawler with a logo store', () => {
  it('refreshes a company logo before crawling it, and leaves a company without a site as it was', async () => {
    const crawl = readCrawlConfig({}, { CRAWL_ALLOW_HOSTS: new URL(origin).host, CRAWL_HOST_INTERVAL_MS: '0', SITE_URL: SITE_URL });
    const crawler = createCrawler({
      crawl,
      doc: catalog.storage.clients.doc,
      tables: catalog.config.dynamodb.tables,
      catalogVersion: catalog.storage.catalogVersion,
      writeMode: 'transaction',
      logos: { store: createLocalLogoStore(dir), companies: catalog.storage.companies },
    });
    try {
      const company = newCompany('Acme Two', { company_url: `${origin}/acme/` });
      await catalog.storage.companies.putMany([company]);
      const refreshed = await crawler.refreshLogo(company);
      expect(refreshed.company_logo).toMatch(new RegExp(`^${SITE_URL}/logos/`));
      expect((await catalog.storage.companies.get('acme two'))!.company_logo).toBe(refreshed.company_logo);
      const siteless = newCompany('Nowhere');
      expect(await crawler.refreshLogo(siteless)).toBe(siteless);
    } finally {
      await crawler.close();
    }
  });
});
