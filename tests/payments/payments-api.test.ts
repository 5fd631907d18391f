/**
 * Payments as a browser and an attacker meet them: the local stand-in for API Gateway
 * (infra/local/http-adapter) with its JWT authorizer in front of the real users, payments and
 * webhook functions on DynamoDB Local, and the real `stripe` SDK talking to the local Stripe
 * stand-in (infra/local/stripe-stand-in.ts), which shows the hosted checkout and portal pages and
 * delivers signed webhook events back through the adapter. Tokens come from a local issuer
 * (tests/auth/test-issuer.ts).
 *
 * Every payment route is tried signed out (401), by another user (404) and by the owner; the
 * original's POST /users/pay/subscribe is gone (404); no route or body field lets the client set
 * payment state.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAdapter, type V2Handler } from '../../infra/local/http-adapter';
import { startStripeStandIn, type StripeStandIn } from '../../infra/local/stripe-stand-in';
import { createJwtAuthorizer } from '../../lambdas/auth/jwt-authorizer';
import { readPaymentsConfig } from '../../lambdas/config';
import { createPaymentsFunction } from '../../lambdas/functions/payments';
import { createStripeWebhookFunction } from '../../lambdas/functions/stripe-webhook';
import { createUsersHandler } from '../../lambdas/functions/users';
import { createJobIndex } from '../../shared/search/job-index';
import { ROUTES, type FunctionName } from '../../lambdas/http/routes';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestIssuer, type TestIssuer } from '../auth/test-issuer';

let own: IsolatedCatalog;
let issuer: TestIssuer;
let stripe: StripeStandIn;
let server: Server;
let site: string;
let api: string;

beforeAll(async () => {
  [own, issuer] = await Promise.all([isolatedCatalog(), startTestIssuer()]);
  stripe = await startStripeStandIn({
    sharedDataDir: own.config.sharedDataDir,
    prices: { weekly: 'price_local_weekly', monthly: 'price_local_monthly', yearly: 'price_local_yearly' },
  });
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = `${site}/api`;
  const payments = readPaymentsConfig({}, { ...stripe.env(), SITE_URL: site });
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
  const quiet = { ...own.config, logLevel: 'error' as const };
  const functions = Object.fromEntries(ROUTES.map((route) => [route.fn, async () => ({})])) as unknown as Record<FunctionName, V2Handler>;
  server.on(
    'request',
    createHttpAdapter({
      staticDir: '/nonexistent',
      logger: () => undefined,
      authorize: createJwtAuthorizer({ issuer: issuer.issuer, clientId: issuer.clientId, jwksUrl: issuer.jwksUrl }),
      functions: {
        ...functions,
        users,
        payments: createPaymentsFunction(quiet, own.storage, payments),
        webhook: createStripeWebhookFunction(quiet, own.storage, payments),
      },
    }),
  );
  stripe.setWebhookUrl(`${api}/payments/webhook`);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await stripe?.stop();
  await issuer?.stop();
  await own?.drop();
});

type Reply = { status: number; body: Record<string, unknown> };

const call = async (path: string, options: { token?: string; body?: unknown; method?: 'GET' | 'POST' } = {}): Promise<Reply> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${api}${path}`, { method: options.method ?? 'POST', headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const person = (id: string) => ({ sub: `sub-${id}`, email: `${id}@example.com`, name: `Person ${id}` });
const signUp = async (id: string): Promise<string> => {
  const token = await issuer.mint(person(id));
  expect((await call('/users', { token })).status).toBe(200);
  return token;
};

/** Opens the hosted checkout page and presses Pay; returns where Stripe sends the browser back. */
const pay = async (checkoutUrl: string): Promise<URL> => {
  const pageHtml = await (await fetch(checkoutUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(pageHtml)?.[1];
  expect(action).toBeDefined();
  const answer = await fetch(new URL(action!, checkoutUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
};

const PAYMENT_ROUTES = ['/payments/checkout', '/payments/confirm', '/payments/portal'] as const;

describe('payment routes and a signed-out caller', () => {
  it('answer 401 without a token, with an access token and with a forged one', async () => {
    const access = await issuer.mint({ sub: 'sub-x', username: 'x' }, { tokenUse: 'access' });
    const forged = await issuer.mint(person('forged'), { foreignKey: true });
    for (const path of PAYMENT_ROUTES) {
      for (const token of [undefined, access, forged]) {
        expect(await call(path, { token, body: { plan: 'monthly', session_id: 'cs_test_x' } }), path).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      }
    }
  });

  it('no longer has the original POST /users/pay/subscribe, signed in or not', async () => {
    const token = await signUp('legacy');
    expect(await call('/users/pay/subscribe', { token, body: { plan: 'monthly', status: 'active' } })).toEqual({ status: 404, body: { message: 'Not Found' } });
    expect((await call('/users/pay/subscribe', { body: {} })).status).toBe(404);
    expect((await call('/users/me', { token, method: 'GET' })).body).toMatchObject({ subscription: { status: 'none' }, paid_active: false });
  });
});

describe('buying, confirming, managing and cancelling a plan', () => {
  let owner: string;
  let other: string;
  let sessionId: string;

  beforeAll(async () => {
    [owner, other] = await Promise.all([signUp('owner'), signUp('other')]);
  });

  it('checkout answers the hosted page URL of a session made on the server for the caller', async () => {
    const { status, body } = await call('/payments/checkout', { token: owner, body: { plan: 'monthly' } });
    expect(status).toBe(200);
    const url = String(body.url);
    expect(url.startsWith(`${stripe.url}/checkout/cs_test_`)).toBe(true);
    sessionId = url.split('/').pop()!;
    const session = stripe.world.publicSession(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: 'sub-owner',
      customer_email: 'owner@example.com',
      success_url: `${site}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/cancel`,
      amount_total: 700,
      payment_status: 'unpaid',
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain('Monthly');
    expect(page).toContain('$7');
    // A double click within the minute reuses the session (idempotency key).
    expect((await call('/payments/checkout', { token: owner, body: { plan: 'monthly' } })).body.url).toBe(url);
  });

  it('an unpaid session cannot be confirmed (409), not even by its owner', async () => {
    expect(await call('/payments/confirm', { token: owner, body: { session_id: sessionId } })).toMatchObject({ status: 409 });
    expect((await call('/users/me', { token: owner, method: 'GET' })).body).toMatchObject({ paid_active: false });
  });

  it('paying returns to the dashboard and the signed webhooks unlock the account', async () => {
    const back = await pay(`${stripe.url}/checkout/${sessionId}`);
    expect(`${back.origin}${back.pathname}`).toBe(`${site}/dashboard`);
    expect(back.searchParams.get('session_id')).toBe(sessionId);
    expect(stripe.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['customer.subscription.updated', 200],
      ['checkout.session.completed', 200],
    ]);
    const me = await call('/users/me', { token: owner, method: 'GET' });
    expect(me.body).toMatchObject({ subscription: { status: 'active', plan: 'monthly', cancel_at_period_end: false }, paid_active: true });
    expect(me.body).not.toHaveProperty('subscription.stripe_customer_id');
  });

  it('confirm answers the fresh user for the owner, 404 for anyone else, 400 for extra fields', async () => {
    const confirmed = await call('/payments/confirm', { token: owner, body: { session_id: sessionId } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: 'owner@example.com', subscription: { status: 'active', plan: 'monthly' }, paid_active: true });
    expect(await call('/payments/confirm', { token: other, body: { session_id: sessionId } })).toEqual({ status: 404, body: { message: 'No such checkout session' } });
    expect((await call('/payments/confirm', { token: other, body: { session_id: 'cs_test_doesnotexist' } })).status).toBe(404);
    expect((await call('/users/me', { token: other, method: 'GET' })).body).toMatchObject({ subscription: { status: 'none' }, paid_active: false });
    const extra = await call('/payments/confirm', { token: other, body: { session_id: sessionId, status: 'active' } });
    expect(extra.status).toBe(400);
    expect(String(extra.body.message)).toContain('status');
  });

  it('a paid subscriber cannot open a second checkout (409)', async () => {
    expect((await call('/payments/checkout', { token: owner, body: { plan: 'yearly' } })).status).toBe(409);
  });

  it('a replayed event changes nothing', async () => {
    const before = (await own.storage.users.get('sub-owner'))!;
    const event = stripe.world.events.find((candidate) => candidate['type'] === 'customer.subscription.created')!;
    const payload = JSON.stringify(event, null, 2);
    const header = new Stripe(stripe.secretKey).webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    const answer = await fetch(`${api}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: 'unchanged' });
    expect(await own.storage.users.get('sub-owner')).toEqual(before);
  });

  it('the portal is the owner\'s only; cancelling there ends the paid access', async () => {
    expect(await call('/payments/portal', { token: other })).toEqual({ status: 404, body: { message: 'No subscription to manage yet' } });
    const portal = await call('/payments/portal', { token: owner, body: {} });
    expect(portal.status).toBe(200);
    const url = String(portal.body.url);
    expect(url.startsWith(`${stripe.url}/portal/`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Status: <strong>active</strong>');
    expect(page).toContain(`href="${site}/dashboard"`);

    const form = (mode: string) => {
      const subscription = /name="subscription" value="([^"]+)"/.exec(page)![1]!;
      return fetch(`${url}/subscription`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `subscription=${subscription}&mode=${mode}` });
    };
    expect((await form('period_end')).status).toBe(303);
    expect((await call('/users/me', { token: owner, method: 'GET' })).body).toMatchObject({ subscription: { status: 'active', cancel_at_period_end: true }, paid_active: true });
    expect((await form('now')).status).toBe(303);
    expect(stripe.deliveries.slice(-2).map((delivery) => [delivery.type, delivery.status])).toEqual([
      ['customer.subscription.updated', 200],
      ['customer.subscription.deleted', 200],
    ]);
    expect((await call('/users/me', { token: owner, method: 'GET' })).body).toMatchObject({ subscription: { status: 'canceled' }, paid_active: false });
  });
});

describe('the client cannot set payment state', () => {
  it('through POST /users, POST /users/subscribe, or extra fields on the payment routes', async () => {
    const token = await issuer.mint(person('mallory'));
    const forged = { status: 'active', plan: 'yearly', current_period_end: '2099-01-01T00:00:00.000Z', stripe_customer_id: 'cus_victim', paid_active: true };
    expect((await call('/users', { token, body: { subscription: forged, ...forged, version: 99 } })).status).toBe(200);
    expect([400, 403]).toContain((await call('/users/subscribe', { token, body: { groups: ['Engineering'], subscription: forged, status: 'active', version: 0 } })).status);
    expect((await call('/users/subscribe', { token, body: { groups: ['Engineering'], version: 0 } })).status).toBe(403);
    expect((await call('/payments/checkout', { token, body: { plan: 'monthly', status: 'active' } })).status).toBe(400);
    expect((await call('/payments/checkout', { token, body: { plan: 'lifetime' } })).status).toBe(400);
    expect((await call('/payments/portal', { token, body: { customer: 'cus_victim' } })).status).toBe(400);
    expect((await call('/payments/confirm', { token, body: { session_id: 'cs_test_x', paid: true } })).status).toBe(400);
    const me = await call('/users/me', { token, method: 'GET' });
    expect(me.body).toMatchObject({ groups: [], subscription: { status: 'none', plan: null }, paid_active: false });
    expect((await own.storage.users.get('sub-mallory'))?.subscription).toBeNull();
  });
});
