import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { COHERE, COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryCompanyRepository, InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { createJobIndex } from '../../shared/search/job-index';
import { toJobSummary } from '../../shared/jobs/job-summary';
import { ROUTES, routeKey } from '../http/routes';
import { sampleEvent } from '../../tests/support/sample-event';
import { companiesRoutes, createCompaniesHandler } from './companies';
import { createJobsHandler, jobsRoutes } from './jobs';

const context = { awsRequestId: 'unit' } as Context;
const jobs = new InMemoryJobRepository(COHERE_JOBS);
const companies = new InMemoryCompanyRepository([COHERE]);
const index = createJobIndex(COHERE_JOBS.map(toJobSummary));
const jobsDeps = { jobs, searchIndex: async () => index, clock: () => new Date('2025-10-28T12:00:00.000Z') };
const jobsHandler = createJobsHandler(jobsDeps, { logger: () => undefined });
const coverage = {
  read: async () => ({
    statuses: [{ company_name: 'Cohere', ats: 'ashby' as const, status: 'ok' as const, reason: null, last_ok_at: '2025-10-28T11:00:00.000Z', open_jobs: COHERE_JOBS.length }],
    runs: [{ finished_at: '2025-10-28T11:05:00.000Z', jobs_new: 3, jobs_closed: 1, companies_ok: 1, companies_failing: 0 }],
  }),
};
const companiesDeps = { jobs, companies, coverage, clock: () => new Date('2025-10-28T12:00:00.000Z') };
const companiesHandler = createCompaniesHandler(companiesDeps, { logger: () => undefined });
const job = COHERE_JOBS[0]!;

describe('the HTTP functions', () => {
  it('serve exactly the route table between them, each route in its own function', () => {
    const served = {
      jobs: Object.keys(jobsRoutes(jobsDeps)),
      companies: Object.keys(companiesRoutes(companiesDeps)),
    };
    for (const fn of ['jobs', 'companies'] as const) {
      expect(served[fn].sort()).toEqual(ROUTES.filter((route) => route.fn === fn).map(routeKey).sort());
    }
  });

  it('POST /jobs answers a page of public jobs and the count', async () => {
    const result = await jobsHandler(sampleEvent('POST /jobs', { body: { search: ['technical staff'] } }), context);
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(result.body) as { jobs: { job_title: string }[]; count: number };
    expect(body.count).toBe(2);
    expect(body.jobs.map((found) => found.job_title)).toEqual([
      'Member of Technical Staff, Pre-Training Data',
      'Senior Member of Technical Staff, Multimodal AI',
    ]);
  });

  it('POST /jobs answers a repeated search alike until a crawl changes the catalog, and a time window by the clock', async () => {
    let current = index;
    let now = new Date('2025-10-28T12:00:00.000Z');
    const handler = createJobsHandler({ jobs, searchIndex: async () => current, clock: () => now }, { logger: () => undefined });
    const count = async (body: Record<string, unknown>) => (JSON.parse((await handler(sampleEvent('POST /jobs', { body }), context)).body) as { count: number }).count;
    expect(await count({ page: 0 })).toBe(COHERE_JOBS.length);
    expect(await count({ page: 0 })).toBe(COHERE_JOBS.length);
    // A crawl closed all but two jobs: the same search answers from the new index.
    current = createJobIndex(COHERE_JOBS.slice(0, 2).map(toJobSummary));
    expect(await count({ page: 0 })).toBe(2);
    const newest = Math.max(...COHERE_JOBS.slice(0, 2).map((posting) => Date.parse(posting.date_posted ?? posting.first_seen_at)));
    now = new Date(newest + 24 * 60 * 60 * 1000);
    expect(await count({ posted_within_days: 2 })).toBeGreaterThan(0);
    now = new Date(newest + 5 * 24 * 60 * 60 * 1000);
    expect(await count({ posted_within_days: 2 })).toBe(0);
  });

  it('POST /jobs refuses a bad body every time it is sent, also after answering a good one like it', async () => {
    const handler = createJobsHandler(jobsDeps, { logger: () => undefined });
    const send = (body: object) => handler(sampleEvent('POST /jobs', { body }), context);
    expect((await send({ page: 0, page_size: 20 })).statusCode).toBe(200);
    for (const bad of [{ page: 0, page_size: 241 }, { page: 0, page_size: 20, colour: 'red' }, [{ page: 0 }]]) {
      for (let time = 0; time < 2; time += 1) {
        const refused = await send(bad);
        expect(refused.statusCode).toBe(400);
        expect(JSON.parse(refused.body)).toEqual({ message: expect.any(String) });
      }
    }
    const again = await send({ page: 0, page_size: 20 });
    expect(again.statusCode).toBe(200);
    expect((JSON.parse(again.body) as { count: number }).count).toBe(COHERE_JOBS.length);
  });

  it('GET /jobs/{company}/{slug} answers the job, or 404 naming it', async () => {
    const path = { company: 'Cohere', slug: job.slug_url.slice(1) };
    const found = await jobsHandler(sampleEvent('GET /jobs/{company}/{slug}', { pathParameters: path }), context);
    expect(JSON.parse(found.body)).toMatchObject({ job_title: job.job_title, is_remote: 'onsite' });
    expect(found.headers['cache-control']).toContain('public');
    const missing = await jobsHandler(
      sampleEvent('GET /jobs/{company}/{slug}', { pathParameters: { company: 'Cohere', slug: 'gone' } }),
      context,
    );
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ message: "No job 'gone' at company 'Cohere'" });
  });

  it('GET /departments answers the taxonomy', async () => {
    const result = await jobsHandler(sampleEvent('GET /departments'), context);
    expect(JSON.parse(result.body).items).toContain('Engineering');
  });

  it('GET /companies and GET /companies/{name} answer the list and one company', async () => {
    const list = JSON.parse((await companiesHandler(sampleEvent('GET /companies'), context)).body);
    expect(list.companies.map((company: { company_name: string }) => company.company_name)).toEqual(['Cohere']);
    const one = await companiesHandler(sampleEvent('GET /companies/{name}', { pathParameters: { name: 'Cohere' } }), context);
    expect(JSON.parse(one.body).jobs.map((group: { department: string }) => group.department)).toEqual(['Research', 'Product', 'Legal']);
  });

  it('GET /coverage answers what the crawl records say we track, cacheable', async () => {
    const result = await companiesHandler(sampleEvent('GET /coverage'), context);
    expect(result.headers['cache-control']).toContain('public');
    expect(JSON.parse(result.body)).toMatchObject({
      companies_total: 1,
      companies_by_ats: [{ ats: 'ashby', companies: 1 }],
      jobs_open: COHERE_JOBS.length,
      new_today: 3,
      closed_today: 1,
      last_crawl: { finished_at: '2025-10-28T11:05:00.000Z', companies_ok: 1, companies_failing: 0 },
      failing_sources: [],
    });
  });

  it('a function answers a route of the other function with 404', async () => {
    const result = await companiesHandler(sampleEvent('POST /jobs', { body: {} }), context);
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body)).toEqual({ message: 'Not Found' });
  });
});
