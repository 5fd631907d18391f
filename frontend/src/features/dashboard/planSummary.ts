/**
 * The dashboard's line about the user's plan, from the subscription in their UserView, e.g.
 * 'Monthly plan, renews on December 21, 2026', 'Monthly plan, ends on December 21, 2026',
 * 'Monthly plan: the last payment failed. Update your card in Manage subscription.',
 * 'No active plan'. Dates are shown in UTC, as stored.
 */
import { PLANS } from '../../../../shared/billing/plans';
import type { UserView } from '../../../../shared/users/user-view';

const formatDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

export function planSummary(subscription: UserView['subscription']): string {
  const plan = PLANS.find((candidate) => candidate.id === subscription.plan);
  if (plan === undefined || subscription.status === 'none') return 'No active plan';
  const name = `${plan.name} plan`;
  const end = subscription.current_period_end;
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      if (end === null) return `${name}, active`;
      return subscription.cancel_at_period_end ? `${name}, ends on ${formatDate(end)}` : `${name}, renews on ${formatDate(end)}`;
    case 'past_due':
    case 'unpaid':
      return `${name}: the last payment failed. Update your card in Manage subscription.`;
    case 'canceled':
      return end === null ? `${name}, cancelled` : `${name}, ended on ${formatDate(end)}`;
    default:
      return `${name}: payment not completed`;
  }
}

/**
 * Whether the account has a plan to manage rather than buy: paid and active, or still held by
 * Stripe while a payment is retried or paused. Such a visitor sees their plan and Manage
 * subscription (the customer portal changes and cancels plans), never Pay Now, which the
 * server would refuse (409) or which would start a second subscription.
 */
export function hasPlanToManage(view: Pick<UserView, 'subscription' | 'paid_active'>): boolean {
  return view.paid_active || ['past_due', 'unpaid', 'paused'].includes(view.subscription.status);
}
