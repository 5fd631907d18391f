/**
 * The Stripe webhook refuses every forged or tampered delivery: ≥ 2,000 generated ones (wrong
 * secret, altered body bytes, timestamps too old or in the future, missing or garbled headers,
 * a real signature replayed on another body, base64 flag games) each get 400 and touch nothing:
 * no user read or written, no event recorded, Stripe never asked. The deliveries are built
 * from real event bodies made by the stand-in's StripeWorld from Stripe's mock objects
 * (stripe/openapi@f6c2a48f fixtures3.json, ../shared/data/stripe/), signed as Stripe signs them
 * (`stripe.webhooks.generateTestHeaderString`). A control shows the untouched delivery is
 * accepted, so the refusals are the protection's doing.
 */
import type { Context } from 'aws-lambda';
import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentEventLog, PaymentGateway } from '../../shared/payments/payment-ports';
import type { UserRepository } from '../../shared/users/user-ports';
import type { User } from '../../shared/users/user';
import { createStripeWebhookHandler, INVALID_SIGNATURE_MESSAGE, WEBHOOK_ROUTE_KEY } from '../../lambdas/functions/stripe-webhook';
import { sampleEvent } from '../support/sample-event';
import { planOfTestPrice, START_SECONDS, testWorld } from './support/stripe-world';

const SECRET = 'whsec_forgerytest0123456789abcdef';
const NOW = new Date((START_SECONDS + 100) * 1000);
const signer = new Stripe('sk_test_forgery_signer_only').webhooks;
const context = { awsRequestId: 'forgery' } as Context;

/** Real event bodies: one customer's checkout, renewal and cancellation. */
const bodies = (() => {
  const { world, advance } = testWorld('forge');
  const session = world.createSession({
    priceId: 'price_test_monthly',
    clientReferenceId: 'user-victim',
    customerEmail: 'victim@example.com',
    successUrl: 'http://localhost/dashboard?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost/cancel',
    metadata: { plan: 'monthly' },
    subscriptionMetadata: { user_sub: 'user-victim', plan: 'monthly' },
    url: (id) => `http://localhost/checkout/${id}`,
  });
  advance(1);
  const paid = world.pay(String(session['id']), 'victim@example.com');
  const sub = String(((paid[0]!['data'] as { object: { id: string } }).object).id);
  advance(60);
  world.cancelNow(sub);
  return world.events.map((event) => JSON.stringify(event, null, 2));
})();

/** Storage and Stripe that fail the test if the handler touches them. */
const untouchable = () => {
  const touched: string[] = [];
  const trap = <T extends object>(name: string): T =>
    new Proxy({} as T, {
      get: (_target, property) => () => {
        touched.push(`${name}.${String(property)}`);
        return Promise.reject(new Error(`${name}.${String(property)} must not be called`));
      },
    });
  return { touched, users: trap<UserRepository>('users'), gateway: trap<PaymentGateway>('gateway'), events: trap<PaymentEventLog>('events') };
};

const handlerWith = (deps: { users: UserRepository; gateway: PaymentGateway; events: PaymentEventLog }) =>
  createStripeWebhookHandler({ ...deps, planOfPrice: planOfTestPrice, webhookSecret: async () => SECRET, clock: () => NOW, logger: () => undefined });

/** `body` goes into the event as is; `base64` only sets the event's isBase64Encoded flag. */
const deliver = (handler: ReturnType<typeof handlerWith>, body: string, header: string | undefined, base64 = false) => {
  const event = sampleEvent(WEBHOOK_ROUTE_KEY, { body: 'x' });
  const headers: Record<string, string> = { ...event.headers, 'content-type': 'application/json; charset=utf-8' };
  if (header === undefined) delete headers['stripe-signature'];
  else headers['stripe-signature'] = header;
  return handler({ ...event, headers, body, isBase64Encoded: base64 }, context);
};

const sign = (payload: string, timestamp: number, secret = SECRET) => signer.generateTestHeaderString({ payload, secret, timestamp });
const nowSeconds = Math.floor(NOW.getTime() / 1000);

type Forgery = { kind: string; body: string; header: string | undefined; base64?: boolean };

const bodyArb = fc.nat({ max: bodies.length - 1 }).map((i) => bodies[i]!);
const secretArb = fc.stringMatching(/^whsec_[A-Za-z0-9]{8,40}$/).filter((secret) => secret !== SECRET);

const forgeries: fc.Arbitrary<Forgery> = fc.oneof(
  // Signed with another secret.
  fc.record({ body: bodyArb, secret: secretArb, skew: fc.integer({ min: -200, max: 200 }) }).map(({ body, secret, skew }) => ({
    kind: 'wrong secret',
    body,
    header: sign(body, nowSeconds + skew, secret),
  })),
  // Correctly signed, then bytes of the body changed, added or removed.
  fc
    .record({ body: bodyArb, at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }), edit: fc.constantFrom('replace', 'insert', 'delete') })
    .map(({ body, at, byte, edit }) => {
      const bytes = Buffer.from(body, 'utf8');
      const i = at % bytes.length;
      const changed =
        edit === 'insert'
          ? Buffer.concat([bytes.subarray(0, i), Buffer.from([byte]), bytes.subarray(i)])
          : edit === 'delete'
            ? Buffer.concat([bytes.subarray(0, i), bytes.subarray(i + 1)])
            : Buffer.concat([bytes.subarray(0, i), Buffer.from([byte === bytes[i] ? (byte + 1) % 256 : byte]), bytes.subarray(i + 1)]);
      return { kind: `altered body (${edit})`, body: changed.toString('base64'), header: sign(body, nowSeconds), base64: true };
    }),
  // Correctly signed long ago or in the future (beyond the 300 s tolerance).
  fc.record({ body: bodyArb, age: fc.integer({ min: 301, max: 10 * 365 * 86400 }), future: fc.boolean() }).map(({ body, age, future }) => ({
    kind: future ? 'future timestamp' : 'old timestamp',
    body,
    header: sign(body, future ? nowSeconds + age : nowSeconds - age),
  })),
  // No header, an empty one, or garbage.
  fc.record({ body: bodyArb, header: fc.oneof(fc.constant(undefined), fc.constant(''), fc.string(), fc.stringMatching(/^t=\d{1,12},v1=[0-9a-f]{64}$/)) }).map(({ body, header }) => ({
    kind: 'missing or garbled header',
    body,
    header,
  })),
  // A real header with its signatures rearranged into forms that carry no valid v1 signature.
  fc.record({ body: bodyArb, form: fc.constantFrom('v0 only', 'no timestamp', 'two timestamps', 'uppercase hex', 'truncated') }).map(({ body, form }) => {
    const header = sign(body, nowSeconds);
    const [t, v1] = header.split(',') as [string, string];
    const signature = v1.slice(3);
    const forged =
      form === 'v0 only'
        ? `${t},v0=${signature}`
        : form === 'no timestamp'
          ? `v1=${signature}`
          : form === 'two timestamps'
            ? `t=${nowSeconds - 1000},${t},${v1}`
            : form === 'uppercase hex'
              ? `${t},v1=${signature.toUpperCase()}`
              : `${t},v1=${signature.slice(0, 63)}`;
    return { kind: `rearranged header (${form})`, body, header: forged };
  }),
  // A valid signature of one event replayed on another event's body.
  fc
    .record({ a: fc.nat({ max: bodies.length - 1 }), b: fc.nat({ max: bodies.length - 1 }) })
    .filter(({ a, b }) => a !== b)
    .map(({ a, b }) => ({ kind: 'signature replayed on another body', body: bodies[b]!, header: sign(bodies[a]!, nowSeconds) })),
  // The signed text sent as a base64 body without saying so, or said base64 but sent as text.
  fc.record({ body: bodyArb, flag: fc.boolean() }).map(({ body, flag }) => ({
    kind: flag ? 'text flagged base64' : 'base64 sent as text',
    body: flag ? body : Buffer.from(body).toString('base64'),
    header: sign(body, nowSeconds),
    base64: flag,
  })),
);

describe('POST /payments/webhook against forged and tampered deliveries', () => {
  it('accepts the untouched, correctly signed delivery (control)', async () => {
    const body = bodies[0]!;
    let recorded = 0;
    const user: User = {
      user_id: 'user-victim',
      email: 'victim@example.com',
      name: 'Victim',
      groups: [],
      subscription: null,
      version: 0,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    };
    const handler = handlerWith({
      users: {
        get: async () => user,
        saveSubscription: async (_id: string, subscription: User['subscription']) => ({ ...user, subscription, version: 1 }),
      } as unknown as UserRepository,
      gateway: {} as PaymentGateway,
      events: { has: async () => false, record: async () => ((recorded += 1), true) },
    });
    const result = await deliver(handler, body, sign(body, nowSeconds));
    expect(result.statusCode).toBe(200);
    expect(recorded).toBe(1);
    const viaBase64 = await deliver(handler, Buffer.from(body, 'utf8').toString('base64'), sign(body, nowSeconds), true);
    expect(viaBase64.statusCode).toBe(200);
  });

  it('refuses 2,000 generated forgeries with 400, touching no storage and not calling Stripe', async () => {
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(forgeries, async (forgery) => {
        kinds.set(forgery.kind, (kinds.get(forgery.kind) ?? 0) + 1);
        const spy = untouchable();
        const result = await deliver(handlerWith(spy), forgery.body, forgery.header, forgery.base64 ?? false);
        expect(result.statusCode, forgery.kind).toBe(400);
        expect(JSON.parse(result.body)).toEqual({ message: INVALID_SIGNATURE_MESSAGE });
        expect(spy.touched, forgery.kind).toEqual([]);
      }),
      { numRuns: 2000 },
    );
    expect([...kinds.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2000);
    expect(kinds.size).toBeGreaterThanOrEqual(10);
  });
});
