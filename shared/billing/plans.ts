/**
 * The subscription plans for daily job alerts: the ONE definition the pricing modal, the
 * dashboard and the payments server read (issue 5). Amounts are in cents of USD per `interval`
 * (Stripe's unit_amount and recurring.interval); the Stripe price id for each plan is server
 * configuration, not here. No runtime dependencies, so the browser bundle stays small; the server
 * validates input with `z.enum(PLAN_IDS)`.
 */

export const PLAN_IDS = ['weekly', 'monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** Display name, e.g. 'Weekly'. */
  name: string;
  /** Price in cents of `currency`, charged once per `interval`. */
  amountCents: number;
  /** ISO 4217, lower case as Stripe writes it. */
  currency: 'usd';
  /** Billing period (Stripe's recurring.interval). */
  interval: 'week' | 'month' | 'year';
}

export const PLANS: readonly Plan[] = [
  { id: 'weekly', name: 'Weekly', amountCents: 200, currency: 'usd', interval: 'week' },
  { id: 'monthly', name: 'Monthly', amountCents: 700, currency: 'usd', interval: 'month' },
  { id: 'yearly', name: 'Yearly', amountCents: 7700, currency: 'usd', interval: 'year' },
];

export const isPlanId = (value: unknown): value is PlanId => typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

/** The plan with `id`. @throws Error for an id that is not a plan (check with isPlanId first for input). */
export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${String(id)}`);
  return plan;
}

/** '$2', '$7', '$77'; cents shown only when there are some ('$7.50'). */
export function formatPlanPrice(plan: Pick<Plan, 'amountCents' | 'currency'>): string {
  const dollars = plan.amountCents / 100;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: plan.currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars);
}
