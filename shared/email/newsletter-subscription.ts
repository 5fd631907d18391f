/**
 * A sign-up to the free weekly newsletter (double opt-in):
 * - 'pending': asked on the site; a confirmation email with a one-time `nonce` went out;
 * - 'confirmed': the link was followed; only now may the weekly email be sent (and still not
 *   when the address unsubscribed from 'weekly-newsletter' or is suppressed).
 * Times are UTC ISO-8601.
 */
import { z } from 'zod';

export const NewsletterSubscriptionSchema = z.object({
  email: z.string(),
  status: z.enum(['pending', 'confirmed']),
  /** The pending sign-up's one-time nonce (the confirm token's `jti`); null once confirmed. */
  nonce: z.string().nullable(),
  requested_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;

/** What a confirmation did. */
export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'not-pending';
