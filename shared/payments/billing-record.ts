/**
 * The billing state (subscription-state.ts) as it is stored on the user: the user's
 * `subscription` (shared/users/user.ts) holds the summary fields it defines plus
 * `subscriptions`, the per-subscription registers the ordering rule needs, and `updated_at`.
 *
 * - `billingStateOf(user.subscription)` → BillingState (EMPTY when null); stored registers are
 *   validated, and a record that does not parse is treated as unknown (the next events rebuild it).
 * - `toStoredSubscription(state, at)` → the `subscription` to save.
 */
import { z } from 'zod';
import { PLAN_IDS } from '../billing/plans';
import { EMPTY_BILLING_STATE, SUBSCRIPTION_STATUSES, type BillingState, type SubscriptionRecord } from '../billing/subscription-state';
import type { Subscription } from '../users/user';

const StampSchema = z.object({ terminal: z.boolean(), at: z.number(), rank: z.number(), id: z.string() });
const register = <T extends z.ZodType>(value: T) => z.object({ value, stamp: StampSchema }).nullable();

const SubscriptionRecordSchema = z.object({
  id: z.string().min(1),
  customerId: z.string().nullable(),
  status: register(z.enum(SUBSCRIPTION_STATUSES)),
  plan: register(z.enum(PLAN_IDS).nullable()),
  currentPeriodEnd: register(z.number().nullable()),
  cancelAtPeriodEnd: register(z.boolean()),
});

const RecordsSchema = z.array(SubscriptionRecordSchema);

/** The billing state stored in a user's `subscription` (null: never subscribed). */
export const billingStateOf = (subscription: Subscription | null): BillingState => {
  if (subscription === null) return EMPTY_BILLING_STATE;
  const records = RecordsSchema.safeParse((subscription as Record<string, unknown>)['subscriptions']);
  return {
    status: subscription.status,
    plan: subscription.plan,
    current_period_end: subscription.current_period_end,
    cancel_at_period_end: subscription.cancel_at_period_end,
    stripe_customer_id: subscription.stripe_customer_id,
    stripe_subscription_id: subscription.stripe_subscription_id,
    subscriptions: records.success ? (records.data as SubscriptionRecord[]) : [],
  };
};

/** The user's `subscription` for `state`, taken in at `at` (UTC ISO-8601). */
export const toStoredSubscription = (state: BillingState, at: string): Subscription => ({
  status: state.status,
  plan: state.plan,
  current_period_end: state.current_period_end,
  cancel_at_period_end: state.cancel_at_period_end,
  stripe_customer_id: state.stripe_customer_id,
  stripe_subscription_id: state.stripe_subscription_id,
  updated_at: at,
  subscriptions: state.subscriptions,
});
