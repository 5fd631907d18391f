/**
 * Why an address may no longer be mailed at all (every list): SES reported a permanent bounce
 * (the mailbox does not exist) or a complaint (the reader marked us as spam), or an operator
 * suppressed it by hand. Suppression is forever; per-list unsubscribes are EmailPreferences.
 */
import { z } from 'zod';

export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const SuppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** When we first suppressed it, UTC ISO-8601. */
  suppressed_at: z.string(),
});
export type Suppression = z.infer<typeof SuppressionSchema>;
