/**
 * The sitemap is built from the API's lists once per SITEMAP_MAX_AGE_MS, not on every request
 * (issue 13.3): the API is a local node:http stand-in (the network edge of the render function)
 * that counts the list readings; the clock is injected.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSiteFiles, SITEMAP_MAX_AGE_MS } from './site-files';

const SITE = 'https://latentjobs.example';
const job = (slug: string) => ({ company_name: 'Cohere', slug_url: `/${slug}`, date_posted: '2026-11-20T00:00:00.000Z' });

const api = { jobs: [job('ml-engineer-1')], readings: 0, down: false };
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (body: unknown) => res.writeHead(api.down ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(api.down ? { message: 'down' } : body));
    if (req.url === '/api/companies/') {
      api.readings += 1;
      return json({ companies: [{ company_name: 'Cohere' }] });
    }
    if (req.url === '/api/blog/posts') return json({ articles: [] });
    if (req.url === '/api/jobs' && req.method === 'POST') return json({ count: api.jobs.length, jobs: api.jobs });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  api.jobs = [job('ml-engineer-1')];
  api.readings = 0;
  api.down = false;
});

const start = Date.parse('2026-11-24T09:00:00.000Z');

const siteFilesAt = () => {
  const clock = { now: start };
  const files = createSiteFiles(origin, { clock: () => new Date(clock.now) });
  const get = async (path: string) => (await files(new Request(new URL(path, SITE))))!;
  const urls = async () => [...(await get('/sitemap-1.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return { clock, get, urls };
};

describe('the sitemap cache', () => {
  it('serves the index and its files from one reading of the lists for five minutes, then reads them again', async () => {
    const { clock, get, urls } = siteFilesAt();
    expect((await get('/sitemap.xml')).status).toBe(200);
    expect(await urls()).toContain('/jobs/Cohere/ml-engineer-1');
    expect(api.readings).toBe(1);

    // A job opens: the sitemap still lists what it read until five minutes have passed.
    api.jobs = [...api.jobs, job('tax-counsel-2')];
    clock.now = start + SITEMAP_MAX_AGE_MS - 1;
    expect(await urls()).not.toContain('/jobs/Cohere/tax-counsel-2');
    expect(api.readings).toBe(1);

    clock.now = start + SITEMAP_MAX_AGE_MS;
    expect(await urls()).toContain('/jobs/Cohere/tax-counsel-2');
    expect(api.readings).toBe(2);
  });

  it('requests that arrive together share one reading', async () => {
    const { get } = siteFilesAt();
    const pages = await Promise.all([get('/sitemap.xml'), get('/sitemap-1.xml'), get('/sitemap-1.xml')]);
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200]);
    expect(api.readings).toBe(1);
  });

  it('keeps no failed reading: the request answers 503 and the next one reads the lists again', async () => {
    const { get, urls } = siteFilesAt();
    api.down = true;
    expect((await get('/sitemap.xml')).status).toBe(503);
    api.down = false;
    expect(await urls()).toContain('/jobs/Cohere/ml-engineer-1');
    expect(api.readings).toBe(2);
  });
});
