/**
 * A user's paid subscription as Stripe says it is, kept true whatever order Stripe's webhook
 * events arrive in and however often each is delivered: a pure reducer
 * `applyObservation(state, observation) → state`.
 *
 * ## The ordering rule
 *
 * Every event (and the confirm call after checkout) becomes an `Observation` of ONE Stripe
 * subscription, stamped with Stripe's own clock: `event.created` (epoch seconds), never the
 * time it reached us. Per subscription the state keeps one last-writer-wins register per field
 * (status, plan, current period end, cancel at period end), and a register takes an
 * observation's value only when the observation's stamp is greater than the register's:
 *
 *   stamp = (terminal, at, rank, id), compared left to right
 *
 * - `terminal`: `canceled` and `incomplete_expired` are final in Stripe (a subscription never
 *   leaves them), so a terminal status beats any non-terminal one whatever the timestamps.
 * - `at`: Stripe's `event.created`; a newer event wins.
 * - `rank`, for events of the same second (Stripe's clock has one-second resolution and a
 *   checkout emits several events in one second): for the status register, the state that
 *   comes later in a subscription's life wins (incomplete < trialing < active < past_due <
 *   unpaid/paused < incomplete_expired < canceled), then the source that describes the
 *   subscription most directly (a subscription object > an invoice > a checkout session > the
 *   confirm call); for the other registers only the source.
 * - `id`: the event id, so two different events with equal stamps still resolve the same way
 *   in any order; then the value itself, so the order is total.
 *
 * Taking the greater stamp is commutative, associative and idempotent, so any permutation and
 * any duplication of the same events gives the same state (tests/payments prove it on
 * generated sequences). What it cannot know: two different changes of one field inside one
 * second from the same source (e.g. a renewal failing and recovering within the same second);
 * there the later lifecycle state wins, and the webhook re-reads the subscription from Stripe
 * when an event names no user.
 *
 * The user's summary (status, plan, period end) is the subscription that currently grants
 * access (active, trialing, past_due), else the one most recently changed; the state keeps at
 * most `MAX_SUBSCRIPTIONS` subscriptions (the summarised one and the most recent others).
 *
 * Times inside registers are Stripe's epoch seconds; the summary gives UTC ISO-8601. The state
 * is stored as the user's `subscription` (shared/users/user.ts) by billing-record.ts; whether it
 * gives paid access is `hasPaidActiveSubscription` there.
 */
import type { PlanId } from './plans';

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'incomplete_expired',
  'canceled',
] as const;
/** Stripe's `subscription.status` values. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Lifecycle order used to break ties inside one second (see the ordering rule). */
const STATUS_RANK: Record<SubscriptionStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  paused: 4,
  incomplete_expired: 5,
  canceled: 6,
};

const TERMINAL: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);
/** Statuses in which the subscriber still has the product (Stripe retries a past_due invoice). */
const CURRENT: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

/** Where an observation came from, most direct last. */
export const OBSERVATION_SOURCES = ['confirm', 'checkout', 'invoice', 'subscription'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];
const SOURCE_RANK: Record<ObservationSource, number> = { confirm: 0, checkout: 1, invoice: 2, subscription: 3 };

/** What one event (or the confirm call) says about one subscription; absent fields say nothing. */
export interface Observation {
  /** Stripe subscription id, e.g. "sub_1Pgc6rB7WZ01zgkWNy0Cn5nw". */
  subscriptionId: string;
  /** Stripe customer id, when the object names it. */
  customerId?: string | null;
  /** Stripe's `event.created` (epoch seconds); for the confirm call, the subscription's `created`. */
  at: number;
  /** The event id ("evt_..."), or "confirm:<session id>". */
  id: string;
  source: ObservationSource;
  status?: SubscriptionStatus;
  plan?: PlanId | null;
  /** Epoch seconds. */
  currentPeriodEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
}

/** A register's stamp; compared as (terminal, at, rank, id). */
export interface Stamp {
  terminal: boolean;
  at: number;
  rank: number;
  id: string;
}

export interface Register<T> {
  value: T;
  stamp: Stamp;
}

/** Everything known about one Stripe subscription. */
export interface SubscriptionRecord {
  id: string;
  customerId: string | null;
  status: Register<SubscriptionStatus> | null;
  plan: Register<PlanId | null> | null;
  currentPeriodEnd: Register<number | null> | null;
  cancelAtPeriodEnd: Register<boolean> | null;
}

/** What the user and the dashboard see of the subscription. */
export interface SubscriptionSummary {
  /** 'none' until any subscription is known. */
  status: SubscriptionStatus | 'none';
  plan: PlanId | null;
  /** UTC ISO-8601: when the paid period ends (renewal date, or the end date once canceled at period end). */
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** The Stripe customer (for the customer portal). */
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
}

/** A user's billing state: the summary plus the per-subscription registers it comes from. */
export interface BillingState extends SubscriptionSummary {
  subscriptions: SubscriptionRecord[];
}

export const MAX_SUBSCRIPTIONS = 5;

export const EMPTY_BILLING_STATE: BillingState = {
  status: 'none',
  plan: null,
  current_period_end: null,
  cancel_at_period_end: false,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  subscriptions: [],
};

/** Negative, zero or positive as stamp `a` is older than, equal to or newer than `b`. */
export const compareStamps = (a: Stamp, b: Stamp): number =>
  Number(a.terminal) - Number(b.terminal) || a.at - b.at || a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const compareValues = (a: unknown, b: unknown): number => {
  const left = JSON.stringify(a) ?? '';
  const right = JSON.stringify(b) ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The register holding the newer of the two writes (equal stamps: the greater value, so the order is total). */
const merge = <T>(current: Register<T> | null, next: Register<T> | null): Register<T> | null => {
  if (current === null) return next;
  if (next === null) return current;
  const order = compareStamps(next.stamp, current.stamp) || compareValues(next.value, current.value);
  return order > 0 ? next : current;
};

const fieldStamp = (observation: Observation): Stamp => ({
  terminal: false,
  at: observation.at,
  rank: SOURCE_RANK[observation.source],
  id: observation.id,
});

const statusStamp = (observation: Observation, status: SubscriptionStatus): Stamp => ({
  terminal: TERMINAL.has(status),
  at: observation.at,
  rank: STATUS_RANK[status] * 10 + SOURCE_RANK[observation.source],
  id: observation.id,
});

const registerOf = <T>(value: T | undefined, stamp: Stamp): Register<T> | null => (value === undefined ? null : { value, stamp });

const applyToRecord = (record: SubscriptionRecord, observation: Observation): SubscriptionRecord => {
  const stamp = fieldStamp(observation);
  return {
    id: record.id,
    // A subscription belongs to one customer for life: the first one named stays.
    customerId: record.customerId ?? observation.customerId ?? null,
    status: merge(record.status, observation.status === undefined ? null : { value: observation.status, stamp: statusStamp(observation, observation.status) }),
    plan: merge(record.plan, registerOf(observation.plan, stamp)),
    currentPeriodEnd: merge(record.currentPeriodEnd, registerOf(observation.currentPeriodEnd, stamp)),
    cancelAtPeriodEnd: merge(record.cancelAtPeriodEnd, registerOf(observation.cancelAtPeriodEnd, stamp)),
  };
};

const emptyRecord = (id: string): SubscriptionRecord => ({ id, customerId: null, status: null, plan: null, currentPeriodEnd: null, cancelAtPeriodEnd: null });

const NO_STAMP: Stamp = { terminal: false, at: -Infinity, rank: -1, id: '' };
/** When a record last changed status, ignoring finality (for "most recent"). */
const recency = (record: SubscriptionRecord): Stamp => (record.status === null ? NO_STAMP : { ...record.status.stamp, terminal: false });

/** Records, the one to summarise first: a current one if any, newest first; then the rest, newest first. */
const byPriority = (records: readonly SubscriptionRecord[]): SubscriptionRecord[] =>
  [...records].sort((a, b) => {
    const current = Number(b.status !== null && CURRENT.has(b.status.value)) - Number(a.status !== null && CURRENT.has(a.status.value));
    return current || compareStamps(recency(b), recency(a)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });

const isoFromSeconds = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

const summarise = (records: readonly SubscriptionRecord[]): SubscriptionSummary => {
  const [main] = records;
  if (main === undefined) {
    const { subscriptions: _none, ...empty } = EMPTY_BILLING_STATE;
    return empty;
  }
  return {
    status: main.status?.value ?? 'incomplete',
    plan: main.plan?.value ?? null,
    current_period_end: isoFromSeconds(main.currentPeriodEnd?.value),
    cancel_at_period_end: main.cancelAtPeriodEnd?.value ?? false,
    stripe_customer_id: main.customerId ?? records.find((record) => record.customerId !== null)?.customerId ?? null,
    stripe_subscription_id: main.id,
  };
};

/**
 * The state after `observation`. Pure; the result does not depend on the order observations
 * are applied in, nor on how often each one is (see the ordering rule above).
 */
export const applyObservation = (state: BillingState, observation: Observation): BillingState => {
  const existing = state.subscriptions.find((record) => record.id === observation.subscriptionId) ?? emptyRecord(observation.subscriptionId);
  const updated = applyToRecord(existing, observation);
  const others = state.subscriptions.filter((record) => record.id !== observation.subscriptionId);
  const subscriptions = byPriority([...others, updated]).slice(0, MAX_SUBSCRIPTIONS);
  return { ...summarise(subscriptions), subscriptions };
};

/** Applies several observations in turn. */
export const applyObservations = (state: BillingState, observations: readonly Observation[]): BillingState =>
  observations.reduce(applyObservation, state);

/** Whether `next` differs from `state` (the webhook writes only then). */
export const billingStateChanged = (state: BillingState, next: BillingState): boolean => JSON.stringify(state) !== JSON.stringify(next);

/** The public part of the state (what GET /users/me shows), without the registers. */
export const subscriptionSummary = (state: BillingState): SubscriptionSummary => {
  const { subscriptions: _registers, ...summary } = state;
  return summary;
};
