/**
 * The local sign-in in headless Chromium, against the local product with cognito-local as the
 * user pool (infra/local/cognito-local.ts): Login → name and email → aws-amplify signs in against
 * cognito-local → /dashboard, the profile circle, groups disabled until the plan is paid, the
 * session restored on reload, groups saved once paid, sign-out, and signed-out visitors sent to
 * sign in. The users table is this file's own; the catalog is the run's shared one (read only).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Subscription } from '../../shared/users/user';
import { useBrowserSite } from '../support/browser-site';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestProduct } from '../support/product';

let own: IsolatedCatalog;

// One context for the file: the signed-in session carries from test to test, as in one browser.
const site = useBrowserSite({
  start: async () => {
    own = await isolatedCatalog();
    return startTestProduct({ USERS_TABLE: own.config.dynamodb.tables.users }, { signIn: true });
  },
  context: { viewport: { width: 1280, height: 900 } },
});

afterAll(() => own?.drop());

const open = (path: string): Promise<Page> => site.open(path);
const groupBoxes = (page: Page) => page.getByRole('group', { name: 'Groups' }).getByRole('checkbox');
const storedIdToken = (page: Page) =>
  page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken'))?.[1] ?? null);

describe('local sign-in with cognito-local', () => {
  it('sends a signed-out visitor from /dashboard to sign in', async () => {
    const page = await open('/dashboard');
    await page.getByRole('heading', { name: 'Sign in to Latent Jobs' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('signs in with a name and email, creating the account, and shows the dashboard with groups disabled until paid', async () => {
    const page = await open('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Name').fill('Ada King Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Hi, Ada King Lovelace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText('ada@example.com', { exact: true }).waitFor();
    const profile = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your dashboard (Ada King Lovelace)' });
    expect(await profile.textContent()).toBe('AL');

    await expect.poll(() => groupBoxes(page).count()).toBe(14);
    const boxes = await groupBoxes(page).all();
    for (const box of boxes) expect(await box.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to Alerts' }).isDisabled()).toBe(true);
    await page.getByText('No active plan').waitFor();
    expect(await page.getByRole('button', { name: /^Pay Now/ }).count()).toBe(3);
    await page.getByRole('heading', { name: 'Stay Informed with Daily Updates' }).waitFor();

    // The token the page holds is cognito-local's ID token, with the name cognito-local's trigger adds.
    const token = (await storedIdToken(page))!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, string>;
    expect(claims).toMatchObject({ token_use: 'id', email: 'ada@example.com', name: 'Ada King Lovelace', aud: site.product.config.auth!.clientId, iss: site.product.config.auth!.issuer });
    expect(await own.storage.users.get(claims.sub!)).toMatchObject({ email: 'ada@example.com', name: 'Ada King Lovelace', groups: [], subscription: null });
    await page.close();
  });

  it('restores the session on load, unlocks the groups once paid, saves them and keeps them across reloads', async () => {
    const page = await open('/');
    // The stored session is restored without visiting /login: the profile circle appears.
    await page.getByRole('link', { name: 'Your dashboard (Ada King Lovelace)' }).click();
    await page.getByRole('heading', { name: 'Hi, Ada King Lovelace' }).waitFor();

    const sub = (JSON.parse(Buffer.from((await storedIdToken(page))!.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
    const user = (await own.storage.users.get(sub))!;
    const subscription: Subscription = {
      status: 'active',
      plan: 'monthly',
      current_period_end: '2099-01-15T00:00:00.000Z',
      cancel_at_period_end: false,
      stripe_customer_id: 'cus_local_test',
      stripe_subscription_id: 'sub_local_test',
      updated_at: new Date().toISOString(),
    };
    await own.storage.users.saveSubscription(sub, subscription, user.version, new Date().toISOString());

    await page.reload();
    await page.getByText('Monthly plan, renews on January 15, 2099').waitFor();
    await expect.poll(() => groupBoxes(page).first().isDisabled()).toBe(false);
    await page.getByRole('checkbox', { name: 'Engineering' }).check();
    await page.getByRole('checkbox', { name: 'ML' }).check();
    await page.getByRole('button', { name: 'Subscribe to Alerts' }).click();
    await page.getByText('Successfully Updated').waitFor();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByText('Successfully Updated').count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Engineering' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'ML' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Research' }).isChecked()).toBe(false);
    expect((await own.storage.users.get(sub))?.groups).toEqual(['Engineering', 'ML']);
    await page.close();
  });

  it('signs out: the stored session is gone, the site is back at / with Login', async () => {
    const page = await open('/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    expect(await storedIdToken(page)).toBeNull();
    expect((await page.request.get(site.url('/api/users/me'))).status()).toBe(401);
    await page.close();
  });
});
