/**
 * Stripe's webhook events → `Observation`s of one subscription (subscription-state.ts), and
 * the user each event belongs to. Pure: the caller has verified the event's signature.
 *
 * Events handled (API version 2026-10-28.endive, the stripe 23.1.0 SDK's; shapes as in
 * stripe/openapi@f6c2a48f fixtures3.json, see ../shared/data/stripe/):
 * - `checkout.session.completed`: a paid subscription-mode session says the subscription is
 *   active; carries the plan we put in `metadata.plan` and the customer.
 * - `customer.subscription.created|updated|deleted`: the subscription object itself: status,
 *   plan (its price id, mapped by `planOfPrice`), current period end (on its first item since
 *   the 2025 API versions), cancel at period end.
 * - `invoice.paid`: the subscription (`parent.subscription_details.subscription`) is active and
 *   paid up to the invoice line's period end.
 * - `invoice.payment_failed`: the subscription is past_due (incomplete for its first invoice).
 * Any other type gives no observation.
 *
 * The user is the Cognito `sub` the server wrote at checkout: the session's
 * `client_reference_id`, and `metadata.user_sub` on the subscription (copied by Stripe onto its
 * invoices' `parent.subscription_details.metadata`).
 */
import { z } from 'zod';
import { isPlanId, type PlanId } from './plans';
import { SUBSCRIPTION_STATUSES, type Observation } from './subscription-state';

/** The metadata key holding the user's `sub` on subscriptions we create. */
export const USER_SUB_METADATA_KEY = 'user_sub';
/** The metadata key holding the plan id on sessions and subscriptions we create. */
export const PLAN_METADATA_KEY = 'plan';

/** The event types the webhook acts on. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

const Metadata = z.record(z.string(), z.string()).nullish();
const IdOrObject = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish();
const idOf = (value: z.infer<typeof IdOrObject>): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The envelope of every event. */
export const StripeEventSchema = z
  .object({
    // Stripe's ids are at most 255 characters; the id is the event log's key.
    id: z.string().min(1).max(255),
    object: z.literal('event'),
    type: z.string().min(1),
    created: z.number().int(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();
export type StripeEventEnvelope = z.infer<typeof StripeEventSchema>;

/** The fields of a Subscription we read. */
export const StripeSubscriptionSchema = z
  .object({
    id: z.string().min(1),
    object: z.literal('subscription'),
    created: z.number().int(),
    customer: IdOrObject,
    status: z.enum(SUBSCRIPTION_STATUSES),
    cancel_at_period_end: z.boolean().nullish(),
    metadata: Metadata,
    items: z
      .object({
        data: z.array(
          z
            .object({
              current_period_end: z.number().int().nullish(),
              price: z.object({ id: z.string() }).loose().nullish(),
            })
            .loose(),
        ),
      })
      .loose()
      .nullish(),
  })
  .loose();
export type StripeSubscriptionFields = z.infer<typeof StripeSubscriptionSchema>;

const CheckoutSessionSchema = z
  .object({
    id: z.string().min(1),
    object: z.literal('checkout.session'),
    mode: z.string().nullish(),
    client_reference_id: z.string().nullish(),
    customer: IdOrObject,
    subscription: IdOrObject,
    payment_status: z.string().nullish(),
    metadata: Metadata,
  })
  .loose();

const InvoiceSchema = z
  .object({
    id: z.string().min(1),
    object: z.literal('invoice'),
    customer: IdOrObject,
    billing_reason: z.string().nullish(),
    parent: z
      .object({
        subscription_details: z.object({ subscription: IdOrObject, metadata: Metadata }).loose().nullish(),
      })
      .loose()
      .nullish(),
    lines: z
      .object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }).loose().nullish() }).loose()) })
      .loose()
      .nullish(),
  })
  .loose();

/** Maps a Stripe price id to our plan (server configuration), or null for a price we do not sell. */
export type PlanOfPrice = (priceId: string) => PlanId | null;

/** What one event means for billing: the user it names (if any) and the observation. */
export interface EventMeaning {
  type: HandledEventType;
  /** The user's Cognito sub, when the event carries it. */
  userSub: string | null;
  /** The subscription the event is about. */
  subscriptionId: string;
  observation: Observation;
}

const planFromMetadata = (metadata: z.infer<typeof Metadata>): PlanId | undefined => {
  const plan = metadata?.[PLAN_METADATA_KEY];
  return isPlanId(plan) ? plan : undefined;
};

/**
 * The observation a Subscription object gives, stamped `at` (epoch seconds) with `id` and
 * `source` (the webhook's subscription events, or the confirm call's fresh read).
 */
export const observeSubscription = (
  subscription: StripeSubscriptionFields,
  stamp: { at: number; id: string; source: Observation['source'] },
  planOfPrice: PlanOfPrice,
): Observation => {
  const item = subscription.items?.data[0];
  const priceId = item?.price?.id;
  const plan = (priceId === undefined ? null : planOfPrice(priceId)) ?? planFromMetadata(subscription.metadata) ?? null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    ...stamp,
    status: subscription.status,
    plan,
    currentPeriodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
};

/** The user named by a subscription's metadata, or null. */
export const userSubOfSubscription = (subscription: Pick<StripeSubscriptionFields, 'metadata'>): string | null =>
  subscription.metadata?.[USER_SUB_METADATA_KEY] ?? null;

const isHandled = (type: string): type is HandledEventType => (HANDLED_EVENT_TYPES as readonly string[]).includes(type);

/**
 * What a verified event means for billing, or null when it is of a type we do not act on or
 * names no subscription (e.g. a one-off payment session).
 * @throws ZodError when a handled event's object lacks the fields Stripe documents.
 */
export const interpretEvent = (event: StripeEventEnvelope, planOfPrice: PlanOfPrice): EventMeaning | null => {
  if (!isHandled(event.type)) return null;
  const stamp = { at: event.created, id: event.id };
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = CheckoutSessionSchema.parse(object);
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || subscriptionId === null) return null;
      const plan = planFromMetadata(session.metadata);
      return {
        type: event.type,
        userSub: session.client_reference_id ?? null,
        subscriptionId,
        observation: {
          subscriptionId,
          customerId: idOf(session.customer),
          ...stamp,
          source: 'checkout',
          ...(session.payment_status === 'paid' ? { status: 'active' as const } : {}),
          ...(plan === undefined ? {} : { plan }),
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = StripeSubscriptionSchema.parse(object);
      return {
        type: event.type,
        userSub: userSubOfSubscription(subscription),
        subscriptionId: subscription.id,
        observation: observeSubscription(subscription, { ...stamp, source: 'subscription' }, planOfPrice),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = InvoiceSchema.parse(object);
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (subscriptionId === null) return null;
      const paid = event.type === 'invoice.paid';
      const periodEnd = invoice.lines?.data[0]?.period?.end;
      return {
        type: event.type,
        userSub: details?.metadata?.[USER_SUB_METADATA_KEY] ?? null,
        subscriptionId,
        observation: {
          subscriptionId,
          customerId: idOf(invoice.customer),
          ...stamp,
          source: 'invoice',
          status: paid ? 'active' : invoice.billing_reason === 'subscription_create' ? 'incomplete' : 'past_due',
          ...(paid && typeof periodEnd === 'number' ? { currentPeriodEnd: periodEnd } : {}),
        },
      };
    }
  }
};
