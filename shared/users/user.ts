/**
 * A user of Latent Jobs: the account behind a sign-in, its job-alert groups and its paid
 * subscription. Stored in the users table (lambdas/storage/tables.ts, key `user_id`).
 *
 * - `user_id` is the Cognito `sub` of the verified ID token: never taken from a request body.
 * - `email` and `name` are refreshed from the verified token on every `POST /users`.
 * - `groups` are department names (shared/departments) the daily job alert covers.
 * - `subscription` is what Stripe says about the user's plan (null before the first checkout);
 *   the payments context owns its semantics and writes it through
 *   `UserRepository.saveSubscription` (shared/users/user-ports.ts).
 * - `version` counts changes of groups and subscription (starts at 0); every such write is
 *   conditional on the version the writer read, so two concurrent writes cannot lose one.
 * Times are UTC ISO-8601 strings.
 */
import { z } from 'zod';
import { DepartmentSchema } from '../departments/department';
import { PLAN_IDS } from '../billing/plans';
import type { Clock } from '../time/clock';

/** Stripe's subscription statuses (Subscription.status), plus 'none' for "never subscribed". */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

const IsoTime = z.iso.datetime({ offset: true });

/**
 * The user's subscription as last confirmed by Stripe. `current_period_end` is when the paid
 * period ends (renewal date, or the end date when `cancel_at_period_end`).
 * Extra fields the payments context needs (e.g. Stripe's event timestamps) may be added here.
 */
export const SubscriptionSchema = z.looseObject({
  status: SubscriptionStatusSchema,
  plan: z.enum(PLAN_IDS).nullable(),
  current_period_end: IsoTime.nullable(),
  cancel_at_period_end: z.boolean().default(false),
  stripe_customer_id: z.string().min(1).nullable(),
  stripe_subscription_id: z.string().min(1).nullable(),
  /** When Stripe's state was last taken in (UTC ISO-8601). */
  updated_at: IsoTime,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const UserSchema = z.object({
  /** Cognito `sub` of the verified ID token. */
  user_id: z.string().min(1),
  email: z.string().min(3),
  /** Full name from the identity provider; may be empty. */
  name: z.string(),
  groups: z.array(DepartmentSchema),
  subscription: SubscriptionSchema.nullable(),
  version: z.number().int().min(0),
  created_at: IsoTime,
  updated_at: IsoTime,
});
export type User = z.infer<typeof UserSchema>;

/** Who is calling, from the verified ID token's claims (lambdas/auth): the only source of identity. */
export interface Identity {
  /** Cognito `sub`. */
  user_id: string;
  email: string;
  /** The `name` claim; empty when the identity provider gave none. */
  name: string;
}

/**
 * Whether the user's subscription is paid and active at `clock()`: Stripe says `active` (or
 * `trialing`), there is a plan, and the paid period has not ended. Only such users may choose
 * alert groups and receive the daily digest.
 */
export const hasPaidActiveSubscription = (user: Pick<User, 'subscription'>, clock: Clock): boolean => {
  const subscription = user.subscription;
  if (subscription === null || subscription.plan === null) return false;
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return false;
  return subscription.current_period_end === null || Date.parse(subscription.current_period_end) > clock().getTime();
};
