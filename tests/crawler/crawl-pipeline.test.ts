/**
 * The crawler against a local fixture server playing the ATS hosts, writing to an isolated
 * catalog on DynamoDB Local. Board bodies: real Ashby captures (stapply-ai/ats-scrapers@43ece6fd:
 * ashby/companies/*.json), Greenhouse's documented example (grnhse/greenhouse-api-docs@0c37c31a,
 * copy in ../shared/data/ats/greenhouse/official-docs/) and the documented-field fixtures of
 * shared/sources/fixtures (Lever, SmartRecruiters, Rippling).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrawlConfig } from '../../lambdas/config';
import { localEndpoints } from '../../lambdas/crawler/board-urls';
import { createCrawler, type Crawler } from '../../lambdas/crawler/crawler';
import { newCompany, type Company } from '../../shared/companies/company';
import type { Ats } from '../../shared/jobs/job';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startFixtureServer, type FixtureServer } from './fixture-server';

const ASHBY_DIR = path.join('..', 'shared', 'data', 'ats', 'ashby');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;
/** A real Ashby board capture: { jobs: [...] }. */
const ashbyBoard = (name: string) => readJson(path.join(ASHBY_DIR, `${name}.json`)) as { jobs: { id: string }[] } & Record<string, unknown>;
const documented = (provider: string): unknown => (readJson(path.join('shared', 'sources', 'fixtures', `${provider}.documented-fields.json`)) as { body: unknown }).body;

/** CONSTRUCTED Rippling posting records by uuid (shared/sources/fixtures/rippling-detail.documented-fields.json). */
const RIPPLING_RECORDS = (readJson(path.join('shared', 'sources', 'fixtures', 'rippling-detail.documented-fields.json')) as { bodies: Record<string, unknown> }).bodies;

const company = (token: string, ats: Ats = 'ashby'): Company =>
  newCompany(`Fixture ${token}`, { company_key: `fixture ${token}`, ats, board_token: token });

let server: FixtureServer;
let catalog: IsolatedCatalog;
let crawler: Crawler;
/** A second local server, NOT allowlisted: a redirect there must be refused. */
let forbidden: Server;
let forbiddenHits = 0;

beforeAll(async () => {
  server = await startFixtureServer();
  forbidden = createServer((_req, res) => {
    forbiddenHits += 1;
    res.end('{"jobs":[]}');
  });
  await new Promise<void>((resolve) => forbidden.listen(0, '127.0.0.1', resolve));
  catalog = await isolatedCatalog();
  crawler = createCrawler({
    crawl: readCrawlConfig(
      {},
      {
        CRAWL_ALLOW_HOSTS: server.hostPort,
        CRAWL_HOST_INTERVAL_MS: '0',
        CRAWL_TIMEOUT_MS: '1500',
        CRAWL_RETRIES: '1',
        CRAWL_MAX_RETRY_AFTER_SECONDS: '5',
        CRAWL_CONTACT_URL: 'https://latentjobs.example/crawler',
      },
    ),
    doc: catalog.storage.clients.doc,
    tables: catalog.config.dynamodb.tables,
    catalogVersion: catalog.storage.catalogVersion,
    endpoints: localEndpoints(server.base),
    writeMode: 'transaction',
  });
});

afterAll(async () => {
  await crawler?.close();
  await server?.close();
  await new Promise<void>((resolve) => forbidden?.close(() => resolve()));
  await catalog?.drop();
});

/** Crawls one company (its stored record, so job_count is current) and returns its result. */
const crawl = async (token: string) => {
  const stored = await catalog.storage.companies.get(`fixture ${token}`);
  const { results } = await crawler.run([stored!]);
  return results[0]!;
};

const storedJobs = (token: string) => catalog.storage.jobs.listByCompany(`fixture ${token}`);

/** A company with the jobs of a real Ashby capture stored by a first crawl. */
const crawledAshbyCompany = async (token: string, capture = 'lindy') => {
  await catalog.storage.companies.putMany([company(token)]);
  server.set('ashby', token, { json: ashbyBoard(capture) });
  const first = await crawl(token);
  expect(first.outcome).toBe('ok');
  expect(first.counts.new).toBeGreaterThan(0);
  return storedJobs(token);
};

describe('crawl of a board that changed', () => {
  it('a second crawl after one posting is removed and one added reports exactly one closed and one new', async () => {
    const board = ashbyBoard('worldlabs');
    const [firstPosting, ...rest] = board.jobs;
    await catalog.storage.companies.putMany([company('worldlabs')]);
    server.set('ashby', 'worldlabs', { json: { ...board, jobs: board.jobs.slice(0, -1) } });
    const versionBefore = await catalog.storage.catalogVersion.current();
    const first = await crawl('worldlabs');
    expect(first.counts.new).toBe(board.jobs.length - 1);

    server.set('ashby', 'worldlabs', { json: { ...board, jobs: rest } });
    const second = await crawl('worldlabs');
    expect(second.outcome).toBe('ok');
    expect(second.counts).toMatchObject({ new: 1, closed: 1, changed: 0, reopened: 0, unchanged: board.jobs.length - 2 });

    const jobs = await storedJobs('worldlabs');
    const removed = jobs.find((job) => job.source.job_id === firstPosting!.id)!;
    expect(removed.closed_at).not.toBeNull();
    const open = (await catalog.storage.jobs.listOpenSummaries()).filter((summary) => summary.company_key === 'fixture worldlabs');
    expect(open).toHaveLength(board.jobs.length - 1);
    expect(open.some((summary) => summary.slug_url === removed.slug_url)).toBe(false);
    expect((await catalog.storage.companies.get('fixture worldlabs'))?.job_count).toBe(board.jobs.length - 1);
    expect(Number(await catalog.storage.catalogVersion.current())).toBeGreaterThan(Number(versionBefore));

    // It comes back: reopened, first_seen_at kept.
    server.set('ashby', 'worldlabs', { json: board });
    const third = await crawl('worldlabs');
    expect(third.counts).toMatchObject({ reopened: 1, new: 0, closed: 0 });
    const back = (await storedJobs('worldlabs')).find((job) => job.source.job_id === firstPosting!.id)!;
    expect(back.closed_at).toBeNull();
    expect(back.first_seen_at).toBe(removed.first_seen_at);
  });

  it('sends the identifying User-Agent with a contact URL', () => {
    expect(server.requests.at(-1)?.userAgent).toMatch(/^LatentJobsBot\/[\d.]+ \(\+https:\/\/latentjobs\.example\/crawler\)$/);
  });

  it('re-crawling an unchanged board writes no job and reports it unchanged', async () => {
    await crawledAshbyCompany('unchanged', 'turbopuffer');
    const before = await storedJobs('unchanged');
    const again = await crawl('unchanged');
    expect(again).toMatchObject({ outcome: 'ok', unchangedBody: true, catalogChanged: false });
    expect(again.counts).toMatchObject({ new: 0, changed: 0, closed: 0, unchanged: before.length });
    expect(await storedJobs('unchanged')).toEqual(before);
  });
});

describe('a failed fetch leaves stored jobs untouched and marks the source failing', () => {
  const scenarios: [string, (token: string) => void, RegExp][] = [
    ['a 500', (token) => server.set('ashby', token, { status: 500, body: 'Internal Server Error' }), /HTTP 500/],
    ['a timeout', (token) => server.set('ashby', token, { hang: true }), /within 1500 ms/],
    ['a 429 with Retry-After', (token) => server.set('ashby', token, { status: 429, headers: { 'retry-after': '1' } }), /HTTP 429/],
    ['a 50 MB body', (token) => server.set('ashby', token, { bytes: 50 * 1024 * 1024 }), /byte cap/],
    ['a redirect to 127.0.0.1 (not allowlisted)', (token) => server.set('ashby', token, { redirect: `http://127.0.0.1:${(forbidden.address() as AddressInfo).port}/jobs` }), /refused/],
    ['an empty listing for a board that had jobs', (token) => server.set('ashby', token, { json: { jobs: [], apiVersion: '1' } }), /empty listing while \d+ jobs are open/],
    ['a body that is no board', (token) => server.set('ashby', token, { json: { error: 'not found' } }), /not a job board/],
  ];

  it.each(scenarios)('%s', async (name, answer, reason) => {
    const token = `fail-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
    const before = await crawledAshbyCompany(token);
    answer(token);
    const hitsBefore = forbiddenHits;
    const result = await crawl(token);
    expect(result.outcome).toBe('failing');
    expect(result.reason).toMatch(reason);
    expect(result.counts.closed).toBe(0);
    expect(await storedJobs(token)).toEqual(before);
    expect(forbiddenHits).toBe(hitsBefore);
    const status = await crawler.store.getSourceStatus(`fixture ${token}`);
    expect(status).toMatchObject({ status: 'failing', consecutive_failures: 1 });
    expect(status?.reason).toMatch(reason);
    expect((await catalog.storage.companies.get(`fixture ${token}`))?.job_count).toBe(before.length);
  }, 20_000);

  it('honours Retry-After before trying again', async () => {
    const token = 'retry-after';
    await catalog.storage.companies.putMany([company(token)]);
    server.set('ashby', token, { status: 429, headers: { 'retry-after': '1' } });
    await crawl(token);
    const hits = server.requests.filter((request) => request.token === token);
    expect(hits).toHaveLength(2);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('repeated failures count up and a success resets them', async () => {
    const token = 'flaky';
    await crawledAshbyCompany(token);
    server.set('ashby', token, { status: 503, headers: { 'retry-after': '3600' } });
    await crawl(token);
    const second = await crawl(token);
    expect(second.reason).toMatch(/Retry-After 3600 s, over the 5 s bound/);
    expect(await crawler.store.getSourceStatus(`fixture ${token}`)).toMatchObject({ status: 'failing', consecutive_failures: 2 });
    server.set('ashby', token, { json: ashbyBoard('lindy') });
    expect((await crawl(token)).outcome).toBe('ok');
    expect(await crawler.store.getSourceStatus(`fixture ${token}`)).toMatchObject({ status: 'ok', consecutive_failures: 0, total_failures: 2 });
  });
});

describe('other providers through the fixture server', () => {
  it('SmartRecruiters answering 200 with nothing for a company that had jobs closes nothing', async () => {
    const token = 'sr-acme';
    await catalog.storage.companies.putMany([company(token, 'smartrecruiters')]);
    const body = documented('smartrecruiters') as { content: unknown[]; totalFound: number };
    server.set('smartrecruiters', token, { json: body });
    const first = await crawl(token);
    expect(first.outcome).toBe('ok');
    const before = await storedJobs(token);
    expect(before.length).toBeGreaterThan(0);

    server.set('smartrecruiters', token, { json: { offset: 0, limit: 100, totalFound: 0, content: [] } });
    const second = await crawl(token);
    expect(second.outcome).toBe('failing');
    expect(second.reason).toMatch(/empty listing/);
    expect(await storedJobs(token)).toEqual(before);
  });

  it('SmartRecruiters pages are all fetched, and a missing page makes a partial listing that closes nothing', async () => {
    const token = 'sr-paged';
    await catalog.storage.companies.putMany([company(token, 'smartrecruiters')]);
    const body = documented('smartrecruiters') as { content: unknown[]; totalFound: number };
    const firstPage = { offset: 0, limit: 2, totalFound: body.content.length, content: body.content.slice(0, 2) };
    const pages = { 2: { offset: 2, limit: 2, totalFound: body.content.length, content: body.content.slice(2, 4) }, 4: { offset: 4, limit: 2, totalFound: body.content.length, content: body.content.slice(4) } };
    server.set('smartrecruiters', token, { json: firstPage, pages });
    const full = await crawl(token);
    expect(full.outcome).toBe('ok');
    const paged = server.requests.filter((request) => request.token === token).map((request) => new URL(request.path, server.base).searchParams.get('offset'));
    expect(paged).toEqual(['0', '2', '4']);

    server.set('smartrecruiters', token, { json: firstPage, pages: { 2: pages[2], 4: { ...pages[4], content: [] } } });
    const partial = await crawl(token);
    expect(partial.outcome).toBe('failing');
    expect(partial.reason).toBe(`partial listing: 4 of ${body.content.length} postings read`);
    expect(partial.counts.closed).toBe(0);
    expect((await storedJobs(token)).every((job) => job.closed_at === null)).toBe(true);
  });

  it('Lever: an account unknown on the global host is read from the EU host', async () => {
    const token = 'lever-eu-co';
    await catalog.storage.companies.putMany([company(token, 'lever')]);
    server.set('lever-eu', token, { json: documented('lever') });
    const result = await crawl(token);
    expect(result.outcome).toBe('ok');
    expect(result.counts.new).toBeGreaterThan(0);
    expect(server.requests.filter((request) => request.token === token).map((request) => request.provider)).toEqual(['lever', 'lever-eu']);
  });

  it('Rippling: a board without posting dates keeps each job dated when first seen, and a re-crawl changes nothing', async () => {
    const token = 'rippling-acme';
    await catalog.storage.companies.putMany([company(token, 'rippling')]);
    server.set('rippling', token, { json: documented('rippling'), records: RIPPLING_RECORDS });
    const first = await crawl(token);
    expect(first).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 4, not_jobs: 1 }) });
    const before = await storedJobs(token);
    expect(before.every((job) => job.date_posted === job.first_seen_at)).toBe(true);
    const again = await crawl(token);
    expect(again).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 0, changed: 0, closed: 0, unchanged: 4 }) });
    expect((await storedJobs(token)).map((job) => job.date_posted)).toEqual(before.map((job) => job.date_posted));
  });

  it('Rippling: each new posting’s own record gives its description once; a record that fails keeps its job and is asked for on the next crawl', async () => {
    const token = 'rippling-described';
    const missing = '8d5e2c1a-4b7f-4e21-9c3d-000000000002';
    const { [missing]: late, ...answered } = RIPPLING_RECORDS;
    await catalog.storage.companies.putMany([company(token, 'rippling')]);
    server.set('rippling', token, { json: documented('rippling'), records: answered });
    const recordsAsked = () => server.requests.filter((request) => request.token === token && /\/jobs\/[^/]+$/.test(request.path)).map((request) => request.path.split('/').at(-1));

    expect(await crawl(token)).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 4 }) });
    expect(recordsAsked()).toHaveLength(4);
    const described = async () => Object.fromEntries((await storedJobs(token)).map((job) => [job.source.job_id, job.description !== null]));
    expect(await described()).toEqual({ '8d5e2c1a-4b7f-4e21-9c3d-000000000001': true, [missing]: false, '8d5e2c1a-4b7f-4e21-9c3d-000000000003': true, '8d5e2c1a-4b7f-4e21-9c3d-000000000004': true });

    // The failed record is asked for again, and only it; nothing is closed or loses its description.
    expect(await crawl(token)).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 0, changed: 0, closed: 0, unchanged: 4 }) });
    expect(recordsAsked().slice(4)).toEqual([missing]);
    server.set('rippling', token, { json: documented('rippling'), records: { ...answered, [missing]: late } });
    // Its description changes it (and may change what the board's postings share: boilerplate).
    const third = await crawl(token);
    expect(third).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 0, closed: 0 }) });
    expect(third.counts.changed).toBeGreaterThanOrEqual(1);
    expect(Object.values(await described())).toEqual([true, true, true, true]);
    // Every posting read: the next crawl of the unchanged board asks for no record.
    expect(await crawl(token)).toMatchObject({ outcome: 'ok', unchangedBody: true });
    expect(recordsAsked()).toHaveLength(6);
  });

  it('Greenhouse: the documented example board is stored', async () => {
    const token = 'gh-docs';
    await catalog.storage.companies.putMany([company(token, 'greenhouse')]);
    server.set('greenhouse', token, { json: readJson(path.join('..', 'shared', 'data', 'ats', 'greenhouse', 'official-docs', 'job-board_jobs__list_jobs__0.json')) });
    const result = await crawl(token);
    expect(result).toMatchObject({ outcome: 'ok', counts: expect.objectContaining({ new: 1 }) });
  });
});
