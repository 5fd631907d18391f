/**
 * Issue 20's "How it will be checked", walked at the API level on the local stand-ins, as a new user
 * meets it: she signs in (a verified JWT; the first POST /users makes her account), holds the yearly
 * plan (payments-api.test.ts walks the checkout itself), saves three searches with different
 * filters through POST /users/me/searches with the bodies the list pages search with (`/`,
 * `/remote_jobs`, `/engineering_jobs`: the page URL model plus the page's fixed filters), new
 * postings arrive (the real captured Ashby postings, a third of them first seen half an hour ago
 * though posted months before, the rest three days ago), the daily digest and the hourly run send
 * to aws-ses-v2-local, and:
 * - every job of every section is one its search finds through POST /jobs, first seen in the window;
 * - each "N more" link, read by the page's URL model and searched through POST /jobs, finds the
 *   section's jobs and exactly N more (the first section: nothing listed above it);
 * - the private feeds parse with a feed parser and carry only the search's jobs;
 * - another account cannot list, change, delete or re-key the first one's searches.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSesStore } from '../../infra/local/ses-stand-in';
import { readMailConfig } from '../../lambdas/config';
import { NO_SUCH_SAVED_SEARCH_MESSAGE } from '../../shared/alerts/saved-search';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { createJobIndex } from '../../shared/search/job-index';
import type { JobIndex } from '../../shared/search/job-search';
import { readJobSearch, toJobQuery, type FixedFilters } from '../../shared/search/job-search-url';
import { startTestIssuer, type TestIssuer } from '../auth/test-issuer';
import { loadCapturedJobs } from './captured-jobs';
import { digestStandIns, standInDigestService } from './stand-in-digest';
import { startSavedSearchApi } from './saved-search-api-server';

const world = digestStandIns();
let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startSavedSearchApi>>;
let site: string;
let index: JobIndex = createJobIndex([]);
const NOW = new Date();
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

beforeAll(async () => {
  issuer = await startTestIssuer();
  api = await startSavedSearchApi({ storage: world.catalog.storage, issuer, siteUrl: 'http://placeholder.invalid', index: () => index });
  site = api.site;
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await issuer?.stop();
});

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, token?: string, body?: unknown) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) };
  const response = await fetch(`${site}/api${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> };
};

const signIn = async (id: string): Promise<string> => {
  const token = await issuer.mint({ sub: `sub-${id}`, email: `${id}@example.com`, name: `Person ${id}` });
  expect((await call('POST', '/users', token)).status).toBe(200);
  return token;
};

/** The `POST /jobs` body a list page searches with for its URL query and fixed filters (what its "Create alert" saves). */
const pageSearch = (query: string, fixed: FixedFilters = {}): Record<string, unknown> => {
  const body = toJobQuery(readJobSearch(new URLSearchParams(query)), 20, fixed) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => value !== null && field !== 'page' && field !== 'page_size'));
};

interface Found {
  urls: Set<string>;
  firstSeen: Map<string, string>;
}

/** Every job POST /jobs finds for `search`, all pages, by its URL on the site. */
const searchAll = async (search: Record<string, unknown>): Promise<Found> => {
  const found: Found = { urls: new Set(), firstSeen: new Map() };
  for (let page = 0; ; page += 1) {
    const { status, body } = await call('POST', '/jobs', undefined, { ...search, page, page_size: 240 });
    expect(status).toBe(200);
    const jobs = body.jobs as Pick<JobSummary, 'company_name' | 'slug_url' | 'first_seen_at'>[];
    for (const job of jobs) {
      const url = `${site}/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`;
      found.urls.add(url);
      found.firstSeen.set(url, job.first_seen_at);
    }
    if (jobs.length === 0 || found.urls.size >= (body.count as number)) return found;
  }
};

/** The sections of an email's text: name, job URLs, and the "N more" count and link. */
const sectionsOf = (text: string) =>
  text
    .split(/^== /m)
    .slice(1)
    .map((section) => {
      const more = /(\d+) more new jobs? for this search: (\S+)/.exec(section);
      return {
        name: section.split(' ==')[0]!,
        jobs: [...section.matchAll(new RegExp(`${site.replaceAll('.', '\\.')}/jobs/\\S+`, 'g'))].map(([url]) => url),
        more: more === null ? 0 : Number(more[1]),
        moreUrl: more === null ? null : new URL(more[2]!),
      };
    });

describe("issue 20's walk: sign in, save three searches from the list pages, new postings, the digest and the hourly run, feeds, another account", () => {
  it('sends each search exactly its new jobs, links the rest exactly, and keeps the searches to their owner', { timeout: 240_000 }, async () => {
    const ada = await signIn('ada');
    const user = (await world.catalog.storage.users.get('sub-ada'))!;
    await world.catalog.storage.users.saveSubscription(
      'sub-ada',
      { status: 'active', plan: 'yearly', current_period_end: new Date(NOW.getTime() + 300 * 86_400_000).toISOString(), cancel_at_period_end: false, stripe_customer_id: 'cus_ada', stripe_subscription_id: 'sub_ada', updated_at: NOW.toISOString() },
      user.version,
      NOW.toISOString(),
    );

    // Three searches with different filters, as the list pages send them.
    const wanted = [
      { name: 'Senior engineers', search: pageSearch('search=engineer&seniority=senior&seniority=staff'), frequency: 'daily' },
      { name: 'Remote, not sales', search: pageSearch('exclude_keywords=sales', { is_remote: ['remote'] }), frequency: 'hourly' },
      { name: 'Engineering in the US', search: pageSearch('countries=US', { departments: ['Engineering'] }), frequency: 'daily' },
    ];
    const saved = new Map<string, Record<string, unknown>>();
    for (const one of wanted) {
      const created = await call('POST', '/users/me/searches', ada, one);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      saved.set(one.name, created.body);
    }
    expect(new Set(wanted.map((one) => JSON.stringify(one.search))).size).toBe(3);

    // New postings: a third of the captured jobs first seen half an hour ago (posted months before), the rest three days ago.
    const captured = await loadCapturedJobs();
    const stored = captured.map((job, i) => ({ ...job, first_seen_at: i % 3 === 0 ? minutesAgo(30 + (i % 7)) : minutesAgo(3 * 24 * 60), closed_at: null }));
    await world.catalog.storage.jobs.putMany(stored);
    index = createJobIndex(await world.catalog.storage.jobs.listOpenSummaries());

    const mail = readMailConfig({}, { SES_ENDPOINT: world.ses.endpoint, SITE_URL: site });
    const service = standInDigestService(world.catalog, mail);
    const day = NOW.toISOString().slice(0, 10);
    const daily = await service.run({ day, now: NOW });
    const hourly = await service.run({ day: NOW.toISOString().slice(0, 13), now: NOW, cadence: 'hourly' });
    expect([daily.unserved, hourly.unserved]).toEqual([[], []]);
    const inbox = (await readSesStore(world.ses.endpoint)).filter((email) => email.destination.to[0] === 'ada@example.com');
    expect(inbox).toHaveLength(2);
    const [dailyEmail, hourlyEmail] = [inbox.find((email) => !email.subject.includes('Remote'))!, inbox.find((email) => email.subject.includes('Remote'))!];
    const dailySections = sectionsOf(dailyEmail.body.text!);
    const hourlySections = sectionsOf(hourlyEmail.body.text!);
    expect(dailySections.map((section) => section.name)).toEqual(['Senior engineers', 'Engineering in the US']);
    expect(hourlySections.map((section) => section.name)).toEqual(['Remote, not sales']);

    const windowStart = Date.parse(minutesAgo(48 * 60));
    for (const [sections, from] of [
      [dailySections, windowStart],
      [hourlySections, Date.parse(minutesAgo(2 * 60))],
    ] as const) {
      for (const [position, section] of sections.entries()) {
        const search = saved.get(section.name)!.search as Record<string, unknown>;
        const found = await searchAll(search);
        expect(section.jobs.length).toBeGreaterThan(0);
        for (const url of section.jobs) {
          expect(found.urls.has(url), `${section.name}: ${url} is one its search finds`).toBe(true);
          expect(Date.parse(found.firstSeen.get(url)!), `${section.name}: ${url} was first seen in the window`).toBeGreaterThan(from);
        }
        if (section.moreUrl === null) continue;
        expect(section.moreUrl.origin).toBe(site);
        const page = await searchAll(toJobQuery(readJobSearch(section.moreUrl.searchParams), 240) as Record<string, unknown>);
        for (const url of section.jobs) expect(page.urls.has(url), `${section.name}: the "N more" page holds ${url}`).toBe(true);
        // The page holds the section's jobs, the N more, and (after the first section) those listed above it as "also matches".
        if (position === 0) expect(page.urls.size).toBe(section.jobs.length + section.more);
        else expect(page.urls.size).toBeGreaterThanOrEqual(section.jobs.length + section.more);
        expect([...page.urls].every((url) => found.urls.has(url) && Date.parse(page.firstSeen.get(url)!) > from)).toBe(true);
      }
    }
    expect(dailySections.some((section) => section.moreUrl !== null)).toBe(true);

    // The private feeds, read by a feed parser: only the search's jobs.
    for (const [name, search] of saved) {
      const found = await searchAll(search.search as Record<string, unknown>);
      const feed = search.feed as { rss: string; json: string };
      const local = (url: string) => url.replace('http://placeholder.invalid', site);
      const rss = await fetch(local(feed.rss));
      expect(rss.status).toBe(200);
      const parsed = parseFeed(await rss.text());
      expect(parsed.title).toBe(`Latent Jobs alert: ${name}`);
      expect(parsed.items.length).toBeGreaterThan(0);
      for (const item of parsed.items) expect(found.urls.has(item.url!.replace('http://placeholder.invalid', site)), `${name}: feed item ${item.url}`).toBe(true);
      const json = (await (await fetch(local(feed.json))).json()) as { version: string; items: { url: string }[] };
      expect(json.version).toBe('https://jsonfeed.org/version/1.1');
      expect(json.items.map((item) => item.url)).toEqual(parsed.items.map((item) => item.url));
    }

    // Another account tries to reach Ada's searches.
    const eve = await signIn('eve');
    expect((await call('GET', '/users/me/searches', eve)).body.searches).toEqual([]);
    for (const search of saved.values()) {
      const id = String(search.id);
      for (const [method, path, body] of [
        ['PATCH', `/users/me/searches/${id}`, { name: 'mine now' }],
        ['DELETE', `/users/me/searches/${id}`, undefined],
        ['POST', `/users/me/searches/${id}/feed-token`, undefined],
      ] as const) {
        expect(await call(method, path, eve, body), `${method} ${path}`).toEqual({ status: 404, body: { message: NO_SUCH_SAVED_SEARCH_MESSAGE } });
      }
    }
    expect(((await call('GET', '/users/me/searches', ada)).body.searches as unknown[]).map((search) => (search as { name: string }).name)).toEqual(wanted.map((one) => one.name));
  });
});
