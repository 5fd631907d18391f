/**
 * Who gets the daily digest on a given run: a user whose subscription is paid and active at the
 * run's time (shared/users/user.ts hasPaidActiveSubscription), with at least one saved search due
 * in this run (digest-selection.ts `searchesDue`; alert groups are saved searches), whose address is not suppressed (bounces, complaints) and who did not unsubscribe from the
 * daily-digest list. Pure: the suppression and unsubscribe facts are looked up by the caller.
 */
import type { Clock } from '../time/clock';
import { hasPaidActiveSubscription, type User } from '../users/user';

export type IneligibleReason = 'not-paid-active' | 'no-searches' | 'suppressed' | 'unsubscribed';

export type DigestEligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/** Facts about the address from the mail-preferences side (suppression list, per-list unsubscribes). */
export interface AddressStanding {
  suppressed: boolean;
  unsubscribed: boolean;
}

/** Whether `user`, with `searchesDue` saved searches due, gets a digest at `clock()`, else the first reason they do not. */
export const digestEligibility = (user: User, standing: AddressStanding, clock: Clock, searchesDue: number): DigestEligibility => {
  if (!hasPaidActiveSubscription(user, clock)) return { eligible: false, reason: 'not-paid-active' };
  if (searchesDue === 0) return { eligible: false, reason: 'no-searches' };
  if (standing.suppressed) return { eligible: false, reason: 'suppressed' };
  if (standing.unsubscribed) return { eligible: false, reason: 'unsubscribed' };
  return { eligible: true };
};
