/**
 * The billing reducer (shared/billing/subscription-state.ts) against real Stripe event
 * sequences delivered in any order, any number of times: ≥ 500 generated histories of one
 * customer (checkouts, renewals, failed and recovered payments, plan changes, cancellation at
 * period end and undoing it, immediate cancellation, a second checkout after cancelling), each
 * made by the stand-in's StripeWorld from Stripe's own mock objects
 * (stripe/openapi@f6c2a48f fixtures3.json, ../shared/data/stripe/), then shuffled and
 * duplicated. After every delivery order the user's state equals Stripe's final state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpretEvent, StripeEventSchema } from '../../shared/billing/stripe-events';
import { applyObservation, EMPTY_BILLING_STATE, MAX_SUBSCRIPTIONS, type BillingState } from '../../shared/billing/subscription-state';
import { planOfTestPrice, testWorld } from './support/stripe-world';

type Action =
  | { kind: 'checkout'; plan: 'weekly' | 'monthly' | 'yearly' }
  | { kind: 'renew' | 'failRenewal' | 'recover' | 'endPeriod' | 'cancelNow' | 'cancelAtPeriodEnd' | 'keep' }
  | { kind: 'changePlan'; plan: 'weekly' | 'monthly' | 'yearly' };

const planArb = fc.constantFrom('weekly' as const, 'monthly' as const, 'yearly' as const);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: planArb.map((plan) => ({ kind: 'checkout' as const, plan })) },
  fc.constantFrom(...(['renew', 'failRenewal', 'recover', 'endPeriod', 'cancelNow', 'cancelAtPeriodEnd', 'keep'] as const)).map((kind) => ({ kind })),
  planArb.map((plan) => ({ kind: 'changePlan' as const, plan })),
);

const PRICE: Record<'weekly' | 'monthly' | 'yearly', string> = { weekly: 'price_test_weekly', monthly: 'price_test_monthly', yearly: 'price_test_yearly' };

/** Plays `actions` (a step is skipped when Stripe would refuse it); returns the events and the world. */
const play = (actions: readonly Action[], gaps: readonly number[]) => {
  const { world, advance } = testWorld('ord');
  const subscriptions: string[] = [];
  const latest = () => subscriptions.at(-1);
  actions.forEach((action, step) => {
    advance(gaps[step % gaps.length] ?? 1);
    const sub = latest();
    try {
      if (action.kind === 'checkout') {
        // The state keeps MAX_SUBSCRIPTIONS subscriptions a user; a customer with more is not modelled.
        if (subscriptions.length >= MAX_SUBSCRIPTIONS) return;
        const session = world.createSession({
          priceId: PRICE[action.plan],
          clientReferenceId: 'user-1',
          customerEmail: 'ada@example.com',
          successUrl: 'http://localhost/dashboard?session_id={CHECKOUT_SESSION_ID}',
          cancelUrl: 'http://localhost/cancel',
          metadata: { plan: action.plan },
          subscriptionMetadata: { user_sub: 'user-1', plan: action.plan },
          url: (id) => `http://localhost/checkout/${id}`,
        });
        advance(1);
        world.pay(String(session['id']), 'ada@example.com');
        const [created] = world.events.filter((event) => event['type'] === 'customer.subscription.created').slice(-1);
        subscriptions.push(String((created!['data'] as { object: { id: string } }).object.id));
        return;
      }
      if (sub === undefined) return;
      if (action.kind === 'changePlan') world.changePlan(sub, PRICE[action.plan]);
      else if (action.kind === 'cancelAtPeriodEnd') world.setCancelAtPeriodEnd(sub, true);
      else if (action.kind === 'keep') world.setCancelAtPeriodEnd(sub, false);
      else world[action.kind](sub);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'StripeWorldError') throw error;
    }
  });
  return { world, subscriptions };
};

/** Delivers `events` in the order of `order` (indexes; repeats are redeliveries). */
const deliver = (events: readonly unknown[], order: readonly number[]): BillingState => deliverMeanings(interpret(events), order);

const interpret = (events: readonly unknown[]) => events.map((event) => interpretEvent(StripeEventSchema.parse(event), planOfTestPrice));

const deliverMeanings = (meanings: ReturnType<typeof interpret>, order: readonly number[]): BillingState => {
  return order.reduce((state, index) => {
    const meaning = meanings[index];
    return meaning == null ? state : applyObservation(state, meaning.observation);
  }, EMPTY_BILLING_STATE);
};

/** What Stripe says of each subscription at the end. */
const stripeFinal = (world: ReturnType<typeof play>['world'], ids: readonly string[]) =>
  ids.map((id) => {
    const sub = world.subscription(id) as {
      status: string;
      cancel_at_period_end: boolean;
      customer: string;
      items: { data: [{ price: { id: string }; current_period_end: number }] };
    };
    return {
      id,
      status: sub.status,
      plan: planOfTestPrice(sub.items.data[0].price.id),
      currentPeriodEnd: sub.items.data[0].current_period_end,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      customerId: sub.customer,
    };
  });

const ours = (state: BillingState, ids: readonly string[]) =>
  ids.map((id) => {
    const record = state.subscriptions.find((candidate) => candidate.id === id);
    return {
      id,
      status: record?.status?.value,
      plan: record?.plan?.value,
      currentPeriodEnd: record?.currentPeriodEnd?.value,
      cancelAtPeriodEnd: record?.cancelAtPeriodEnd?.value,
      customerId: record?.customerId,
    };
  });

/** An order of delivery: every event at least once, some several times, shuffled. */
const orderArb = (count: number) =>
  fc
    .tuple(
      fc.array(fc.nat({ max: Math.max(0, count - 1) }), { maxLength: count }),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: count * 2, maxLength: count * 2 }),
    )
    .map(([extra, keys]) => {
      const all = [...Array.from({ length: count }, (_, i) => i), ...extra];
      return all
        .map((index, i) => ({ index, key: keys[i % keys.length] ?? 0 }))
        .sort((a, b) => a.key - b.key)
        .map(({ index }) => index);
    });

describe('the subscription state under shuffled and repeated webhook deliveries', () => {
  it('always ends where Stripe ended (500 histories, several delivery orders each)', () => {
    let histories = 0;
    fc.assert(
      fc.property(
        fc.array(actionArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 40 * 86400 }), { minLength: 1, maxLength: 12 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        ([first, ...rest], gaps, randoms) => {
          histories += 1;
          // Every history starts with a checkout, so there is something to reduce.
          const actions: Action[] = [first!.kind === 'checkout' ? first! : { kind: 'checkout', plan: 'monthly' }, ...rest];
          const { world, subscriptions } = play(actions, gaps);
          const events = world.events;
          const expected = stripeFinal(world, subscriptions);
          const meanings = interpret(events);
          const inOrder = deliverMeanings(meanings, events.map((_, i) => i));
          expect(ours(inOrder, subscriptions)).toEqual(expected);
          // Several delivery orders of the same history, with duplicates, all give the same state.
          for (let round = 0; round < 4; round += 1) {
            const order = fc.sample(orderArb(events.length), { numRuns: 1, seed: Math.floor(randoms.next().value! * 2 ** 31) })[0]!;
            const shuffled = deliverMeanings(meanings, order);
            expect(shuffled).toEqual(inOrder);
          }
          // The user's summary is the subscription Stripe still bills, else the latest one.
          const billed = expected.filter((sub) => ['active', 'trialing', 'past_due'].includes(sub.status)).at(-1) ?? expected.at(-1)!;
          expect({ id: inOrder.stripe_subscription_id, status: inOrder.status, plan: inOrder.plan }).toEqual({ id: billed.id, status: billed.status, plan: billed.plan });
          expect(inOrder.current_period_end).toBe(new Date(billed.currentPeriodEnd * 1000).toISOString());
        },
      ),
      { numRuns: 500 },
    );
    expect(histories).toBeGreaterThanOrEqual(500);
  });

  it('keeps a canceled subscription canceled whatever arrives after, and ignores duplicates', () => {
    const { world, subscriptions } = play(
      [{ kind: 'checkout', plan: 'weekly' }, { kind: 'renew' }, { kind: 'cancelNow' }],
      [5],
    );
    const events = world.events;
    const reversed = deliver(events, [...events.keys()].reverse());
    const tripled = deliver(events, [...events.keys(), ...events.keys(), ...events.keys()]);
    expect(reversed).toEqual(tripled);
    expect(ours(reversed, subscriptions)[0]?.status).toBe('canceled');
    expect(reversed.status).toBe('canceled');
  });
});
