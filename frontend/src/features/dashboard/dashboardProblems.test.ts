import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { dashboardProblem } from './dashboardProblems';
import { hasPlanToManage } from './planSummary';

describe('dashboardProblem', () => {
  it('tells a subscriber pressing Pay Now that they already have a plan, and reloads the account', () => {
    expect(dashboardProblem('checkout', new ApiError(409, 'already subscribed'))).toEqual({
      action: 'checkout',
      message: 'You already have a paid plan, so there is nothing to pay. Change or cancel it in Manage subscription.',
      remedy: 'reload_account',
    });
  });

  it('asks to sign in again on 401, to retry on network and server failures', () => {
    expect(dashboardProblem('portal', new ApiError(401, 'Unauthorized'))).toMatchObject({
      remedy: 'sign_in',
      message: expect.stringContaining('sign in again'),
    });
    expect(dashboardProblem('checkout', new ApiError(0, 'Network error'))).toMatchObject({
      remedy: 'retry',
      message: expect.stringMatching(/^We could not start the payment\. Can't reach Latent Jobs: Check your connection/),
    });
    expect(dashboardProblem('load', new ApiError(503, 'Service unavailable'))).toMatchObject({
      remedy: 'retry',
      message: expect.stringContaining('Something failed on our side'),
    });
  });

  it('shows the API message for other refusals, and a stale save asks to reload', () => {
    expect(dashboardProblem('save', new ApiError(400, 'groups: unknown group "Nonsense"')).message).toBe(
      'We could not save your alert groups. groups: unknown group "Nonsense"',
    );
    expect(dashboardProblem('save', new ApiError(409, 'version mismatch')).remedy).toBe('reload_account');
  });
});

describe('hasPlanToManage', () => {
  const view = (status: string, paid_active: boolean) =>
    ({ paid_active, subscription: { status, plan: 'monthly', current_period_end: null, cancel_at_period_end: false } }) as Parameters<
      typeof hasPlanToManage
    >[0];
  it('is true for paid plans and plans Stripe still holds, false for none, ended or never-paid ones', () => {
    expect([view('active', true), view('past_due', false), view('unpaid', false)].map(hasPlanToManage)).toEqual([true, true, true]);
    expect([view('none', false), view('canceled', false), view('incomplete_expired', false), view('active', false)].map(hasPlanToManage)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
