/**
 * The saved-search routes (issue 20.2, 20.6) as a caller meets them: the local stand-in for API
 * Gateway with its JWT authorizer in front of the real users and jobs functions, on DynamoDB Local.
 * Ownership is tried as another user with the first one's ids in paths, bodies and headers.
 * The "new jobs" are real captured postings (shared/search/real-job-summaries.fixture.ts) first
 * seen an hour ago.
 */
import { XMLParser } from 'fast-xml-parser';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOURLY_NEEDS_YEARLY_MESSAGE, MAX_SAVED_SEARCHES, NO_SUCH_SAVED_SEARCH_MESSAGE, SavedSearchSchema, TOO_MANY_SAVED_SEARCHES_MESSAGE } from '../../shared/alerts/saved-search';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { createJobIndex } from '../../shared/search/job-index';
import { REAL_SUMMARIES } from '../../shared/search/real-job-summaries.fixture';
import type { Subscription } from '../../shared/users/user';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestIssuer, type TestIssuer } from '../auth/test-issuer';
import { startSavedSearchApi } from './saved-search-api-server';

let own: IsolatedCatalog;
let issuer: TestIssuer;
let api: Awaited<ReturnType<typeof startSavedSearchApi>>;
let base: string;
let site: string;

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
/** The captured postings as the crawl's new jobs: first seen an hour ago. */
const newJobs: JobSummary[] = REAL_SUMMARIES.map((summary) => ({ ...summary, first_seen_at: hourAgo }));
const engineering = newJobs.filter((job) => job.department === 'Engineering');

beforeAll(async () => {
  [own, issuer] = await Promise.all([isolatedCatalog(), startTestIssuer()]);
  const index = createJobIndex(newJobs);
  api = await startSavedSearchApi({ storage: own.storage, issuer, siteUrl: 'https://latentjobs.example', index: () => index });
  site = api.site;
  base = `${site}/api`;
});

afterAll(async () => {
  await api?.stop();
  await issuer?.stop();
  await own?.drop();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (method: Method, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> & { searches?: Record<string, unknown>[] } };
};

const paid = (plan: Subscription['plan']): Subscription => ({
  status: 'active',
  plan,
  current_period_end: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  cancel_at_period_end: false,
  stripe_customer_id: null,
  stripe_subscription_id: 'sub_test',
  updated_at: new Date().toISOString(),
});

/** Signs `id` up (POST /users) with a subscription on `plan` (none: never paid). */
const signUp = async (id: string, plan: Subscription['plan'] | 'none' = 'monthly') => {
  const token = await issuer.mint({ sub: `sub-${id}`, email: `${id}@example.com`, name: `Person ${id}` });
  const created = await call('POST', '/users', { token });
  expect(created.status).toBe(200);
  if (plan !== 'none') await own.storage.users.saveSubscription(`sub-${id}`, paid(plan), created.body.version as number, new Date().toISOString());
  return token;
};

const seniorPython = { name: 'Senior Python, remote from Germany', search: { search: ['python'], seniority: ['senior'], remote_from: 'de', min_salary_usd: 150000 }, frequency: 'daily' };

describe('POST, GET, PATCH and DELETE /users/me/searches', () => {
  it('saves any search under a name and lists it with its matches of the last 7 days and private feeds', async () => {
    const token = await signUp('ada');
    const created = await call('POST', '/users/me/searches', { token, body: { name: 'Engineering', search: { departments: ['Engineering'], page: 3, page_size: 50 }, frequency: 'weekly' } });
    expect(created.status).toBe(201);
    const saved = SavedSearchSchema.parse(created.body);
    expect(saved).toMatchObject({ name: 'Engineering', search: { departments: ['Engineering'] }, frequency: 'weekly', paused: false, from_group: null, matched_last_7_days: engineering.length });
    expect(saved.feed.rss).toMatch(/^https:\/\/latentjobs\.example\/feeds\/searches\/[A-Za-z0-9_-]{43}\/feed\.rss$/);
    const other = await call('POST', '/users/me/searches', { token, body: seniorPython });
    expect(other.status).toBe(201);
    expect(other.body.search).toEqual({ search: ['python'], seniority: ['senior'], remote_from: 'DE', min_salary_usd: 150000 });
    const listed = await call('GET', '/users/me/searches', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.searches!.map((search) => search.name)).toEqual(['Engineering', 'Senior Python, remote from Germany']);
  });

  it('renames, pauses, changes and deletes a saved search', async () => {
    const token = await signUp('grace');
    const { body } = await call('POST', '/users/me/searches', { token, body: { name: 'ML', search: { departments: ['ML'] } } });
    expect(body.frequency).toBe('daily');
    const renamed = await call('PATCH', `/users/me/searches/${String(body.id)}`, { token, body: { name: '  Engineering roles ', paused: true, search: { departments: ['Engineering'] } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: body.id, name: 'Engineering roles', paused: true, search: { departments: ['Engineering'] }, matched_last_7_days: engineering.length });
    expect(await call('DELETE', `/users/me/searches/${String(body.id)}`, { token })).toEqual({ status: 204, body: null });
    expect((await call('GET', '/users/me/searches', { token })).body.searches).toEqual([]);
    expect((await call('DELETE', `/users/me/searches/${String(body.id)}`, { token })).status).toBe(404);
  });

  it('answers 400 naming the field for bad input, and stores nothing', async () => {
    const token = await signUp('bad');
    const cases: [unknown, RegExp][] = [
      [{ name: '', search: {} }, /^name: /],
      [{ name: 'x'.repeat(101), search: {} }, /^name: Name must be at most 100/],
      [{ name: 'ok', search: { min_salary_usd: -5 } }, /^search\.min_salary_usd: /],
      [{ name: 'ok', search: { countries: ['XX'] } }, /^search\.countries\.0: /],
      [{ name: 'ok', search: { colour: 'blue' } }, /^search: Unrecognized key/],
      [{ name: 'ok', search: {}, frequency: 'monthly' }, /^frequency: /],
      [{ name: 'ok', search: { companies: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, 'x')) } }, /^search: Saved search is too large/],
      [{ name: 'ok' }, /^search: /],
      [{ name: 'ok', search: {}, user_id: 'sub-ada' }, /Unrecognized key.*user_id/],
    ];
    for (const [body, message] of cases) {
      const result = await call('POST', '/users/me/searches', { token, body });
      expect(result.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const { body } = await call('POST', '/users/me/searches', { token, body: { name: 'ok', search: {} } });
    expect((await call('PATCH', `/users/me/searches/${String(body.id)}`, { token, body: {} })).body.message).toMatch(/at least one of name, search, frequency, paused/);
    expect((await call('PATCH', `/users/me/searches/${String(body.id)}`, { token, body: { paused: 'yes' } })).body.message).toMatch(/^paused: /);
    expect((await call('GET', '/users/me/searches', { token })).body.searches).toHaveLength(1);
  });

  it('keeps hourly alerts for the yearly plan (403 saying so otherwise)', async () => {
    const monthly = await signUp('monthly');
    const refused = await call('POST', '/users/me/searches', { token: monthly, body: { ...seniorPython, frequency: 'hourly' } });
    expect(refused).toEqual({ status: 403, body: { message: HOURLY_NEEDS_YEARLY_MESSAGE } });
    const { body } = await call('POST', '/users/me/searches', { token: monthly, body: seniorPython });
    expect((await call('PATCH', `/users/me/searches/${String(body.id)}`, { token: monthly, body: { frequency: 'hourly' } })).status).toBe(403);
    const yearly = await signUp('yearly', 'yearly');
    expect((await call('POST', '/users/me/searches', { token: yearly, body: { ...seniorPython, frequency: 'hourly' } })).body).toMatchObject({ frequency: 'hourly' });
  });

  it(`holds at most ${MAX_SAVED_SEARCHES} saved searches a user (409 beyond)`, async () => {
    const token = await signUp('many');
    for (let i = 0; i < MAX_SAVED_SEARCHES; i += 1) expect((await call('POST', '/users/me/searches', { token, body: { name: `search ${i}`, search: { search: [`word${i}`] } } })).status).toBe(201);
    expect(await call('POST', '/users/me/searches', { token, body: { name: 'one more', search: {} } })).toEqual({ status: 409, body: { message: TOO_MANY_SAVED_SEARCHES_MESSAGE } });
  });

  it(`keeps the limit when creates arrive at once: ${MAX_SAVED_SEARCHES + 10} concurrent creates make exactly ${MAX_SAVED_SEARCHES}`, async () => {
    const token = await signUp('racer');
    const answers = await Promise.all(Array.from({ length: MAX_SAVED_SEARCHES + 10 }, (_, i) => call('POST', '/users/me/searches', { token, body: { name: `race ${i}`, search: { search: [`race${i}`] } } })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(10);
    expect(await own.storage.savedSearches.list('sub-racer')).toHaveLength(MAX_SAVED_SEARCHES);
    // A delete frees a place for exactly one more, even when several try at once.
    const [first] = (await call('GET', '/users/me/searches', { token })).body.searches!;
    expect((await call('DELETE', `/users/me/searches/${String(first!.id)}`, { token })).status).toBe(204);
    const again = await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', '/users/me/searches', { token, body: { name: `again ${i}`, search: {} } })));
    expect(again.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await own.storage.savedSearches.list('sub-racer')).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('counts searches saved before the count was kept, and group searches, towards the limit', async () => {
    const token = await signUp('counted');
    const user = (await own.storage.users.get('sub-counted'))!;
    await own.storage.users.saveGroups('sub-counted', ['Research', 'Sales'], user.version, new Date().toISOString());
    // Saved as the product stored them before the count existed (plain items, no counter).
    const at = new Date().toISOString();
    for (let i = 0; i < MAX_SAVED_SEARCHES - 3; i += 1) {
      await own.storage.clients.doc.send(
        new PutCommand({
          TableName: own.config.dynamodb.tables.saved_searches,
          Item: { user_id: 'sub-counted', search_id: `old${i}`, name: `old ${i}`, search: {}, frequency: 'daily', paused: false, from_group: null, feed_token: `old-token-${i}-${'x'.repeat(30)}`, created_at: at, updated_at: at },
        }),
      );
    }
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => call('POST', '/users/me/searches', { token, body: { name: `new ${i}`, search: {} } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await call('GET', '/users/me/searches', { token })).body.searches).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('refuses every saved-search route without a valid token (401)', async () => {
    for (const [method, path] of [['GET', '/users/me/searches'], ['POST', '/users/me/searches'], ['PATCH', '/users/me/searches/x'], ['DELETE', '/users/me/searches/x'], ['POST', '/users/me/searches/x/feed-token']] as const) {
      expect(await call(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', search: {} } }), `${method} ${path}`).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    }
  });
});

describe("another user's saved searches", () => {
  it('are never listed, read, changed, deleted or given a new feed, whatever the path, body or headers say', async () => {
    const owner = await signUp('owner');
    const { body: saved } = await call('POST', '/users/me/searches', { token: owner, body: seniorPython });
    const id = String(saved.id);
    const intruder = await signUp('intruder');
    const posing = { 'x-user-id': 'sub-owner', 'x-amz-user-sub': 'sub-owner', 'x-forwarded-user': 'sub-owner' };
    expect((await call('GET', '/users/me/searches', { token: intruder, headers: posing })).body.searches).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `/users/me/searches/${id}`, { name: 'mine now' }],
      ['DELETE', `/users/me/searches/${id}`, undefined],
      ['POST', `/users/me/searches/${id}/feed-token`, undefined],
    ] as const) {
      expect(await call(method, path, { token: intruder, body, headers: posing }), `${method} ${path}`).toEqual({ status: 404, body: { message: NO_SUCH_SAVED_SEARCH_MESSAGE } });
    }
    // Ids in the body are refused, not followed.
    for (const body of [{ ...seniorPython, user_id: 'sub-owner' }, { ...seniorPython, id }]) {
      expect((await call('POST', '/users/me/searches', { token: intruder, body })).status).toBe(400);
    }
    expect((await call('PATCH', `/users/me/searches/${id}`, { token: intruder, body: { user_id: 'sub-owner', name: 'x' } })).status).toBe(400);
    const after = await call('GET', '/users/me/searches', { token: owner });
    expect(after.body.searches).toEqual([saved]);
  });
});

describe('alert groups carried by saved searches', () => {
  it('POST /users/subscribe adds and removes the group searches; deleting one drops its group', async () => {
    const token = await signUp('groups');
    await call('POST', '/users/subscribe', { token, body: { groups: ['Engineering', 'ML'] } });
    const listed = await call('GET', '/users/me/searches', { token });
    expect(listed.body.searches!.map(({ name, search, from_group, frequency }) => ({ name, search, from_group, frequency }))).toEqual([
      { name: 'Engineering', search: { departments: ['Engineering'] }, from_group: 'Engineering', frequency: 'daily' },
      { name: 'ML', search: { departments: ['ML'] }, from_group: 'ML', frequency: 'daily' },
    ]);
    await call('POST', '/users/subscribe', { token, body: { groups: ['ML'] } });
    const after = await call('GET', '/users/me/searches', { token });
    expect(after.body.searches!.map((search) => search.from_group)).toEqual(['ML']);
    expect((await call('DELETE', `/users/me/searches/${String(after.body.searches![0]!.id)}`, { token })).status).toBe(204);
    expect((await call('GET', '/users/me', { token })).body.groups).toEqual([]);
    expect((await call('GET', '/users/me/searches', { token })).body.searches).toEqual([]);
  });

  it("a subscriber of the group era finds their groups as saved searches (the lazy migration)", async () => {
    const token = await signUp('legacy');
    const user = (await own.storage.users.get('sub-legacy'))!;
    await own.storage.users.saveGroups('sub-legacy', ['Research', 'Sales'], user.version, new Date().toISOString());
    expect(await own.storage.savedSearches.list('sub-legacy')).toEqual([]);
    const listed = await call('GET', '/users/me/searches', { token });
    expect(listed.body.searches!.map((search) => search.from_group)).toEqual(['Research', 'Sales']);
    expect((await call('GET', '/users/me/searches', { token })).body).toEqual(listed.body);
  });
});

describe('private feeds', () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  it('serve the saved search as RSS and JSON Feed at the unguessable URL, and stop when the token is replaced', async () => {
    const token = await signUp('feeds');
    const { body } = await call('POST', '/users/me/searches', { token, body: { name: 'Engineering', search: { departments: ['Engineering'] } } });
    const feed = body.feed as { rss: string; json: string };
    const local = (url: string) => url.replace('https://latentjobs.example', site);
    const rss = await fetch(local(feed.rss));
    expect(rss.status).toBe(200);
    expect(rss.headers.get('cache-control')).toBe('no-store');
    const channel = parser.parse(await rss.text()).rss.channel;
    expect(channel.title).toBe('Latent Jobs alert: Engineering');
    const items = [channel.item].flat();
    expect(items.map((item: { title: string }) => item.title).sort()).toEqual(engineering.map((job) => `${job.job_title} at ${job.company_name}`).sort());
    const json = (await (await fetch(local(feed.json))).json()) as { items: { title: string }[]; feed_url: string };
    expect(json.items).toHaveLength(engineering.length);
    expect(json.feed_url).toBe(local(feed.json));

    const rotated = await call('POST', `/users/me/searches/${String(body.id)}/feed-token`, { token });
    expect(rotated.status).toBe(200);
    expect((rotated.body.feed as { rss: string }).rss).not.toBe(feed.rss);
    expect((await fetch(local(feed.rss))).status).toBe(404);
    expect((await fetch(local(feed.json))).status).toBe(404);
    expect((await fetch(local((rotated.body.feed as { rss: string }).rss))).status).toBe(200);
    expect((await fetch(`${site}/feeds/searches/${'A'.repeat(43)}/feed.rss`)).status).toBe(404);
  });

  it('is empty while the search is paused', async () => {
    const token = await signUp('paused');
    const { body } = await call('POST', '/users/me/searches', { token, body: { name: 'All', search: {} } });
    await call('PATCH', `/users/me/searches/${String(body.id)}`, { token, body: { paused: true } });
    const json = (await (await fetch((body.feed as { json: string }).json.replace('https://latentjobs.example', site))).json()) as { items: unknown[] };
    expect(json.items).toEqual([]);
  });
});
