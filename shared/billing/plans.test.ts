import { describe, it, expect } from 'vitest';
import { PLANS, PLAN_IDS, formatPlanPrice, isPlanId, planById } from './plans';

describe('subscription plans', () => {
  it('are Weekly $2, Monthly $7 and Yearly $77, in cents of USD per interval', () => {
    expect(PLANS.map((plan) => [plan.id, plan.name, formatPlanPrice(plan), plan.amountCents, plan.currency, plan.interval])).toEqual([
      ['weekly', 'Weekly', '$2', 200, 'usd', 'week'],
      ['monthly', 'Monthly', '$7', 700, 'usd', 'month'],
      ['yearly', 'Yearly', '$77', 7700, 'usd', 'year'],
    ]);
    expect(PLAN_IDS).toEqual(PLANS.map((plan) => plan.id));
  });

  it('recognise only their own ids', () => {
    expect(isPlanId('monthly')).toBe(true);
    expect(isPlanId('lifetime')).toBe(false);
    expect(isPlanId(7)).toBe(false);
    expect(planById('yearly').amountCents).toBe(7700);
    expect(() => planById('lifetime' as 'yearly')).toThrow('Unknown plan: lifetime');
  });

  it('show cents only when a price has them', () => {
    expect(formatPlanPrice({ amountCents: 750, currency: 'usd' })).toBe('$7.50');
  });
});
