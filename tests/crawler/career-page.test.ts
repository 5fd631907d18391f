import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailure, type BoardListing, type Fetcher } from '../../shared/sources/source';
import { newCompany, type Company } from '../../shared/companies/company';
import { JobSchema } from '../../shared/jobs/job';
import { HARVEY, harveyPosting } from '../../shared/sources/fixtures/career-pages';
import { fixedClock } from '../../shared/time/clock';
import { policyFromList } from '../../lambdas/crawler/address-guard';
import { CareerPageBrowser } from '../../lambdas/crawler/career-page/browser';
import { careerPageSource, type CareerPageBoard } from '../../lambdas/crawler/career-page/career-page-source';
import { createHttpFetcher } from '../../lambdas/crawler/http-fetcher';
import { testChromiumOptions } from '../support/browser';
import { startCareerSite, type CareerSite } from './career-site';

/**
 * The career-page source in real headless Chromium against a local careers website
 * (tests/crawler/career-site.ts: constructed HTML carrying real Harvey postings and a
 * schema.org example). 127.0.0.1:{port} is on the address guard's allowlist, as the test host
 * of CRAWL_ALLOW_HOSTS would be; nothing else that is not public is.
 */

const USER_AGENT = 'LatentJobsBot/1.0 (+https://latentjobs.example/crawler)';
const NOW = '2025-10-28T12:00:00.000Z';

let site: CareerSite;
let browser: CareerPageBrowser;
let fetcher: Fetcher & { close(): Promise<void> };
let source: ReturnType<typeof careerPageSource>;

const company = (careersPath: string): Company =>
  newCompany('Harvey', {
    company_url: 'https://www.harvey.ai',
    ats: 'careers_page',
    board_token: `${site.origin}${careersPath}`,
    careers_url: `${site.origin}${careersPath}`,
  });

const crawl = async (careersPath: string): Promise<{ raw: CareerPageBoard; listing: BoardListing }> => {
  const target = company(careersPath);
  const raw = (await source.fetchBoard(target, fetcher)) as CareerPageBoard;
  const listing = source.parseBoard(raw, {
    company: target,
    boardToken: target.board_token!,
    clock: fixedClock(NOW),
  });
  for (const job of listing.jobs) JobSchema.parse(job);
  return { raw, listing };
};

const titles = (listing: BoardListing): string[] => listing.jobs.map((job) => job.job_title).sort();

beforeAll(async () => {
  site = await startCareerSite();
  const policy = policyFromList([site.host]);
  browser = new CareerPageBrowser({
    userAgent: USER_AGENT,
    policy,
    ...testChromiumOptions,
    navigationTimeoutMs: 15_000,
    idleTimeoutMs: 5_000,
  });
  fetcher = createHttpFetcher({ userAgent: USER_AGENT, policy, timeoutMs: 5_000, maxBytes: 1_000_000, hostConcurrency: 4, hostIntervalMs: 0, maxRetryAfterMs: 0, retries: 0 });
  source = careerPageSource({ browser, userAgent: USER_AGENT, pageIntervalMs: 0 });
});

afterAll(async () => {
  await browser?.close();
  await fetcher?.close();
  await site?.close();
});

describe('career page with JSON-LD', () => {
  let result: { raw: CareerPageBoard; listing: BoardListing };
  beforeAll(async () => {
    result = await crawl('/careers');
  });

  it('reads the @graph, the array and the schema.org example, skips the broken and the commented-out blocks, and follows a posting link for the rest', () => {
    expect(titles(result.listing)).toEqual(
      [
        harveyPosting(HARVEY.productSecurity).title,
        harveyPosting(HARVEY.contractsRemote).title,
        harveyPosting(HARVEY.recruitingHourly).title,
        harveyPosting(HARVEY.salesLondon).title,
        'Software Engineer',
      ].sort(),
    );
    expect(result.listing.jobs.map((job) => job.job_title)).not.toContain(harveyPosting(HARVEY.bizDevGermany).title);
    expect(result.listing.complete).toBe(true);
  });

  it('maps what a reader sees: places, workplace, pay as posted', () => {
    const london = result.listing.jobs.find((job) => job.source.job_id === harveyPosting(HARVEY.salesLondon).id);
    expect(london).toMatchObject({ locations: [{ label: 'London, GB' }], workplace_type: 'onsite', job_url: `${site.origin}/careers/jobs/${harveyPosting(HARVEY.salesLondon).id}` });
    const remote = result.listing.jobs.find((job) => job.job_title === 'Contracts Manager');
    expect(remote).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Remote (US)' }], compensation: { min: 120000, max: 165000, currency: 'USD', period: 'year' } });
  });

  it('does not load a posting page the listing already gave in full', () => {
    expect(site.hits).not.toContain(`${site.host}/careers/jobs/${harveyPosting(HARVEY.productSecurity).id}`);
    expect(site.hits).toContain(`${site.host}/careers/jobs/${harveyPosting(HARVEY.salesLondon).id}`);
  });

  it('does not fetch what robots.txt disallows', () => {
    expect(site.hits).toContain(`${site.host}/robots.txt`);
    expect(site.hits.filter((hit) => hit.includes('/careers/internal/'))).toEqual([]);
    expect(result.raw.notes.some((note) => note.includes('/careers/internal/talent-pool') && note.includes('robots.txt'))).toBe(true);
  });

  it('does not follow a link to another site', () => {
    expect(site.hits.filter((hit) => hit.includes('partner-site-role'))).toEqual([]);
    expect(site.hits.filter((hit) => hit.startsWith('localhost'))).toEqual([]);
  });

  it('refuses a redirect to the cloud metadata address and a script from a private address', () => {
    expect(site.hits).toContain(`${site.host}/careers/jobs/moved`);
    expect(result.raw.notes.some((note) => note.includes('169.254.169.254'))).toBe(true);
    expect(result.raw.notes.some((note) => note.includes('10.255.255.1'))).toBe(true);
  });

  it('takes a posting that is gone (404) as not listed, not as a failure', () => {
    expect(site.hits).toContain(`${site.host}/careers/jobs/gone`);
    expect(result.listing.incompleteReason).toBeUndefined();
  });
});

describe('career page whose JSON-LD a script adds after load', () => {
  it('waits for the script and reads the posting it added', async () => {
    const { listing } = await crawl('/scripted/careers');
    expect(site.hits).toContain(`${site.host}/scripted/api/jobs.json`);
    expect(titles(listing)).toEqual([harveyPosting(HARVEY.backendScripted).title]);
    expect(listing.jobs[0]).toMatchObject({ source: { ats: 'careers_page', job_id: harveyPosting(HARVEY.backendScripted).id }, locations: [{ label: 'San Francisco, CA, US' }] });
  });
});

describe('career page without JSON-LD', () => {
  it('falls back to the page’s own job list: titles and locations from the list, links as ids', async () => {
    const { listing } = await crawl('/list/careers');
    expect(listing.complete).toBe(true);
    expect(listing.jobs.map((job) => ({ title: job.job_title, places: job.locations.map((p) => p.label), url: job.job_url, id: job.source.job_id }))).toEqual([
      { title: harveyPosting(HARVEY.dataScientist).title, places: ['San Francisco, CA, US'], url: `${site.origin}/list/careers/staff-data-scientist`, id: `${site.origin}/list/careers/staff-data-scientist` },
      { title: harveyPosting(HARVEY.appliedAi).title, places: ['San Francisco, CA, US'], url: `${site.origin}/list/careers/staff-applied-ai-engineer`, id: `${site.origin}/list/careers/staff-applied-ai-engineer` },
    ]);
  });
});

describe('refusals', () => {
  it('a careers page robots.txt disallows is not loaded and fails the company', async () => {
    await expect(source.fetchBoard(company('/careers/internal/talent-pool'), fetcher)).rejects.toMatchObject({ kind: 'blocked' });
    expect(site.hits.filter((hit) => hit.includes('/careers/internal/'))).toEqual([]);
  });

  it('a careers URL at a private address is refused before any request', async () => {
    const target = { ...company('/careers'), careers_url: 'http://192.168.1.10/careers', board_token: null };
    const error = await source.fetchBoard(target, fetcher).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailure);
    expect((error as FetchFailure).kind).toBe('blocked');
  });
});
