/**
 * A correctly signed Stripe event that names no user we could store (an empty user id, one
 * kilobytes long, or a user we do not have) is recorded, logged and answered 200 on real
 * DynamoDB Local: a 5xx would make Stripe deliver it again for days (issue 14.3). The events
 * are real StripeWorld events (Stripe's mock objects, stripe/openapi@f6c2a48f fixtures3.json
 * via ../shared/data/stripe/) with the user fields set as an attacker or a broken client would;
 * Stripe's read-back of the subscription is the world's own object.
 */
import type { Context } from 'aws-lambda';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../shared/payments/payment-ports';
import { StripeSubscriptionSchema } from '../../shared/billing/stripe-events';
import { createStripeWebhookHandler, WEBHOOK_ROUTE_KEY } from '../../lambdas/functions/stripe-webhook';
import { sampleEvent } from '../support/sample-event';
import type { LogLevel } from '../../lambdas/observability/log';
import { DynamoPaymentEventLog } from '../../lambdas/storage/payment-events';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { planOfTestPrice, START_SECONDS, testWorld } from './support/stripe-world';

const SECRET = 'whsec_unknownusertest0123456789';
const signer = new Stripe('sk_test_unknown_user_signer_only').webhooks;
const context = { awsRequestId: 'unknown-user' } as Context;

let catalog: IsolatedCatalog;
beforeAll(async () => {
  catalog = await isolatedCatalog();
});
afterAll(async () => {
  await catalog?.drop();
});

/** The events of one paid checkout whose user fields are `userId`. */
const eventsFor = (userId: string, prefix: string) => {
  const { world, advance } = testWorld(prefix);
  const session = world.createSession({
    priceId: 'price_test_monthly',
    clientReferenceId: userId,
    customerEmail: 'someone@example.com',
    successUrl: 'http://localhost/dashboard?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost/cancel',
    metadata: { plan: 'monthly' },
    subscriptionMetadata: { user_sub: userId, plan: 'monthly' },
    url: (id) => `http://localhost/checkout/${id}`,
  });
  advance(1);
  world.pay(String(session['id']), 'someone@example.com');
  const gateway = {
    retrieveSubscription: async (id: string) => StripeSubscriptionSchema.parse(world.subscription(id)),
  } as unknown as PaymentGateway;
  return { events: world.events.map((event) => JSON.stringify(event)), gateway };
};

const deliverAll = async (userId: string, prefix: string) => {
  const { events: bodies, gateway } = eventsFor(userId, prefix);
  const log: { level: LogLevel; message: string; fields?: Record<string, unknown> }[] = [];
  const events = new DynamoPaymentEventLog(catalog.storage.clients.doc, catalog.config.dynamodb.tables.stripe_events);
  const handler = createStripeWebhookHandler({
    users: catalog.storage.users,
    gateway,
    events,
    planOfPrice: planOfTestPrice,
    webhookSecret: async () => SECRET,
    clock: () => new Date((START_SECONDS + 100) * 1000),
    logger: (level, message, fields) => void log.push({ level, message, fields }),
  });
  const answers = [];
  for (const body of bodies) {
    const event = sampleEvent(WEBHOOK_ROUTE_KEY, { body: 'x' });
    const header = signer.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: START_SECONDS + 100 });
    const result = await handler({ ...event, headers: { ...event.headers, 'stripe-signature': header }, body, isBase64Encoded: false }, context);
    answers.push({ id: (JSON.parse(body) as { id: string }).id, status: result.statusCode, body: JSON.parse(result.body) as { outcome?: string } });
  }
  return { answers, log, events };
};

describe('a signed event for a user we cannot have', () => {
  it.each([
    ['an empty user id', ''],
    ['a user id of 5,000 characters', 'u'.repeat(5000)],
    ['a user id that grows past the key limit as UTF-8', '\uFDFA'.repeat(400)],
    ['an unknown user', 'user-nobody-knows'],
  ])('%s: 200, recorded and logged as unmatched', async (_name, userId) => {
    const { answers, log, events } = await deliverAll(userId, `odd${userId.length}`);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.status, answer.id).toBe(200);
    const unmatched = answers.filter((answer) => answer.body.outcome === 'unmatched');
    expect(unmatched.length).toBeGreaterThan(0);
    for (const answer of unmatched) expect(await events.has(answer.id)).toBe(true);
    expect(log.filter((line) => line.level === 'warn' && line.fields?.outcome === 'unmatched')).toHaveLength(unmatched.length);
    expect(log.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('any user id text gets 200, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 600 }), fc.constantFrom(' ', '\u0000', '#', 'USER#x')), async (userId) => {
        const { answers } = await deliverAll(userId, 'fuzz');
        for (const answer of answers) expect(answer.status, JSON.stringify(userId)).toBe(200);
      }),
      { numRuns: 25 },
    );
  });
});
