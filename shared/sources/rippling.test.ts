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

describe('Rippling board URLs', () => {
  it('reads the board from ats.rippling.com and the API, and names the API URL for the replay folder', () => {
    expect(detectAtsFromUrl('https://ats.rippling.com/15-lightyears-careers/jobs')).toEqual({ ats: 'rippling', board_token: '15-lightyears-careers' });
    expect(detectAtsFromUrl('https://ats.rippling.com/en-GB/acme/jobs/8d5e2c1a-4b7f-4e21-9c3d-000000000001')).toEqual({ ats: 'rippling', board_token: 'acme' });
    expect(detectAtsFromUrl('https://api.rippling.com/platform/api/ats/v1/board/acme/jobs')).toEqual({ ats: 'rippling', board_token: 'acme' });
    expect(detectAtsFromUrl('https://www.rippling.com/careers')).toBeNull();
    expect(detectAtsFromUrl('https://ats.rippling.com/_next/static/chunks/main.js')).toBeNull();
    expect(ripplingProvider.boardOfUrl('https://api.rippling.com/platform/api/ats/v1/board/acme/jobs', ripplingProvider.endpoints)).toEqual({ token: 'acme', page: null });
  });
});
