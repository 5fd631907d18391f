/**
 * The pages as a search engine or `curl` gets them, without JavaScript, from the real local
 * product on the run's seeded catalog (jobs from stapply-ai/ats-scrapers@43ece6fd:
 * ashby/companies/*.json): content, head tags, JobPosting JSON-LD and HTTP status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HYDRATION_LOADER } from '../../frontend/src/app/hydration-loader';
import type { LocalProduct } from '../../infra/local/server';
import { JOBS_TABLE } from '../../lambdas/storage/tables';
import { companyKey } from '../../shared/companies/company';
import { isolatedCatalog, sharedStorage } from '../support/dynamodb';
import { startTestProduct } from '../support/product';
import { jobPagePath } from '../../shared/seo/page-paths';

const JOB_PATH = '/jobs/Replit/software-engineer-product-infrastructure-typescript-devex-34afefd8';
const JOB_TITLE = 'Software Engineer, Product Infrastructure (TypeScript DevEx)';

let product: LocalProduct;

beforeAll(async () => {
  product = await startTestProduct();
});

afterAll(async () => {
  await product?.stop();
});

const get = async (path: string): Promise<{ status: number; html: string; cacheControl: string | null }> => {
  const response = await fetch(new URL(path, product.url));
  return { status: response.status, html: await response.text(), cacheControl: response.headers.get('cache-control') };
};

const attribute = (html: string, selector: RegExp): string | undefined => selector.exec(html)?.[1];
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe('server-rendered pages', () => {
  it('a job page carries its content, head tags and JobPosting markup in the first HTML', async () => {
    const { status, html, cacheControl } = await get(JOB_PATH);
    const pageUrl = new URL(JOB_PATH, product.url).href;
    expect(status).toBe(200);
    expect(cacheControl).toContain('s-maxage=');
    expect(cacheControl).toContain('stale-while-revalidate=');
    expect(html).toContain(`<title data-head>${JOB_TITLE} at Replit | Latent Jobs</title>`);
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toContain('Replit is hiring');
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(pageUrl);
    expect(attribute(html, /<meta property="og:url" content="([^"]*)"/)).toBe(pageUrl);
    expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toBe(`${JOB_TITLE} at Replit | Latent Jobs`);
    expect(attribute(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('Replit is the fastest way to turn ideas into software.');
    const [posting] = jsonLd(html).filter((data) => data['@type'] === 'JobPosting');
    expect(posting).toMatchObject({ title: JOB_TITLE, hiringOrganization: { name: 'Replit' }, url: pageUrl });
    // The browser starts from the server's data instead of loading it again: a JSON data block,
    // not an inline script. The one inline script is the constant hydration loader, which the
    // Content-Security-Policy allows by its hash (script-src 'self' 'sha256-…').
    expect(html).toContain('<script type="application/json" id="router-data">');
    expect([...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])).toEqual([HYDRATION_LOADER]);
  });

  it("a company page carries its first page of jobs only: the largest company's is at most 60 KB of HTML, with its jobs as links", async () => {
    const { companies } = (await (await fetch(new URL('/api/companies/', product.url))).json()) as { companies: { company_name: string; job_count: number }[] };
    const largest = companies.reduce((most, company) => (company.job_count > most.job_count ? company : most));
    expect(largest.job_count).toBeGreaterThan(100);
    const jobsPage = async (page: number) =>
      ((await (
        await fetch(new URL('/api/jobs', product.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ companies: [largest.company_name], page, page_size: 10 }),
        })
      ).json()) as { jobs: { company_name: string; slug_url: string }[] }).jobs;
    const { status, html } = await get(`/company/${encodeURIComponent(largest.company_name)}`);
    expect(status).toBe(200);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(60 * 1024);
    expect(html).toContain(`<title data-head>${largest.company_name} Jobs | Latent Jobs</title>`);
    for (const job of await jobsPage(0)) expect(html).toContain(`href="${jobPagePath(job)}"`);
    for (const job of await jobsPage(1)) expect(html).not.toContain(job.slug_url);
    expect(() => JSON.parse(/<script type="application\/json" id="router-data">([\s\S]*?)<\/script>/.exec(html)![1]!)).not.toThrow();
  });

  it('company pages, the companies list and the job lists are rendered with their content', async () => {
    const company = await get('/company/Replit');
    expect(company.status).toBe(200);
    expect(company.html).toContain('<title data-head>Replit Jobs | Latent Jobs</title>');
    expect(company.html).toContain('Open Job Positions');
    expect(company.html).toContain(JOB_TITLE);

    const companies = await get('/companies');
    expect(companies.status).toBe(200);
    expect(companies.html).toMatch(/Total Companies: <strong>\d+<\/strong>/);
    expect(jsonLd(companies.html).some((data) => data['@type'] === 'ItemList')).toBe(true);

    for (const path of ['/', '/remote_jobs', '/engineering_jobs']) {
      const list = await get(path);
      expect(list.status, path).toBe(200);
      expect(list.html, path).toMatch(/[\d,]+ Jobs Found/);
      expect(list.html, path).toContain('href="/jobs/');
      // JobPosting markup belongs on a job's own page only.
      expect(jsonLd(list.html).some((data) => data['@type'] === 'JobPosting'), path).toBe(false);
    }
  });

  it('each job list links the RSS and JSON feeds of the search it shows, its own filters in, and those feeds hold its jobs', async () => {
    const feeds = (html: string) =>
      [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)"/g)].map(([, type, title, href]) => ({ type, title, href: href!.replace(/&amp;/g, '&') }));
    const remote = await get('/remote_jobs?search=python&page=2');
    expect(feeds(remote.html)).toEqual([
      { type: 'application/rss+xml', title: 'Remote jobs (RSS)', href: `${product.url.replace(/\/$/, '')}/feeds/jobs.rss?search=python&is_remote=remote&is_remote=hybrid` },
      { type: 'application/feed+json', title: 'Remote jobs (JSON Feed)', href: `${product.url.replace(/\/$/, '')}/feeds/jobs.json?search=python&is_remote=remote&is_remote=hybrid` },
    ]);
    const feed = (await (await fetch(feeds(remote.html)[1]!.href)).json()) as { items: { title: string }[] };
    expect(feed.items.length).toBeGreaterThan(0);

    expect(feeds((await get('/engineering_jobs')).html)[0]!.href).toMatch(/\/feeds\/jobs\.rss\?department=Engineering$/);
    expect(feeds((await get('/company/Replit?seniority=senior')).html)[0]).toMatchObject({ title: 'Replit jobs (RSS)', href: expect.stringMatching(/\/feeds\/jobs\.rss\?companies=Replit&seniority=senior$/) });
    const rss = await (await fetch(feeds((await get('/company/Replit')).html)[0]!.href)).text();
    expect(rss).toContain('<rss');
    expect(rss).toContain(`${JOB_TITLE} at Replit`);
  });

  it('an unknown department lists no jobs instead of failing', async () => {
    const { status, html } = await get('/?department=Nonsense');
    expect(status).toBe(200);
    expect(html).toContain('No results found.');
    expect(html).not.toContain('role="alert"');
  });

  it('unknown paths answer 404, and a job that does not exist 410, with the Page Not Found page', async () => {
    for (const [path, expected] of [
      ['/no-such-page', 404],
      ['/company/No-Such-Company-Anywhere', 404],
      ['/jobs/Replit/no-such-job-00000000', 410],
    ] as const) {
      const { status, html } = await get(path);
      expect(status, path).toBe(expected);
      expect(html, path).toContain("The page you're looking for doesn't exist.");
    }
  });
});

describe('crawler files', () => {
  it('robots.txt names the sitemap; the sitemap index leads to every open job, company and list page', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.html).toContain(`Sitemap: ${new URL('/sitemap.xml', product.url).href}`);

    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    const files = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual([new URL('/sitemap-1.xml', product.url).href]);
    const urlset = await get(new URL(files[0]!).pathname);
    const urls = [...urlset.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls).toContain('/');
    expect(urls).toContain('/company/Replit');
    expect(urls).toContain(JOB_PATH);
    const open = (await (await fetch(new URL('/api/jobs', product.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":0,"page_size":1}' })).json()) as { count: number };
    expect(urls.filter((path) => path.startsWith('/jobs/') && path !== '/jobs/engineering' && path !== '/jobs/api')).toHaveLength(open.count);
    expect((await get('/sitemap-2.xml')).status).toBe(404);
  });
});

describe('a closed job', () => {
  it('keeps its page, says since when it is closed, offers similar open jobs, and carries no JobPosting and noindex', async () => {
    const shared = sharedStorage();
    const [replit] = await shared.jobs.listByCompany(companyKey('Replit'));
    const open = (await shared.jobs.listOpenSummaries()).find((job) => job.department === replit!.department && job.company_name !== 'Replit')!;
    const other = await shared.jobs.get({ company_key: open.company_key, slug_url: open.slug_url });
    shared.clients.client.destroy();
    const catalog = await isolatedCatalog();
    const closed = { ...replit!, closed_at: '2026-11-20T09:00:00.000Z' };
    await catalog.storage.jobs.putMany([closed, other!]);
    // A catalog version other than "never seeded", so the product does not seed it.
    await catalog.storage.catalogVersion.bump('2026-11-21T00:00:00.000Z');
    const own = await startTestProduct({ TABLE_PREFIX: catalog.config.dynamodb.tables.jobs.slice(0, -JOBS_TABLE.name.length) });
    try {
      const path = jobPagePath(closed);
      const response = await fetch(new URL(path, own.url));
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain('This job is closed');
      expect(html).toContain('<time dateTime="2026-11-20T09:00:00.000Z">Nov 20, 2026</time>');
      expect(html).toContain('<meta name="robots" content="noindex" data-head>');
      expect(html).toContain('Similar open jobs');
      expect(html).toContain(other!.job_title);
      expect(html).not.toContain('Apply Now');
      expect(jsonLd(html).some((data) => data['@type'] === 'JobPosting')).toBe(false);
    } finally {
      await own.stop();
      await catalog.drop();
    }
  });
});
