/**
 * The users API as a caller meets it: the local stand-in for API Gateway (infra/local/http-adapter)
 * with its JWT authorizer (lambdas/auth) in front of the real users function, on DynamoDB Local.
 * Tokens are minted with jose by a local issuer (tests/auth/test-issuer.ts).
 *
 * Token design under test: the API requires Cognito ID tokens; an access token passes the
 * authorizer (as on AWS, which cannot tell them apart) and is refused by the handler with 401.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAdapter, type V2Handler } from '../../infra/local/http-adapter';
import { createJwtAuthorizer } from '../../lambdas/auth/jwt-authorizer';
import { createUsersHandler } from '../../lambdas/functions/users';
import { createJobIndex } from '../../shared/search/job-index';
import { ROUTES, type FunctionName } from '../../lambdas/http/routes';
import { VERSION_CONFLICT_MESSAGE } from '../../lambdas/storage/user-repository';
import type { Subscription } from '../../shared/users/user';
import { NOT_PAID_MESSAGE } from '../../shared/users/users-api';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestIssuer, unsignedToken, type TestIssuer } from './test-issuer';

let own: IsolatedCatalog;
let issuer: TestIssuer;
let server: Server;
let base: string;

beforeAll(async () => {
  [own, issuer] = await Promise.all([isolatedCatalog(), startTestIssuer()]);
  const users = createUsersHandler(
    {
      users: own.storage.users,
      clock: () => new Date(),
      savedSearches: own.storage.savedSearches,
      siteUrl: 'http://localhost:3000',
      recentIndex: async () => createJobIndex([]),
      authSettings: { configured: true, region: 'us-east-1', userPoolId: issuer.userPoolId, userPoolClientId: issuer.clientId, oauthDomain: null, userPoolEndpoint: null },
    },
    { logger: () => undefined },
  );
  const functions = Object.fromEntries(ROUTES.map((route) => [route.fn, async () => ({})])) as unknown as Record<FunctionName, V2Handler>;
  server = createServer(
    createHttpAdapter({
      staticDir: '/nonexistent',
      logger: () => undefined,
      authorize: createJwtAuthorizer({ issuer: issuer.issuer, clientId: issuer.clientId, jwksUrl: issuer.jwksUrl }),
      functions: { ...functions, users },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await issuer?.stop();
  await own?.drop();
});

const call = async (method: 'GET' | 'POST', path: string, options: { token?: string; authorization?: string; body?: unknown } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const authorization = options.authorization ?? (options.token === undefined ? undefined : `Bearer ${options.token}`);
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(`${base}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const person = (id: string) => ({ sub: `sub-${id}`, email: `${id}@example.com`, name: `Person ${id.toUpperCase()}` });
const idToken = (id: string) => issuer.mint(person(id));

const paid = (overrides: Partial<Subscription> = {}): Subscription => ({
  status: 'active',
  plan: 'monthly',
  current_period_end: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  cancel_at_period_end: false,
  stripe_customer_id: null,
  stripe_subscription_id: 'sub_test',
  updated_at: new Date().toISOString(),
  ...overrides,
});

/** Signs `id` up and gives them a subscription as the payments context would record it. */
const signUpWithPlan = async (id: string, subscription: Subscription | null = paid()) => {
  const token = await idToken(id);
  const created = await call('POST', '/users', { token });
  expect(created.status).toBe(200);
  if (subscription !== null) await own.storage.users.saveSubscription(`sub-${id}`, subscription, created.body.version as number, new Date().toISOString());
  return token;
};

describe('tokens the local JWT authorizer and the handler refuse (401 {"message":"Unauthorized"})', () => {
  const cases: [string, () => Promise<{ token?: string; authorization?: string }>][] = [
    ['no Authorization header', async () => ({})],
    ['a header that is not a JWT', async () => ({ authorization: 'Bearer not-a-token' })],
    ['alg none (unsigned)', async () => ({ token: unsignedToken({ ...person('none'), token_use: 'id', iss: issuer.issuer, aud: issuer.clientId, exp: Math.floor(Date.now() / 1000) + 600 }) })],
    [
      'HS256 signed with a shared secret',
      async () => ({
        token: await new SignJWT({ ...person('hmac'), token_use: 'id' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(issuer.issuer)
          .setAudience(issuer.clientId)
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough')),
      }),
    ],
    ['signed by another key', async () => ({ token: await issuer.mint(person('forged'), { foreignKey: true }) })],
    ['another issuer', async () => ({ token: await issuer.mint(person('iss'), { issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other' }) })],
    ['another audience (app client)', async () => ({ token: await issuer.mint(person('aud'), { audience: 'someoneelsesclient' }) })],
    ['expired', async () => ({ token: await issuer.mint(person('old'), { expiresIn: -5 }) })],
    ['not valid yet (nbf in the future)', async () => ({ token: await issuer.mint(person('nbf'), { notBefore: 300 }) })],
    ['no expiry', async () => ({ token: await issuer.mint(person('noexp'), { noExpiry: true }) })],
    ['an access token where the ID token is required', async () => ({ token: await issuer.mint({ sub: 'sub-access', username: 'access' }, { tokenUse: 'access' }) })],
    ['an access token carrying an email', async () => ({ token: await issuer.mint(person('access2'), { tokenUse: 'access' }) })],
    ['an ID token without sub', async () => ({ token: await issuer.mint({ email: 'nosub@example.com', name: 'No Sub' }) })],
    ['an ID token without email', async () => ({ token: await issuer.mint({ sub: 'sub-noemail', name: 'No Email' }) })],
    ['an ID token without token_use', async () => ({ token: await issuer.mint({ ...person('nouse'), token_use: undefined }) })],
  ];

  for (const [name, credentials] of cases) {
    it(`refuses ${name} on every users route, and stores nothing`, async () => {
      const auth = await credentials();
      for (const [method, path] of [
        ['POST', '/users'],
        ['GET', '/users/me'],
        ['POST', '/users/subscribe'],
      ] as const) {
        const result = await call(method, path, { ...auth, body: method === 'POST' ? { groups: ['Engineering'] } : undefined });
        expect(result, `${method} ${path}`).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      }
    });
  }

  it('stored none of the refused callers', async () => {
    for (const id of ['none', 'hmac', 'forged', 'iss', 'aud', 'old', 'nbf', 'noexp', 'access', 'access2', 'noemail', 'nouse']) {
      expect(await own.storage.users.get(`sub-${id}`), id).toBeNull();
    }
  });

  it('answers a signed token whose sub or email is too long to key a user with 400 naming the claim, on every users route', async () => {
    for (const [claims, message] of [
      [{ ...person('long'), sub: 'x'.repeat(2_000) }, "The token's sub claim is over 128 characters"],
      [{ ...person('longmail'), email: `${'a'.repeat(300)}@example.com` }, "The token's email claim is over 254 characters"],
    ] as const) {
      const token = await issuer.mint(claims);
      for (const [method, path] of [
        ['POST', '/users'],
        ['GET', '/users/me'],
        ['POST', '/users/subscribe'],
      ] as const) {
        expect(await call(method, path, { token, body: method === 'POST' ? { groups: ['Engineering'] } : undefined }), `${method} ${path}`).toEqual({ status: 400, body: { message } });
      }
    }
  });

  it('accepts a valid ID token, with or without the Bearer prefix', async () => {
    const token = await idToken('valid');
    expect((await call('POST', '/users', { token })).status).toBe(200);
    expect((await call('GET', '/users/me', { authorization: token })).body).toMatchObject({ email: 'valid@example.com', name: 'Person VALID' });
  });
});

describe('POST /users and GET /users/me', () => {
  it('create the caller from the token on first sign-in and refresh name and email later, keeping groups and plan', async () => {
    const token = await signUpWithPlan('ada');
    await call('POST', '/users/subscribe', { token, body: { groups: ['Research'] } });
    const renamed = await issuer.mint({ sub: 'sub-ada', email: 'Ada@Example.com', name: 'Ada King Lovelace' });
    const refreshed = await call('POST', '/users', { token: renamed });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ email: 'ada@example.com', name: 'Ada King Lovelace', groups: ['Research'], paid_active: true });
    const me = await call('GET', '/users/me', { token: renamed });
    expect(me.body).toEqual(refreshed.body);
    expect(me.body.subscription).toMatchObject({ status: 'active', plan: 'monthly', cancel_at_period_end: false });
    expect(JSON.stringify(me.body)).not.toContain('sub_test');
  });

  it('answers 404 to a signed-in caller who never registered', async () => {
    const result = await call('GET', '/users/me', { token: await idToken('newcomer') });
    expect(result.status).toBe(404);
  });

  it("never shows or changes another user's account, whatever the body says", async () => {
    const owner = await signUpWithPlan('owner');
    await call('POST', '/users/subscribe', { token: owner, body: { groups: ['Design'] } });
    const intruder = await idToken('intruder');
    const posed = await call('POST', '/users', { token: intruder, body: { email: 'owner@example.com', user_id: 'sub-owner', sub: 'sub-owner' } });
    expect(posed.body).toMatchObject({ email: 'intruder@example.com', groups: [] });
    expect((await call('GET', '/users/me', { token: intruder })).body).toMatchObject({ email: 'intruder@example.com', groups: [] });
    const smuggled = await call('POST', '/users/subscribe', { token: intruder, body: { groups: ['Sales'], user_id: 'sub-owner' } });
    expect(smuggled.status).toBe(400);
    expect((await call('GET', '/users/me', { token: owner })).body).toMatchObject({ email: 'owner@example.com', groups: ['Design'] });
  });
});

describe('POST /users/subscribe', () => {
  it('is refused with 403 and a message without a paid, active subscription', async () => {
    const cases: [string, Subscription | null][] = [
      ['never paid', null],
      ['payment failed', paid({ status: 'past_due' })],
      ['cancelled', paid({ status: 'canceled' })],
      ['period over', paid({ current_period_end: new Date(Date.now() - 60_000).toISOString() })],
      ['checkout not completed', paid({ status: 'incomplete' })],
    ];
    for (const [name, subscription] of cases) {
      const token = await signUpWithPlan(`unpaid-${cases.findIndex(([n]) => n === name)}`, subscription);
      const result = await call('POST', '/users/subscribe', { token, body: { groups: ['Engineering'] } });
      expect(result, name).toEqual({ status: 403, body: { message: NOT_PAID_MESSAGE } });
    }
  });

  it('saves known departments, drops blank names and repeats, and names an unknown group', async () => {
    const token = await signUpWithPlan('grace');
    const saved = await call('POST', '/users/subscribe', { token, body: { groups: ['Engineering', '', '  ', 'ML', 'Engineering', ' Research '] } });
    expect(saved.status).toBe(200);
    expect(saved.body.groups).toEqual(['Engineering', 'ML', 'Research']);
    const unknown = await call('POST', '/users/subscribe', { token, body: { groups: ['Engineering', 'Robotics'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^groups\.1: Unknown department "Robotics"; expected one of Engineering, Research/);
    expect((await call('POST', '/users/subscribe', { token, body: { groups: 'Engineering' } })).status).toBe(400);
    expect((await call('GET', '/users/me', { token })).body.groups).toEqual(['Engineering', 'ML', 'Research']);
  });

  it('lets one of two concurrent saves win and answers the other 409, losing neither silently', async () => {
    const token = await signUpWithPlan('linus');
    for (let round = 0; round < 5; round++) {
      const { version } = (await call('GET', '/users/me', { token })).body as { version: number };
      const mine = ['Engineering', 'Research'];
      const theirs = ['Sales', 'Marketing'];
      const results = await Promise.all([
        call('POST', '/users/subscribe', { token, body: { groups: mine, version } }),
        call('POST', '/users/subscribe', { token, body: { groups: theirs, version } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!;
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body).toEqual({ message: VERSION_CONFLICT_MESSAGE });
      const stored = (await call('GET', '/users/me', { token })).body;
      expect(stored.groups).toEqual(winner.body.groups);
      expect(stored.version).toBe(version + 1);
    }
    // A save from a stale page (an old version) is refused, not applied over newer groups.
    const stale = await call('POST', '/users/subscribe', { token, body: { groups: ['Legal'], version: 0 } });
    expect(stale.status).toBe(409);
    expect((await call('GET', '/users/me', { token })).body.groups).not.toEqual(['Legal']);
  });
});

describe('GET /auth/config', () => {
  it('is public and carries only public sign-in settings', async () => {
    const result = await call('GET', '/auth/config');
    expect(result).toEqual({
      status: 200,
      body: { configured: true, region: 'us-east-1', userPoolId: issuer.userPoolId, userPoolClientId: issuer.clientId, oauthDomain: null, userPoolEndpoint: null },
    });
  });
});
