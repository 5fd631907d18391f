/**
 * A local stand-in for Stripe, enough for the real `stripe` SDK (23.1.0) pointed at it with
 * `new Stripe(key, { host, port, protocol: 'http' })`, and for a person in a browser:
 *
 * API (form-encoded requests as the SDK sends them, `Authorization: Bearer <secret key>`,
 * Stripe-shaped JSON bodies built from Stripe's mock objects, see stripe-stand-in-objects.ts;
 * errors as `{ error: { type, code, message } }`):
 * - `POST /v1/checkout/sessions` (subscription mode, one price; honours Idempotency-Key)
 * - `GET  /v1/checkout/sessions/:id` (`expand[]=subscription`)
 * - `POST /v1/billing_portal/sessions`
 * - `GET  /v1/subscriptions/:id`
 *
 * Pages:
 * - `GET /checkout/:id`: the hosted checkout: plan, price, email, a Pay button (the card is
 *   charged: subscription created, first invoice paid, events delivered, then a 303 to the
 *   session's success_url with `{CHECKOUT_SESSION_ID}` filled in) and a Cancel link (the
 *   session expires, 303 to cancel_url).
 * - `GET /portal/:id`: the customer portal: the customer's subscriptions with Cancel at period
 *   end / Keep subscription / Cancel now (delivering customer.subscription.updated or .deleted)
 *   and a link back to the site.
 *
 * Every event is delivered at once, in Stripe's order, to `webhookUrl` as Stripe would: the JSON
 * body signed with `stripe.webhooks.generateTestHeaderString` in a `Stripe-Signature` header;
 * `deliveries` lists what was sent and the answers.
 *
 * `startStripeStandIn(options)` → `Promise<StripeStandIn>`, listening on `options.host` (default
 * 127.0.0.1; the local start gives it HOST, infra/local/listen-address.ts); `stop()` closes it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLANS, formatPlanPrice, type PlanId } from '../../shared/billing/plans';
import { LOOPBACK, localUrl, reachableHost } from './listen-address';
import { loadStripeFixtures } from './stripe-stand-in-objects';
import { StripeWorld, StripeWorldError } from './stripe-stand-in-world';

type Json = Record<string, unknown>;

export const STAND_IN_API_VERSION = '2026-10-28.endive';

export interface StripeStandInOptions {
  sharedDataDir: string;
  /** Price id of each plan (the configured STRIPE_PRICE_*). */
  prices: Record<PlanId, string>;
  /** Where events go, e.g. "http://localhost:3000/api/payments/webhook"; settable later. */
  webhookUrl?: string;
  /** Default: a fresh random sk_test_ / whsec_ pair. */
  secretKey?: string;
  webhookSecret?: string;
  /** Epoch seconds (default the system clock). */
  clock?: () => number;
  port?: number;
  /** The address it listens on (default 127.0.0.1: this machine only). */
  host?: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
}

export interface StripeStandIn {
  /** "http://127.0.0.1:PORT" */
  url: string;
  /** The host the SDK is given to reach it, e.g. "127.0.0.1". */
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  world: StripeWorld;
  deliveries: Delivery[];
  setWebhookUrl(url: string): void;
  /** Settings for lambdas/config.ts readPaymentsConfig that point the SDK here. */
  env(): Record<string, string>;
  stop(): Promise<void>;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `a[b][0][c]=v` form fields → nested objects and arrays, as Stripe reads them. */
export const parseStripeForm = (body: string): Json => {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
    });
  }
  return root;
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error', code?: string): void =>
  sendJson(res, status, { error: { type, message, ...(code === undefined ? {} : { code }) } });

const redirect = (res: ServerResponse, location: string): void => {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
};

const page = (res: ServerResponse, title: string, body: string): void => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a2e}main{border:1px solid #ddd;border-radius:12px;padding:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:0;background:#635bff;color:#fff;cursor:pointer;margin:.25rem 0}button.secondary{background:#eee;color:#1a1a2e}
.note{color:#555;font-size:.9rem}</style></head><body><main>${body}</main><p class="note">Local Stripe stand-in: no real card is charged.</p></body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
};

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export const startStripeStandIn = async (options: StripeStandInOptions): Promise<StripeStandIn> => {
  const secretKey = options.secretKey ?? `sk_test_standin_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_standin${randomBytes(16).toString('hex')}`;
  const clock = options.clock ?? (() => Math.floor(Date.now() / 1000));
  const world = new StripeWorld({
    fixtures: loadStripeFixtures(options.sharedDataDir),
    prices: PLANS.map((plan) => ({ id: options.prices[plan.id], unitAmount: plan.amountCents, interval: plan.interval, nickname: plan.name })),
    clock,
    apiVersion: STAND_IN_API_VERSION,
  });
  const signer = new Stripe(secretKey).webhooks;
  let webhookUrl = options.webhookUrl ?? null;
  const deliveries: Delivery[] = [];
  const idempotent = new Map<string, Json>();
  let baseUrl = '';

  const deliver = async (events: readonly Json[]): Promise<void> => {
    for (const event of events) {
      if (webhookUrl === null) continue;
      const payload = JSON.stringify(event, null, 2);
      const header = signer.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: clock() });
      let status: number;
      try {
        const answer = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
        status = answer.status;
        await answer.arrayBuffer();
      } catch {
        status = 0;
      }
      deliveries.push({ eventId: String(event['id']), type: String(event['type']), status });
    }
  };

  const api = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> => {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      stripeError(res, 401, 'Invalid API Key provided.', 'invalid_request_error', 'api_key_invalid');
      return;
    }
    const form = req.method === 'POST' ? parseStripeForm(await readBody(req)) : {};
    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = str(req.headers['idempotency-key']);
      const replay = key === null ? undefined : idempotent.get(key);
      if (replay) {
        sendJson(res, 200, world.publicSession(String(replay['id'])));
        return;
      }
      const items = form['line_items'] as Record<string, Record<string, unknown>> | undefined;
      const priceId = str(items?.['0']?.['price']);
      const successUrl = str(form['success_url']);
      const cancelUrl = str(form['cancel_url']);
      if (form['mode'] !== 'subscription' || priceId === null || successUrl === null || cancelUrl === null) {
        stripeError(res, 400, 'This stand-in takes subscription-mode sessions with one line item, success_url and cancel_url.', 'invalid_request_error', 'parameter_missing');
        return;
      }
      const subscriptionData = form['subscription_data'] as { metadata?: Record<string, string> } | undefined;
      const session = world.createSession({
        priceId,
        clientReferenceId: str(form['client_reference_id']),
        customerEmail: str(form['customer_email']),
        successUrl,
        cancelUrl,
        metadata: (form['metadata'] as Record<string, string> | undefined) ?? {},
        subscriptionMetadata: subscriptionData?.metadata ?? {},
        url: (id) => `${baseUrl}/checkout/${id}`,
      });
      if (key !== null) idempotent.set(key, session);
      sendJson(res, 200, session);
    } else if (req.method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) {
      const session = world.publicSession(match[1]!);
      const expand = [...query.entries()].filter(([name]) => name.startsWith('expand')).map(([, value]) => value);
      if (expand.includes('subscription') && typeof session['subscription'] === 'string') session['subscription'] = world.subscription(session['subscription']);
      sendJson(res, 200, session);
    } else if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(form['customer']);
      if (customer === null) {
        stripeError(res, 400, 'Missing required param: customer.', 'invalid_request_error', 'parameter_missing');
        return;
      }
      sendJson(res, 200, world.createPortalSession(customer, str(form['return_url']), (id) => `${baseUrl}/portal/${id}`));
    } else if (req.method === 'GET' && (match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path))) {
      sendJson(res, 200, world.subscription(match[1]!));
    } else {
      stripeError(res, 404, `Unrecognized request URL (${req.method} ${path}).`);
    }
  };

  const checkoutPage = (res: ServerResponse, id: string): void => {
    const session = world.publicSession(id);
    const price = world.sessionPrice(id);
    if (session['status'] !== 'open') {
      page(res, 'Checkout closed', `<h1>This checkout is closed</h1><p>It was ${escapeHtml(String(session['status']))}.</p>`);
      return;
    }
    const email = String(session['customer_email'] ?? '');
    page(
      res,
      `Pay Latent Jobs: ${price.nickname}`,
      `<h1>Latent Jobs</h1><p>Subscribe to the <strong>${escapeHtml(price.nickname)}</strong> plan</p>
<p><strong>${escapeHtml(formatPlanPrice({ amountCents: price.unitAmount, currency: 'usd' }))}</strong> per ${escapeHtml(price.interval)}</p>
<form method="post" action="/checkout/${escapeHtml(id)}/pay"><label>Email <input name="email" type="email" required value="${escapeHtml(email)}" readonly></label>
<p class="note">Card: 4242 4242 4242 4242 (the stand-in charges nothing)</p><button type="submit">Pay</button></form>
<p><a href="/checkout/${escapeHtml(id)}/cancel">Cancel</a></p>`,
    );
  };

  const portalPage = (res: ServerResponse, id: string): void => {
    const portal = world.portalSession(id);
    const subscriptions = world.subscriptionsOf(String(portal['customer']));
    const rows = subscriptions
      .map((sub) => {
        const item = ((sub['items'] as Json)['data'] as Json[])[0]!;
        const price = item['price'] as Json;
        const end = new Date(Number(item['current_period_end']) * 1000).toISOString().slice(0, 10);
        const live = sub['status'] !== 'canceled' && sub['status'] !== 'incomplete_expired';
        const action = (mode: string, label: string, secondary = false) =>
          `<form method="post" action="/portal/${escapeHtml(id)}/subscription"><input type="hidden" name="subscription" value="${escapeHtml(String(sub['id']))}"><input type="hidden" name="mode" value="${mode}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
        const actions = !live
          ? ''
          : sub['cancel_at_period_end'] === true
            ? action('keep', 'Keep subscription', true) + action('now', 'Cancel now')
            : action('period_end', 'Cancel subscription') + action('now', 'Cancel now', true);
        const state = sub['cancel_at_period_end'] === true && live ? `ends on ${end}` : live ? `renews on ${end}` : String(sub['status']);
        return `<section><h2>${escapeHtml(String(price['nickname']))}</h2><p>Status: <strong>${escapeHtml(String(sub['status']))}</strong>, ${escapeHtml(state)}</p>${actions}</section>`;
      })
      .join('');
    const back = str(portal['return_url']);
    page(res, 'Manage your Latent Jobs subscription', `<h1>Your subscription</h1>${rows || '<p>No subscriptions.</p>'}${back ? `<p><a href="${escapeHtml(back)}">Return to Latent Jobs</a></p>` : ''}`);
  };

  const pages = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    let match: RegExpExecArray | null;
    if (req.method === 'GET' && (match = /^\/checkout\/([\w-]+)$/.exec(path))) {
      checkoutPage(res, match[1]!);
    } else if (req.method === 'POST' && (match = /^\/checkout\/([\w-]+)\/pay$/.exec(path))) {
      const id = match[1]!;
      const form = parseStripeForm(await readBody(req));
      const session = world.publicSession(id);
      const email = str(form['email']) ?? str(session['customer_email']) ?? 'customer@example.com';
      await deliver(world.pay(id, email));
      redirect(res, String(session['success_url']).replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)));
    } else if (req.method === 'GET' && (match = /^\/checkout\/([\w-]+)\/cancel$/.exec(path))) {
      const session = world.publicSession(match[1]!);
      await deliver(world.expireSession(match[1]!));
      redirect(res, String(session['cancel_url']));
    } else if (req.method === 'GET' && (match = /^\/portal\/([\w-]+)$/.exec(path))) {
      portalPage(res, match[1]!);
    } else if (req.method === 'POST' && (match = /^\/portal\/([\w-]+)\/subscription$/.exec(path))) {
      const id = match[1]!;
      const portal = world.portalSession(id);
      const form = parseStripeForm(await readBody(req));
      const subscriptionId = str(form['subscription']) ?? '';
      const owned = world.subscriptionsOf(String(portal['customer'])).some((sub) => sub['id'] === subscriptionId);
      if (!owned) throw new StripeWorldError('No such subscription for this customer', 404);
      const mode = form['mode'];
      const events =
        mode === 'now'
          ? world.cancelNow(subscriptionId)
          : mode === 'keep'
            ? world.setCancelAtPeriodEnd(subscriptionId, false)
            : world.setCancelAtPeriodEnd(subscriptionId, true);
      await deliver(events);
      redirect(res, `/portal/${id}`);
    } else {
      return false;
    }
    return true;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const handle = url.pathname.startsWith('/v1/') ? api(req, res, url.pathname, url.searchParams) : pages(req, res, url.pathname).then((served) => {
      if (!served) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not Found');
      }
    });
    handle.catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof StripeWorldError) stripeError(res, error.status, error.message, error.type, error.code);
      else stripeError(res, 500, 'Stand-in failure', 'api_error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? LOOPBACK, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = localUrl(options.host ?? LOOPBACK, port);
  const host = reachableHost(options.host ?? LOOPBACK);

  return {
    url: baseUrl,
    host,
    port,
    secretKey,
    webhookSecret,
    world,
    deliveries,
    setWebhookUrl: (url) => (webhookUrl = url),
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: host,
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_PRICE_WEEKLY: options.prices.weekly,
      STRIPE_PRICE_MONTHLY: options.prices.monthly,
      STRIPE_PRICE_YEARLY: options.prices.yearly,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
