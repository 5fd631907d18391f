/**
 * The Rippling adapter on a CONSTRUCTED job board API body (fixtures/rippling.documented-fields.json:
 * the API's documented row fields, one row per posting and work location, filled with real titles
 * and departments of the Ashby captures).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newCompany } from '../companies/company';
import { detectAtsFromUrl } from './detect-ats';
import type { Fetcher } from './source';
import { fixedClock } from '../time/clock';
import { parseRipplingBoard, ripplingProvider } from './rippling';
import { SourceFormatError } from './source-error';
import { FetchFailure } from './source';
import type { Job } from '../jobs/job';

/** CONSTRUCTED posting records (fixtures/rippling-detail.documented-fields.json), by uuid, with real description HTML of the Ashby captures. */
const details = JSON.parse(readFileSync(new URL('./fixtures/rippling-detail.documented-fields.json', import.meta.url), 'utf8')) as { bodies: Record<string, unknown> };

const fixture = JSON.parse(readFileSync(new URL('./fixtures/rippling.documented-fields.json', import.meta.url), 'utf8')) as { body: unknown[] };
const CRAWLED_AT = '2025-10-28T12:00:00.000Z';
const ctx = { company: { company_key: 'acme', company_name: 'Acme', company_url: null, company_logo: null }, boardToken: 'acme', clock: fixedClock(CRAWLED_AT) };

describe('parseRipplingBoard', () => {
  it('reads the rows of each posting as one job with all its places, dated when first seen', () => {
    const result = parseRipplingBoard(fixture.body, ctx);
    expect(result.skipped).toEqual([{ jobId: '8d5e2c1a-4b7f-4e21-9c3d-000000000005', reason: 'not a job: general application' }]);
    expect(result.jobs.map((job) => [job.job_title, job.department, job.workplace_type, job.locations.map((place) => place.label)])).toEqual([
      ['Engineering Manager, HPC Deployments', 'Engineering', 'onsite', ['San Francisco, CA, US', 'Seattle, WA, US']],
      ['Software Engineer - Storage (APAC)', 'Engineering', 'remote', ['Singapore, SG']],
      ['Senior Design Engineer', 'Product', 'onsite', ['Berlin, DE']],
      ['Strategic Customer Success Manager', 'Customer Success', 'remote', ['Remote (US)']],
    ]);
    const first = result.jobs[0]!;
    expect(first).toMatchObject({
      source: { ats: 'rippling', board_token: 'acme', job_id: '8d5e2c1a-4b7f-4e21-9c3d-000000000001' },
      job_url: 'https://ats.rippling.com/acme/jobs/8d5e2c1a-4b7f-4e21-9c3d-000000000001',
      source_department: 'Engineering',
      // The API gives no date: the crawl's clock, marked as no source date so a re-crawl keeps it.
      date_posted: CRAWLED_AT,
      raw: expect.objectContaining({ date_posted: null }) as unknown,
      // Nothing the API does not publish is made up.
      employment_type: null,
      compensation: null,
      description: null,
    });
  });

  it('refuses a body that is not a list of rows', () => {
    expect(() => parseRipplingBoard({ error_code: 'RESOURCE_NOT_FOUND', message: 'Job Board not found' }, ctx)).toThrow(SourceFormatError);
  });
});

describe('the Rippling source', () => {
  it('asks the job board API for the board, as written', async () => {
    const requests: string[] = [];
    const fetcher: Fetcher = {
      get: async (url) => {
        requests.push(url);
        return { url, status: 200, contentType: 'application/json', body: JSON.stringify(fixture.body) };
      },
    };
    const source = ripplingProvider.source(ripplingProvider.endpoints);
    const listing = source.parseBoard(await source.fetchBoard(newCompany('Acme', { ats: 'rippling', board_token: 'Acme-Careers' }), fetcher), { ...ctx, boardToken: 'Acme-Careers' });
    expect(requests).toEqual(['https://api.rippling.com/platform/api/ats/v1/board/Acme-Careers/jobs']);
    expect(listing).toMatchObject({ complete: true, skipped: [expect.anything()] });
    expect(listing.jobs).toHaveLength(4);
  });
});

describe('the Rippling posting records', () => {
  const source = ripplingProvider.source(ripplingProvider.endpoints);
  const company = newCompany('Acme', { ats: 'rippling', board_token: 'acme' });
  const DETAIL = 'https://api.rippling.com/platform/api/ats/v1/board/acme/jobs/';
  /** A fetcher answering the list and the records it has; `missing` records fail as the network would. */
  const fetcherFor = (requests: string[], missing: readonly string[] = []): Fetcher => ({
    get: async (url) => {
      requests.push(url);
      const id = url.startsWith(DETAIL) ? url.slice(DETAIL.length) : null;
      if (id === null) return { url, status: 200, contentType: 'application/json', body: JSON.stringify(fixture.body) };
      if (missing.includes(id) || details.bodies[id] === undefined) throw new FetchFailure('http', `HTTP 503 from ${url}`, 503);
      return { url, status: 200, contentType: 'application/json', body: JSON.stringify(details.bodies[id]) };
    },
  });
  const crawl = async (fetcher: Fetcher, known: ReadonlyMap<string, Job>) => {
    const listing = source.parseBoard(await source.fetchBoard(company, fetcher), ctx);
    return source.completeListing!(listing, known, fetcher, ctx);
  };

  it('reads each new posting’s record for its description; a record that fails keeps the job without one', async () => {
    const requests: string[] = [];
    const listing = await crawl(fetcherFor(requests, ['8d5e2c1a-4b7f-4e21-9c3d-000000000002']), new Map());
    expect(requests.filter((url) => url.startsWith(DETAIL))).toHaveLength(4);
    expect(listing.jobs.map((job) => [job.job_title, job.description === null ? null : job.description.length > 500])).toEqual([
      ['Engineering Manager, HPC Deployments', true],
      ['Software Engineer - Storage (APAC)', null],
      ['Senior Design Engineer', true],
      ['Strategic Customer Success Manager', true],
    ]);
    expect(listing.detailsPending).toBe(1);
    // The description is read as any other: sanitised, with the words search reads and skills from it.
    const manager = listing.jobs[0]!;
    expect(manager.description).toContain('HPC Deployments team');
    expect(manager.description).not.toContain('style=');
    expect(manager.description_terms.split(' ')).toContain('nvidia');
    expect(manager.seniority).not.toBeNull();
  });

  it('never asks again for an unchanged posting it has the description of; asks for a changed one and one stored without', async () => {
    const first = await crawl(fetcherFor([], ['8d5e2c1a-4b7f-4e21-9c3d-000000000002']), new Map());
    const known = new Map(first.jobs.map((job) => [job.source.job_id, job]));
    const renamed = first.jobs[2]!;
    known.set(renamed.source.job_id, { ...renamed, job_title: 'Design Engineer' });
    const requests: string[] = [];
    const again = await crawl(fetcherFor(requests), known);
    expect(requests.filter((url) => url.startsWith(DETAIL)).map((url) => url.slice(DETAIL.length))).toEqual(['8d5e2c1a-4b7f-4e21-9c3d-000000000002', '8d5e2c1a-4b7f-4e21-9c3d-000000000003']);
    expect(again.detailsPending).toBe(0);
    expect(again.jobs[0]!.description).toBe(first.jobs[0]!.description);
    expect(again.jobs.every((job) => job.description !== null)).toBe(true);
  });

  it('stops at a refused address', async () => {
    const fetcher: Fetcher = {
      get: async (url) => {
        if (url.startsWith(DETAIL)) throw new FetchFailure('blocked', 'refused: a private address');
        return { url, status: 200, contentType: 'application/json', body: JSON.stringify(fixture.body) };
      },
    };
    await expect(crawl(fetcher, new Map())).rejects.toThrow(/refused/);
  });
});

describe('Rippling board URLs', () => {
  it('reads the board from ats.rippling.com and the API, and names the API URL for the replay folder', () => {
    expect(detectAtsFromUrl('https://ats.rippling.com/15-lightyears-careers/jobs')).toEqual({ ats: 'rippling', board_token: '15-lightyears-careers' });
    expect(detectAtsFromUrl('https://ats.rippling.com/en-GB/acme/jobs/8d5e2c1a-4b7f-4e21-9c3d-000000000001')).toEqual({ ats: 'rippling', board_token: 'acme' });
    expect(detectAtsFromUrl('https://api.rippling.com/platform/api/ats/v1/board/acme/jobs')).toEqual({ ats: 'rippling', board_token: 'acme' });
    expect(detectAtsFromUrl('https://www.rippling.com/careers')).toBeNull();
    expect(detectAtsFromUrl('https://ats.rippling.com/_next/static/chunks/main.js')).toBeNull();
    expect(ripplingProvider.boardOfUrl('https://api.rippling.com/platform/api/ats/v1/board/acme/jobs', ripplingProvider.endpoints)).toEqual({ token: 'acme', page: null });
    expect(ripplingProvider.boardOfUrl('https://api.rippling.com/platform/api/ats/v1/board/acme/jobs/8d5e2c1a-4b7f', ripplingProvider.endpoints)).toEqual({ token: 'acme', page: 'job.8d5e2c1a-4b7f' });
  });
});
