import { describe, expect, it } from 'vitest';
import { planSummary } from './planSummary';

const base = { status: 'active', plan: 'monthly', current_period_end: '2026-12-21T00:00:00.000Z', cancel_at_period_end: false } as const;

describe('planSummary', () => {
  it('says when an active plan renews, or ends when it is set to cancel', () => {
    expect(planSummary(base)).toBe('Monthly plan, renews on December 21, 2026');
    expect(planSummary({ ...base, cancel_at_period_end: true })).toBe('Monthly plan, ends on December 21, 2026');
  });

  it('says a failed payment needs a new card, a cancelled plan has ended, and no plan is no plan', () => {
    expect(planSummary({ ...base, status: 'past_due' })).toBe('Monthly plan: the last payment failed. Update your card in Manage subscription.');
    expect(planSummary({ ...base, status: 'canceled', plan: 'yearly' })).toBe('Yearly plan, ended on December 21, 2026');
    expect(planSummary({ status: 'none', plan: null, current_period_end: null, cancel_at_period_end: false })).toBe('No active plan');
  });
});
