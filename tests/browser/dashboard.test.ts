/**
 * The AWS sign-in path end to end in headless Chromium: the local product configured with a
 * "real" user pool whose hosted sign-in lives at https://auth.latentjobs.test. Playwright answers
 * that domain's /oauth2/authorize (straight back with a code, as after Google), /oauth2/token
 * (tokens a local issuer signs with jose, tests/auth/test-issuer.ts) and /logout; the local
 * product verifies those tokens with the same JWT verifier the API uses. Then the dashboard as a
 * subscriber meets it: Pay Now and Manage subscription follow the URLs the payments routes return,
 * the return from Checkout (?session_id=) shows the fresh account, a failed save shows
 * 'Failed to submit the data' and the alert, and Sign Out goes through the hosted logout to /.
 * The payments routes are answered by Playwright here (their own tests belong to payments).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { UserView } from '../../shared/users/user-view';
import { startTestIssuer, type TestIssuer } from '../auth/test-issuer';
import { visit } from '../support/browser';
import { useBrowserSite } from '../support/browser-site';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestProduct } from '../support/product';

const DOMAIN = 'auth.latentjobs.test';
const GRACE = { sub: 'google_1234567890', email: 'grace@example.com', name: 'Grace Brewster Hopper' };

let own: IsolatedCatalog;
let issuer: TestIssuer;
const hosted = { authorize: [] as URL[], token: [] as URLSearchParams[], logout: [] as URL[] };

const cors = { 'access-control-allow-origin': '*', 'content-type': 'application/json' };

/** The product with its own users table and the test issuer as its "real" user pool. */
async function startWithUserPool() {
  [own, issuer] = await Promise.all([isolatedCatalog(), startTestIssuer()]);
  return startTestProduct({
    USERS_TABLE: own.config.dynamodb.tables.users,
    COGNITO_USER_POOL_ID: issuer.userPoolId,
    COGNITO_CLIENT_ID: issuer.clientId,
    COGNITO_ISSUER: issuer.issuer,
    COGNITO_JWKS_URL: issuer.jwksUrl,
    COGNITO_DOMAIN: DOMAIN,
  });
}

const site = useBrowserSite({ start: startWithUserPool, context: { viewport: { width: 1280, height: 900 } } });

// The hosted sign-in's routes on the file's context (after the site's beforeAll opened it).
beforeAll(async () => {
  const { context } = site;
  await context.route(`https://${DOMAIN}/oauth2/authorize**`, async (route: Route) => {
    const url = new URL(route.request().url());
    hosted.authorize.push(url);
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', 'code-from-google');
    back.searchParams.set('state', url.searchParams.get('state')!);
    await route.fulfill({ status: 302, headers: { location: back.href } });
  });
  await context.route(`https://${DOMAIN}/oauth2/token`, async (route: Route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    hosted.token.push(form);
    if (form.get('code') !== 'code-from-google' || !form.get('code_verifier')) {
      await route.fulfill({ status: 400, headers: cors, body: JSON.stringify({ error: 'invalid_grant' }) });
      return;
    }
    const body = {
      id_token: await issuer.mint(GRACE),
      access_token: await issuer.mint({ sub: GRACE.sub, username: GRACE.sub, scope: 'openid email profile' }, { tokenUse: 'access' }),
      refresh_token: 'opaque-refresh-token',
      expires_in: 3600,
      token_type: 'Bearer',
    };
    await route.fulfill({ status: 200, headers: cors, body: JSON.stringify(body) });
  });
  await context.route(`https://${DOMAIN}/logout**`, async (route: Route) => {
    const url = new URL(route.request().url());
    hosted.logout.push(url);
    await route.fulfill({ status: 302, headers: { location: url.searchParams.get('logout_uri')! } });
  });
  // Nothing may reach AWS itself.
  await context.route('https://*.amazonaws.com/**', (route: Route) => route.abort());
});

afterAll(async () => {
  await issuer?.stop();
  await own?.drop();
});

const open = (path: string): Promise<Page> => site.open(path);
const groupBoxes = (page: Page) => page.getByRole('group', { name: 'Groups' }).getByRole('checkbox');

const paidView = (groups: string[]): UserView => ({
  email: GRACE.email,
  name: GRACE.name,
  groups,
  version: 1,
  subscription: { status: 'active', plan: 'yearly', current_period_end: '2099-03-01T00:00:00.000Z', cancel_at_period_end: true },
  paid_active: true,
});

describe('sign-in with Google through the hosted sign-in', () => {
  it('goes to the hosted sign-in for Google, comes back with a code, exchanges it with PKCE and lands on the dashboard', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Hi, Grace Brewster Hopper' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    const [authorize] = hosted.authorize;
    expect(authorize?.searchParams.get('identity_provider')).toBe('Google');
    expect(authorize?.searchParams.get('client_id')).toBe(issuer.clientId);
    expect(authorize?.searchParams.get('response_type')).toBe('code');
    expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize?.searchParams.get('redirect_uri')).toBe(site.url('/dashboard'));
    expect(hosted.token[0]?.get('grant_type')).toBe('authorization_code');

    // The local product verified the issuer-signed ID token and created the account from its claims.
    expect(await own.storage.users.get(GRACE.sub)).toMatchObject({ email: GRACE.email, name: GRACE.name });
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Your dashboard (${GRACE.name})` }).textContent()).toBe('GH');
    expect(await groupBoxes(page).first().isDisabled()).toBe(true);
    // A token from any other key is refused by the same verifier.
    const forged = await issuer.mint(GRACE, { foreignKey: true });
    expect((await page.request.post(site.url('/api/users'), { headers: { authorization: `Bearer ${forged}` } })).status()).toBe(401);
    await page.close();
  });

  it('Pay Now and Manage subscription follow the URLs the payments routes return, with the ID token', async () => {
    const page = await site.context.newPage();
    const seen: { path: string; body: unknown; authorization: string | undefined }[] = [];
    await page.route('**/api/payments/*', async (route: Route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      seen.push({ path, body: request.postDataJSON(), authorization: request.headers().authorization });
      const target = path.endsWith('/checkout') ? '/cancel' : '/success';
      await route.fulfill({ status: 200, headers: cors, body: JSON.stringify({ url: site.url(target) }) });
    });
    await visit(page, site.url('/dashboard'));
    await page.getByRole('button', { name: 'Pay Now: Weekly plan, $2 a week' }).click();
    await page.waitForURL((url) => url.pathname === '/cancel');
    expect(seen[0]).toMatchObject({ path: '/api/payments/checkout', body: { plan: 'weekly' } });
    expect(seen[0]?.authorization).toMatch(/^Bearer eyJ/);

    // Back from Checkout: the confirm route's fresh account shows at once, and the URL drops the session id.
    await page.unroute('**/api/payments/*');
    await page.route('**/api/payments/confirm', async (route: Route) => {
      seen.push({ path: '/api/payments/confirm', body: route.request().postDataJSON(), authorization: route.request().headers().authorization });
      await route.fulfill({ status: 200, headers: cors, body: JSON.stringify(paidView(['Research'])) });
    });
    await page.route('**/api/payments/portal', (route: Route) =>
      route.fulfill({ status: 200, headers: cors, body: JSON.stringify({ url: site.url('/success') }) }),
    );
    await visit(page, site.url('/dashboard?session_id=cs_test_123'));
    await page.getByText('Yearly plan, ends on March 1, 2099').waitFor();
    expect(seen.at(-1)).toMatchObject({ path: '/api/payments/confirm', body: { session_id: 'cs_test_123' } });
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
    expect(await page.getByRole('checkbox', { name: 'Research' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Research' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/success');
    await page.close();
  });

  it("shows 'Failed to submit the data' and the alert when saving the groups fails", async () => {
    const page = await site.context.newPage();
    await page.route('**/api/users', (route: Route) => route.fulfill({ status: 200, headers: cors, body: JSON.stringify(paidView([])) }));
    await page.route('**/api/users/subscribe', (route: Route) => route.fulfill({ status: 500, headers: cors, body: JSON.stringify({ message: 'Internal server error' }) }));
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await visit(page, site.url('/dashboard'));
    await page.getByRole('checkbox', { name: 'Engineering' }).check();
    await page.getByRole('button', { name: 'Subscribe to Alerts' }).click();
    await page.getByText('Failed to submit the data').waitFor();
    expect(dialogs).toEqual(['Something went wrong. Please try again later.']);
    expect(await page.getByText('Successfully Updated').count()).toBe(0);
    await page.close();
  });

  it('shows a subscriber their plan and Manage subscription, never Pay Now; without a plan, no word of cancelling', async () => {
    const page = await site.context.newPage();
    let view = paidView(['Research']);
    await page.route('**/api/users', (route: Route) => route.fulfill({ status: 200, headers: cors, body: JSON.stringify(view) }));
    await visit(page, site.url('/dashboard'));
    await page.getByText('Yearly plan, ends on March 1, 2099').waitFor();
    expect(await page.getByRole('button', { name: /^Pay Now/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manage subscription' }).isVisible()).toBe(true);

    view = { ...paidView([]), subscription: { status: 'none', plan: null, current_period_end: null, cancel_at_period_end: false }, paid_active: false };
    await page.reload();
    await page.getByText('No active plan').waitFor();
    expect(await page.getByRole('button', { name: /^Pay Now/ }).count()).toBe(3);
    expect(await page.getByRole('region', { name: 'Your plan' }).textContent()).not.toMatch(/cancel/i);
    await page.close();
  });

  it('answers every failure with words and a way on: already subscribed, offline, signed out, server down', async () => {
    const page = await site.context.newPage();
    const unpaid: UserView = { ...paidView([]), subscription: { status: 'none', plan: null, current_period_end: null, cancel_at_period_end: false }, paid_active: false };
    let view = unpaid;
    await page.route('**/api/users', (route: Route) => route.fulfill({ status: 200, headers: cors, body: JSON.stringify(view) }));
    // Paid in another tab: Stripe knows, this page does not yet.
    await page.route('**/api/payments/checkout', (route: Route) => {
      view = paidView([]);
      return route.fulfill({ status: 409, headers: cors, body: JSON.stringify({ message: 'You already have an active subscription' }) });
    });
    await visit(page, site.url('/dashboard'));
    await page.getByRole('button', { name: 'Pay Now: Monthly plan, $7 a month' }).click();
    await page.getByRole('alert').filter({ hasText: 'You already have a paid plan' }).waitFor();
    await page.getByText('Yearly plan, ends on March 1, 2099').waitFor();
    expect(await page.getByRole('button', { name: /^Pay Now/ }).count()).toBe(0);

    let portalCalls = 0;
    await page.route('**/api/payments/portal', (route: Route) => {
      portalCalls += 1;
      return portalCalls === 1 ? route.abort('internetdisconnected') : route.fulfill({ status: 503, headers: cors, body: JSON.stringify({ message: 'Service unavailable' }) });
    });
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    const offline = page.getByRole('alert').filter({ hasText: "We could not open Manage subscription. Can't reach Latent Jobs" });
    await offline.waitFor();
    await offline.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('alert').filter({ hasText: 'Something failed on our side' }).waitFor();
    expect(portalCalls).toBe(2);

    await page.unroute('**/api/payments/portal');
    await page.route('**/api/payments/portal', (route: Route) => route.fulfill({ status: 401, headers: cors, body: JSON.stringify({ message: 'Unauthorized' }) }));
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    const expired = page.getByRole('alert').filter({ hasText: 'sign in again' });
    await expired.waitFor();
    expect(await expired.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
    await page.close();
  });

  it('signs out through the hosted logout back to / with the stored session cleared', async () => {
    const page = await open('/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.origin === new URL(site.product.url).origin && url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    expect(hosted.logout[0]?.searchParams.get('logout_uri')).toBe(site.url('/'));
    const stored = await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.') && /Token$/.test(key)));
    expect(stored).toEqual([]);
    await page.close();
  });
});
