/**
 * A StripeWorld (infra/local/stripe-stand-in-world.ts) for tests: Stripe's mock objects
 * (stripe/openapi@f6c2a48f fixtures3.json, via ../shared/data/stripe/) with our three plans'
 * prices and a clock the test moves.
 */
import { readConfig } from '../../../lambdas/config';
import { PLANS, type PlanId } from '../../../shared/billing/plans';
import { loadStripeFixtures } from '../../../infra/local/stripe-stand-in-objects';
import { StripeWorld } from '../../../infra/local/stripe-stand-in-world';

export const API_VERSION = '2026-10-28.endive';

/** The test price id of each plan. */
export const TEST_PRICE_IDS: Record<PlanId, string> = { weekly: 'price_test_weekly', monthly: 'price_test_monthly', yearly: 'price_test_yearly' };

export const testPrices = () =>
  PLANS.map((plan) => ({ id: TEST_PRICE_IDS[plan.id], unitAmount: plan.amountCents, interval: plan.interval, nickname: plan.name }));

export const planOfTestPrice = (priceId: string): PlanId | null =>
  (Object.entries(TEST_PRICE_IDS).find(([, id]) => id === priceId)?.[0] as PlanId | undefined) ?? null;

/** 2025-10-28T12:00:00Z in epoch seconds. */
export const START_SECONDS = 1_761_652_800;

export interface TestWorld {
  world: StripeWorld;
  /** Moves the clock on by `seconds`. */
  advance(seconds: number): void;
  now(): number;
}

export const testWorld = (idPrefix = 'test'): TestWorld => {
  let now = START_SECONDS;
  const world = new StripeWorld({
    fixtures: loadStripeFixtures(readConfig({}).sharedDataDir),
    prices: testPrices(),
    clock: () => now,
    apiVersion: API_VERSION,
    idPrefix,
  });
  return { world, advance: (seconds) => (now += seconds), now: () => now };
};
