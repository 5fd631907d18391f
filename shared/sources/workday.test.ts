/**
 * The Workday source on CONSTRUCTED responses (fixtures/workday.documented-fields.json: Workday's
 * CXS list and detail fields, filled with real titles and descriptions of the Ashby captures),
 * through a stand-in for the network that answers like Workday: list pages by POSTed offset,
 * details by path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newCompany } from '../companies/company';
import { detectAtsFromUrl } from './detect-ats';
import { FetchFailure, type FetchedResponse, type Fetcher, type FetchOptions } from './source';
import { fixedClock } from '../time/clock';
import { isNotAJobSkip } from './non-jobs';
import { workdayProvider, WORKDAY_PAGE } from './workday';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/workday.documented-fields.json', import.meta.url), 'utf8')) as {
  list: { total: number; jobPostings: { title: string; externalPath: string }[] };
  details: Record<string, unknown>;
};

const CXS = 'https://acme.wd5.myworkdayjobs.com/wday/cxs/acme/External';
const company = newCompany('Acme', { ats: 'workday', board_token: 'acme.wd5.External' });
const ctx = { company: { company_key: 'acme', company_name: 'Acme', company_url: null, company_logo: null }, boardToken: 'acme.wd5.External', clock: fixedClock('2025-10-28T12:00:00.000Z') };
const source = workdayProvider.source(workdayProvider.endpoints);

/** Answers like Workday from `list` pages (by offset) and `details` (by path); records each request. */
const workday = (pages: Record<number, unknown>, details: Record<string, unknown> = fixture.details) => {
  const requests: string[] = [];
  const fetcher: Fetcher = {
    get: async (url: string, options: FetchOptions = {}): Promise<FetchedResponse> => {
      const answer = (body: unknown) => ({ url, status: 200, contentType: 'application/json', body: JSON.stringify(body) });
      if (url === `${CXS}/jobs`) {
        const { offset, limit } = JSON.parse(options.jsonBody ?? '{}') as { offset: number; limit: number };
        requests.push(`POST jobs offset=${offset} limit=${limit}`);
        return answer(pages[offset] ?? { total: 0, jobPostings: [] });
      }
      const path = url.slice(CXS.length);
      requests.push(`GET ${path}`);
      if (details[path] === undefined) throw new FetchFailure('not-found', `${url} answered HTTP 404`, 404);
      return answer(details[path]);
    },
  };
  return { fetcher, requests };
};

describe('the Workday source', () => {
  it('reads the list, then each posting\'s detail, into jobs; a general application is skipped as not a job', async () => {
    const { fetcher, requests } = workday({ 0: fixture.list });
    const listing = source.parseBoard(await source.fetchBoard(company, fetcher), ctx);
    expect(requests).toEqual([`POST jobs offset=0 limit=${WORKDAY_PAGE}`, ...fixture.list.jobPostings.map((posting) => `GET ${posting.externalPath}`)]);
    expect(listing.complete).toBe(true);
    expect(listing.organisationName).toBe('Acme Corporation');
    expect(listing.skipped).toEqual([{ jobId: 'R0001', reason: 'not a job: general application' }]);
    expect(listing.jobs.map((job) => [job.source.job_id, job.job_title, job.workplace_type, job.employment_type, job.date_posted])).toEqual([
      ['R1041', 'Strategic Customer Success Manager', 'hybrid', 'full_time', '2025-05-29T00:00:00.000Z'],
      ['R1046', 'Technical Solutions Enablement Engineer', 'onsite', 'full_time', '2025-04-18T00:00:00.000Z'],
      ['R2210', 'Senior Compensation Consultant (3 month contract)', 'remote', 'part_time', '2025-10-24T00:00:00.000Z'],
    ]);
    const first = listing.jobs[0]!;
    expect(first.source).toEqual({ ats: 'workday', board_token: 'acme.wd5.External', job_id: 'R1041' });
    expect(first.job_url).toBe('https://acme.wd5.myworkdayjobs.com/External/job/San-Francisco-CA/Strategic-Customer-Success-Manager_R1041');
    expect(first.locations[0]).toMatchObject({ city: 'San Francisco', country: 'US' });
    expect(first.description).toContain('Lambda');
  });

  it('pages by offset until `total`, and a listing that comes up short is partial (it closes nothing)', async () => {
    const page = (from: number, count: number) => ({
      total: 45,
      jobPostings: Array.from({ length: count }, (_, i) => ({ title: `Engineer ${from + i}`, externalPath: `/job/Remote/Engineer_R${from + i}`, bulletFields: [`R${from + i}`] })),
    });
    const details = Object.fromEntries(
      Array.from({ length: 45 }, (_, i) => [`/job/Remote/Engineer_R${i}`, { jobPostingInfo: { title: `Engineer ${i}`, jobDescription: '<p>Build things.</p>', location: 'Remote', startDate: '2025-10-01', timeType: 'Full time', remoteType: 'Remote' } }]),
    );
    const full = workday({ 0: page(0, 20), 20: page(20, 20), 40: page(40, 5) }, details);
    const listing = source.parseBoard(await source.fetchBoard(company, full.fetcher), ctx);
    expect(full.requests.filter((request) => request.startsWith('POST'))).toEqual([`POST jobs offset=0 limit=20`, `POST jobs offset=20 limit=20`, `POST jobs offset=40 limit=20`]);
    expect([listing.jobs.length, listing.complete]).toEqual([45, true]);

    const short = workday({ 0: page(0, 20), 20: page(20, 20) }, details);
    const partial = source.parseBoard(await source.fetchBoard(company, short.fetcher), ctx);
    expect(partial).toMatchObject({ complete: false, incompleteReason: 'partial listing: 40 of 45 postings read' });
  });

  it('keeps a posting whose detail could not be read as unreadable under its requisition id, so it is not closed', async () => {
    const details = { ...fixture.details };
    delete details['/job/San-Francisco-CA/Technical-Solutions-Enablement-Engineer_R1046'];
    const { fetcher } = workday({ 0: fixture.list }, details);
    const listing = source.parseBoard(await source.fetchBoard(company, fetcher), ctx);
    expect(listing.complete).toBe(true);
    expect(listing.skipped.filter((skip) => !isNotAJobSkip(skip.reason))).toEqual([{ jobId: 'R1046', reason: 'unreadable posting: its detail was not read' }]);
    expect(listing.jobs).toHaveLength(2);
  });

  it('names each request for the replay folder: list pages by offset, details by their last path segment', () => {
    const e = workdayProvider.localEndpoints('http://127.0.0.1:4010');
    expect(workdayProvider.boardOfUrl('http://127.0.0.1:4010/workday/acme.wd5/wday/cxs/acme/External/jobs', e, JSON.stringify({ offset: 0 }))).toEqual({ token: 'acme.wd5.External', page: null });
    expect(workdayProvider.boardOfUrl('http://127.0.0.1:4010/workday/acme.wd5/wday/cxs/acme/External/jobs', e, JSON.stringify({ offset: 40 }))).toEqual({ token: 'acme.wd5.External', page: '40' });
    expect(workdayProvider.boardOfUrl('http://127.0.0.1:4010/workday/acme.wd5/wday/cxs/acme/External/job/Remote/Engineer_R7', e)).toEqual({ token: 'acme.wd5.External', page: 'job.Engineer_R7' });
    expect(workdayProvider.boardOfUrl('http://127.0.0.1:4010/ashby/posting-api/job-board/acme', e)).toBeNull();
  });
});

describe('Workday career-site URLs', () => {
  it.each([
    ['https://3m.wd1.myworkdayjobs.com/search', '3m.wd1.search'],
    ['https://adobe.wd5.myworkdayjobs.com/en-US/external_experienced', 'adobe.wd5.external_experienced'],
    ['https://osv-cci.wd1.myworkdayjobs.com/External/job/Remote/Engineer_R7', 'osv-cci.wd1.External'],
    ['https://acme.wd103.myworkdayjobs.com/wday/cxs/acme/Careers/jobs', 'acme.wd103.Careers'],
  ])('%s → %s', (url, token) => {
    expect(detectAtsFromUrl(url)).toEqual({ ats: 'workday', board_token: token });
  });

  it('names no board when the URL names only a locale or is not a tenant host', () => {
    for (const url of ['https://3m.wd1.myworkdayjobs.com/en-us', 'https://3m.wd1.myworkdayjobs.com/', 'https://www.myworkdayjobs.com/External']) expect(detectAtsFromUrl(url), url).toBeNull();
  });
});
