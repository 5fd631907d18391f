/**
 * The HTTP API against DynamoDB Local seeded with the real catalog (43 companies, 1,333 Ashby
 * postings from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json): every route and error,
 * first through the Lambda entry points (`handler` of lambdas/functions/*) with payload-2.0
 * events, then end to end through the local server's HTTP adapter.
 *
 * Storage: the run's shared, seeded DynamoDB Local from tests/support (read only here).
 */
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '../shared/departments/department';
import { PublicListJobSchema, type PublicJob } from '../shared/jobs/job';
import { readConfig } from '../lambdas/config';
import { createJobsFunction, handler as jobsHandler } from '../lambdas/functions/jobs';
import { handler as companiesHandler } from '../lambdas/functions/companies';
import { sampleEvent, type SampleEventParts } from './support/sample-event';
import type { LocalProduct } from '../infra/local/server';
import { startProductWithEntryPoints } from './support/product';

const SEEDED_JOBS = 1323; // the 1,333 captured postings less the 10 that are not jobs (shared/sources/non-jobs.ts)
const SEEDED_COMPANIES = 43;

let product: LocalProduct;

beforeAll(async () => {
  product = await startProductWithEntryPoints();
});

afterAll(async () => {
  await product?.stop();
});

const context = { awsRequestId: 'api-test' } as Context;

interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
  body: any;
}

/** Calls the route's Lambda handler with a payload-2.0 event. */
const invoke = async (routeKey: string, parts: SampleEventParts = {}): Promise<Reply> => {
  const fn = routeKey.includes('/companies') ? companiesHandler : jobsHandler;
  const result = await fn(sampleEvent(routeKey, parts), context);
  return { status: result.statusCode, headers: result.headers, text: result.body, body: JSON.parse(result.body) };
};

const findJobs = (body: SampleEventParts['body']) => invoke('POST /jobs', { body });

/** An error body as clients see it: only a message, no stack trace or internals. */
const expectCleanError = (reply: Reply, status: number, message: string | RegExp): void => {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(reply.body)).toEqual(['message']);
  expect(reply.body.message).toMatch(message);
  expect(reply.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|Error:/);
};

const titles = (jobs: PublicJob[]) => jobs.map((job) => job.job_title);

describe('POST /jobs through the Lambda handler', () => {
  it('answers the first 20 of all open jobs, newest first, with the defaults', async () => {
    const reply = await findJobs({});
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.count).toBe(SEEDED_JOBS);
    expect(reply.body.jobs).toHaveLength(20);
    const dates = reply.body.jobs.map((job: PublicJob) => job.date_posted);
    expect(dates).toEqual([...dates].sort().reverse());
    // List answers carry every public field but the description (the job page loads it).
    expect(Object.keys(reply.body.jobs[0]).sort()).toEqual(Object.keys(PublicListJobSchema.shape).sort());
    expect(reply.body.jobs[0]).not.toHaveProperty('description');
    expect(Object.keys(reply.body.facets)).toEqual(['department', 'workplace', 'seniority', 'employment_type', 'country']);
  });

  it('treats a request without a body as the defaults', async () => {
    const reply = await invoke('POST /jobs');
    expect([reply.status, reply.body.count, reply.body.jobs.length]).toEqual([200, SEEDED_JOBS, 20]);
  });

  it('pages without overlap and serves 240 jobs a page', async () => {
    const first = await findJobs({ page: 0, page_size: 20 });
    const second = await findJobs({ page: 1, page_size: 20 });
    expect(second.body.count).toBe(SEEDED_JOBS);
    const slugs = (reply: Reply) => reply.body.jobs.map((job: PublicJob) => `${job.company_name}${job.slug_url}`);
    expect(slugs(second).filter((slug: string) => slugs(first).includes(slug))).toEqual([]);
    const dump = await findJobs({ page: 0, page_size: 240 });
    expect(dump.body.jobs).toHaveLength(240);
    expect(slugs(dump).slice(20, 40)).toEqual(slugs(second));
    const last = await findJobs({ page: Math.floor(SEEDED_JOBS / 240), page_size: 240 });
    expect(last.body.jobs).toHaveLength(SEEDED_JOBS % 240);
  });

  it('finds a company by name: every Cohere job and nothing else', async () => {
    const companies = await invoke('GET /companies');
    const cohere = companies.body.companies.find((company: { company_name: string }) => company.company_name === 'Cohere');
    const reply = await findJobs({ search: ['cohere'], page_size: 240 });
    expect(reply.body.count).toBe(cohere.job_count);
    expect(new Set(reply.body.jobs.map((job: PublicJob) => job.company_name))).toEqual(new Set(['Cohere']));
  });

  it('finds jobs by city, every one placed there', async () => {
    const reply = await findJobs({ search: ['London'], page_size: 240 });
    expect(reply.body.count).toBeGreaterThan(10);
    for (const job of reply.body.jobs as PublicJob[]) {
      expect(`${job.job_title} ${job.work_location.join(' ')}`).toMatch(/london/i);
    }
  });

  it('finds jobs by skill, case-insensitively, those with the skill before those whose description alone names it', async () => {
    const reply = await findJobs({ search: ['pytorch'], page_size: 240 });
    expect(reply.body.count).toBeGreaterThan(5);
    const jobs = reply.body.jobs as PublicJob[];
    const withSkill = jobs.filter((job) => /pytorch/i.test(`${job.job_title} ${job.skills.join(' ')}`));
    expect(withSkill.length).toBeGreaterThan(5);
    expect(jobs.slice(0, withSkill.length)).toEqual(withSkill);
  });

  it('finds jobs by what only their descriptions say: "GenAI" is "generative AI", and RAG', async () => {
    const genai = await findJobs({ search: ['GenAI'], page_size: 240 });
    expect(genai.body.count).toBeGreaterThan(100);
    expect((await findJobs({ search: ['generative', 'AI'], page_size: 240 })).body.count).toBe(genai.body.count);
    const rag = await findJobs({ search: ['RAG'], page_size: 240 });
    expect(rag.body.count).toBeGreaterThan(20);
    // A job that names RAG in its title or skills comes before one whose description alone does.
    const named = (job: PublicJob) => /\brag\b/i.test(`${job.job_title} ${job.skills.join(' ')}`);
    const firstUnnamed = (rag.body.jobs as PublicJob[]).findIndex((job) => !named(job));
    expect((rag.body.jobs as PublicJob[]).slice(firstUnnamed).some(named)).toBe(false);
  });

  it('filters by department and by workplace', async () => {
    const engineering = await findJobs({ departments: ['Engineering'], page_size: 240 });
    expect(engineering.body.count).toBeGreaterThan(100);
    expect(engineering.body.count).toBeLessThan(SEEDED_JOBS);
    expect(new Set(engineering.body.jobs.map((job: PublicJob) => job.department))).toEqual(new Set(['Engineering']));
    const remote = await findJobs({ is_remote: ['remote', 'hybrid'], page_size: 240 });
    expect(remote.body.count).toBeGreaterThan(0);
    expect(remote.body.count).toBeLessThan(SEEDED_JOBS);
    for (const job of remote.body.jobs as PublicJob[]) expect(['remote', 'hybrid']).toContain(job.is_remote);
    const both = await findJobs({ search: ['engineer'], departments: ['Engineering'], is_remote: ['remote'] });
    for (const job of both.body.jobs as PublicJob[]) expect([job.department, job.is_remote]).toEqual(['Engineering', 'remote']);
  });

  it.each([
    [{ page_size: 241 }, 'page_size: Too big: expected number to be <=240'],
    [{ page_size: 0 }, 'page_size: Too small: expected number to be >=1'],
    [{ page: -1 }, 'page: Too small: expected number to be >=0'],
    [{ page: 'two' }, 'page: Invalid input: expected number, received string'],
    [{ search: 'python' }, 'search: Invalid input: expected array, received string'],
    [{ is_remote: ['sometimes'] }, /^is_remote\.0: Invalid option/],
    [{ departments: ['Astrology'] }, /^departments\.0: Invalid option/],
    [{ page: 0, order: 'salary' }, 'body: Unrecognized key: "order"'],
    [{ posted_within_days: 91 }, 'posted_within_days: Too big: expected number to be <=90'],
    [{ countries: ['Germany'] }, /^countries\.0: Expected an ISO 3166-1 alpha-2 country code/],
    [{ remote_from: 'XX' }, /^remote_from: Unknown ISO 3166-1 alpha-2 country code/],
    [{ seniority: ['guru'] }, /^seniority\.0: Invalid option/],
    [{ min_salary_usd: '100k' }, 'min_salary_usd: Invalid input: expected number, received string'],
    [{ sort: 'random' }, /^sort: Invalid option/],
  ])('answers %j with 400 naming the field', async (body, message) => {
    expectCleanError(await findJobs(body), 400, message);
  });

  it('filters by seniority, pay, freshness and country, AND-combined, with facets that ignore their own filter', async () => {
    const all = await findJobs({ page_size: 240 });
    const senior = await findJobs({ seniority: ['senior'], page_size: 240 });
    expect(senior.body.count).toBe(all.body.facets.seniority.senior ?? 0);
    for (const job of senior.body.jobs as PublicJob[]) expect(job.seniority).toBe('senior');
    // The seniority facet ignores the seniority filter: the same counts as without it.
    expect(senior.body.facets.seniority).toEqual(all.body.facets.seniority);
    const paid = await findJobs({ min_salary_usd: 150_000, page_size: 240, sort: 'salary' });
    for (const job of paid.body.jobs as PublicJob[]) expect(job.salary_usd_year!.max ?? job.salary_usd_year!.min).toBeGreaterThanOrEqual(150_000);
    const pays = (paid.body.jobs as PublicJob[]).map((job) => job.salary_usd_year!.max ?? job.salary_usd_year!.min!);
    expect(pays).toEqual([...pays].sort((a, b) => b - a));
    const fresh = await findJobs({ posted_within_days: 90, page_size: 240 });
    for (const job of fresh.body.jobs as PublicJob[]) expect(Date.now() - Date.parse(job.date_posted)).toBeLessThanOrEqual(90 * 86_400_000);
    const inGermany = await findJobs({ countries: ['de'], page_size: 240 });
    for (const job of inGermany.body.jobs as PublicJob[]) {
      const placed = job.locations.some((place) => place.country === 'DE');
      expect(placed || job.is_remote === 'remote').toBe(true);
    }
    const both = await findJobs({ countries: ['DE'], seniority: ['senior'], page_size: 240 });
    expect(both.body.count).toBeLessThanOrEqual(Math.min(senior.body.count, inGermany.body.count));
  });

  it('forgives typos and reads abbreviations', async () => {
    const python = await findJobs({ search: ['python'] });
    expect((await findJobs({ search: ['pyhton'] })).body.count).toBe(python.body.count);
    expect(python.body.count).toBeGreaterThan(10);
    expect((await findJobs({ search: ['ML'] })).body.count).toBe((await findJobs({ search: ['machine learning'] })).body.count);
    expect((await findJobs({ search: ['NYC'] })).body.count).toBe((await findJobs({ search: ['New York'] })).body.count);
  });

  it('leaves out excluded companies and keywords', async () => {
    const reply = await findJobs({ exclude_companies: ['Cohere'], exclude_keywords: ['senior'], page_size: 240 });
    for (const job of reply.body.jobs as PublicJob[]) {
      expect(job.company_name).not.toBe('Cohere');
      expect(job.job_title).not.toMatch(/\bsenior\b/i);
    }
  });

  it('keeps descriptions for the raw dump when asked', async () => {
    const reply = await findJobs({ page_size: 5, include_description: true });
    expect(reply.body.jobs.every((job: PublicJob) => 'description' in job)).toBe(true);
  });

  it('suggests titles, companies, skills and places as a person types', async () => {
    const suggest = async (query: Record<string, string>): Promise<Reply> => {
      const event = { ...sampleEvent('GET /jobs/suggest'), queryStringParameters: query, rawQueryString: new URLSearchParams(query).toString() };
      const result = await jobsHandler(event, context);
      return { status: result.statusCode, headers: result.headers, text: result.body, body: JSON.parse(result.body) };
    };
    const reply = await suggest({ q: 'coh' });
    expect(reply.status).toBe(200);
    expect(reply.body.suggestions).toContainEqual({ kind: 'company', text: 'Cohere' });
    expect((await suggest({ q: 'pyt' })).body.suggestions).toContainEqual({ kind: 'skill', text: 'Python' });
    expectCleanError(await suggest({ q: 'x', limit: '99' }), 400, /^limit: Too big/);
  });

  it('answers malformed JSON with 400', async () => {
    expectCleanError(await findJobs('{"page": 0,'), 400, 'Request body is not valid JSON');
  });
});

describe('GET /jobs/{company}/{slug} through the Lambda handler', () => {
  it('answers one job by company name and slug, with its description', async () => {
    const listed = (await findJobs({ search: ['physical intelligence'] })).body.jobs[0] as PublicJob;
    expect(listed.company_name).toBe('Physical Intelligence');
    const reply = await invoke('GET /jobs/{company}/{slug}', {
      pathParameters: { company: listed.company_name, slug: listed.slug_url.slice(1) },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toMatch(/^public/);
    expect(reply.body).toMatchObject({ job_title: listed.job_title, slug_url: listed.slug_url, job_url: listed.job_url });
    expect(typeof reply.body.description).toBe('string');
  });

  it('answers 404 naming an unknown job', async () => {
    const reply = await invoke('GET /jobs/{company}/{slug}', { pathParameters: { company: 'Cohere', slug: 'chief-vibes-officer' } });
    expectCleanError(reply, 404, "No job 'chief-vibes-officer' at company 'Cohere'");
  });
});

describe('companies through the Lambda handler', () => {
  it('lists the 43 companies with jobs, with real counts, most jobs first', async () => {
    const reply = await invoke('GET /companies');
    expect(reply.status).toBe(200);
    expect(reply.body.headings).not.toContain('Company Url');
    const companies = reply.body.companies as { company_name: string; job_count: number }[];
    expect(companies).toHaveLength(SEEDED_COMPANIES);
    expect(companies.reduce((sum, company) => sum + company.job_count, 0)).toBe(SEEDED_JOBS);
    const counts = companies.map((company) => company.job_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('answers one company with its open jobs grouped by department in taxonomy order', async () => {
    const reply = await invoke('GET /companies/{name}', { pathParameters: { name: 'cohere' } });
    expect(reply.status).toBe(200);
    expect(reply.body.company_name).toBe('Cohere');
    const groups = reply.body.jobs as { department: string; jobs: PublicJob[] }[];
    const order = groups.map((group) => DEPARTMENTS.indexOf(group.department as (typeof DEPARTMENTS)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(groups.reduce((sum, group) => sum + group.jobs.length, 0)).toBe(reply.body.job_count);
    for (const group of groups) {
      expect(new Set(group.jobs.map((job) => job.department))).toEqual(new Set([group.department]));
      const dates = group.jobs.map((job) => job.date_posted);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    const search = await findJobs({ search: ['cohere'], page_size: 240 });
    expect(titles(groups.flatMap((group) => group.jobs)).sort()).toEqual(titles(search.body.jobs).sort());
  });

  it('answers 404 for an unknown company', async () => {
    expectCleanError(await invoke('GET /companies/{name}', { pathParameters: { name: 'Nobody Inc' } }), 404, "No company 'Nobody Inc'");
  });
});

describe('GET /departments through the Lambda handler', () => {
  it('answers the department taxonomy', async () => {
    const reply = await invoke('GET /departments');
    expect(reply.body).toEqual({ items: [...DEPARTMENTS] });
  });
});

describe('storage that cannot be reached', () => {
  it('answers 503 with Retry-After and a plain message, without details', async () => {
    const broken = createJobsFunction(readConfig(process.env, { DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', LOG_LEVEL: 'error' }));
    // The function's logger (Powertools) writes error lines to stderr.
    const original = process.stderr.write.bind(process.stderr);
    const logged: string[] = [];
    process.stderr.write = ((line: string) => logged.push(String(line)) > 0) as typeof process.stderr.write;
    try {
      const result = await broken(sampleEvent('GET /jobs/{company}/{slug}', { pathParameters: { company: 'Cohere', slug: 'x' } }), context);
      expect(result.statusCode).toBe(503);
      expect(result.headers?.['retry-after']).toBe('10');
      expect(result.body).toBe('{"message":"The service is briefly unavailable. Please try again in a few seconds."}');
    } finally {
      process.stderr.write = original;
    }
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'ERROR', routeKey: 'GET /jobs/{company}/{slug}', status: 503 });
  });
});

describe('the API end to end through the local HTTP adapter', () => {
  const api = (route: string, init?: RequestInit) => fetch(new URL(`api${route}`, product.url), init);

  it('serves every route under /api', async () => {
    const jobs = await api('/jobs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"search":["Lovable"],"page_size":5}' });
    expect(jobs.status).toBe(200);
    const page = (await jobs.json()) as { jobs: PublicJob[]; count: number };
    expect(page.jobs.length).toBeGreaterThan(0);
    const job = page.jobs[0]!;
    const one = await api(`/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`);
    expect(((await one.json()) as PublicJob).job_url).toBe(job.job_url);
    const companies = await api('/companies/');
    expect(((await companies.json()) as { companies: unknown[] }).companies).toHaveLength(SEEDED_COMPANIES);
    const company = await api('/companies/Physical%20Intelligence');
    expect(((await company.json()) as { company_name: string }).company_name).toBe('Physical Intelligence');
    const departments = await api('/departments');
    expect(departments.headers.get('cache-control')).toMatch(/^public/);
    expect(await departments.json()).toEqual({ items: [...DEPARTMENTS] });
  });

  it('compresses answers the client accepts, and answers a public GET with 304 when its ETag is known', async () => {
    const jobs = await api('/jobs', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' }, body: '{"page_size":20}' });
    expect(jobs.headers.get('content-encoding')).toBe('br');
    expect((await jobs.json()).jobs).toHaveLength(20);
    const departments = await api('/departments');
    const etag = departments.headers.get('etag');
    expect(departments.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await api('/departments', { headers: { 'if-none-match': etag! } });
    expect([again.status, await again.text()]).toEqual([304, '']);
  });

  it('serves feeds of a search at the site root and the OpenAPI document under /api', async () => {
    const rss = await fetch(new URL('feeds/jobs.rss?search=python&is_remote=remote', product.url));
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const text = await rss.text();
    expect(text).toMatch(/^<\?xml[^>]*\?>\s*<rss version="2\.0"/);
    expect(text).toContain(`<link>${new URL('/?search=python&amp;is_remote=remote', product.url).href}</link>`);
    const json = await (await fetch(new URL('feeds/jobs.json?search=python', product.url))).json();
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.items.length).toBeGreaterThan(0);
    expect(json.items[0].url).toMatch(new RegExp(`^${product.url}jobs/`));
    const openapi = await api('/openapi.json');
    expect((await openapi.json()).openapi).toBe('3.1.0');
  });

  it('answers bad requests and unknown paths with a message only', async () => {
    const bad = await api('/jobs', { method: 'POST', body: '{"page_size": 1000}' });
    expect([bad.status, await bad.json()]).toEqual([400, { message: 'page_size: Too big: expected number to be <=240' }]);
    const malformed = await api('/jobs', { method: 'POST', body: 'page_size=10' });
    expect([malformed.status, await malformed.json()]).toEqual([400, { message: 'Request body is not valid JSON' }]);
    const unknownCompany = await api('/companies/Nobody');
    expect([unknownCompany.status, await unknownCompany.json()]).toEqual([404, { message: "No company 'Nobody'" }]);
    const unknownRoute = await api('/salaries');
    expect([unknownRoute.status, await unknownRoute.json()]).toEqual([404, { message: 'Not Found' }]);
  });
});
