/**
 * Who gets the daily digest on a given run: a user whose subscription is paid and active at the
 * run's time (shared/users/user.ts hasPaidActiveSubscription), who chose at least one group,
 * whose address is not suppressed (bounces, complaints) and who did not unsubscribe from the
 * daily-digest list. Pure: the suppression and unsubscribe facts are looked up by the caller.
 */
import type { Clock } from '../time/clock';
import { hasPaidActiveSubscription, type User } from '../users/user';

export type IneligibleReason = 'not-paid-active' | 'no-groups' | 'suppressed' | 'unsubscribed';

export type DigestEligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/** Facts about the address from the mail-preferences side (suppression list, per-list unsubscribes). */
export interface AddressStanding {
  suppressed: boolean;
  unsubscribed: boolean;
}

/** Whether `user` gets a digest at `clock()`, else the first reason they do not. */
export const digestEligibility = (user: User, standing: AddressStanding, clock: Clock): DigestEligibility => {
  if (!hasPaidActiveSubscription(user, clock)) return { eligible: false, reason: 'not-paid-active' };
  if (user.groups.length === 0) return { eligible: false, reason: 'no-groups' };
  if (standing.suppressed) return { eligible: false, reason: 'suppressed' };
  if (standing.unsubscribed) return { eligible: false, reason: 'unsubscribed' };
  return { eligible: true };
};
