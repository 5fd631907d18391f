/**
 * What the signed-in user sees of their account (`GET /users/me`, `POST /users`, and the
 * payments context's `POST /payments/confirm`): never the Stripe ids.
 *
 * e.g. { email: 'ada@example.com', name: 'Ada Lovelace', groups: ['Engineering'], version: 3,
 *        subscription: { status: 'active', plan: 'monthly', current_period_end: '2026-12-21T00:00:00.000Z',
 *                        cancel_at_period_end: false },
 *        paid_active: true }
 */
import type { Clock } from '../time/clock';
import { hasPaidActiveSubscription, type SubscriptionStatus, type User } from './user';

export interface UserView {
  email: string;
  name: string;
  groups: string[];
  /** Pass back as `version` with `POST /users/subscribe` so a stale save is refused (409). */
  version: number;
  subscription: {
    status: SubscriptionStatus;
    plan: 'weekly' | 'monthly' | 'yearly' | null;
    /** Renewal date, or end date when `cancel_at_period_end` (UTC ISO-8601), or null. */
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  };
  /** Whether the subscription is paid and active now: alert groups can be chosen. */
  paid_active: boolean;
}

export const toUserView = (user: User, clock: Clock): UserView => ({
  email: user.email,
  name: user.name,
  groups: [...user.groups],
  version: user.version,
  subscription: {
    status: user.subscription?.status ?? 'none',
    plan: user.subscription?.plan ?? null,
    current_period_end: user.subscription?.current_period_end ?? null,
    cancel_at_period_end: user.subscription?.cancel_at_period_end ?? false,
  },
  paid_active: hasPaidActiveSubscription(user, clock),
});
