/**
 * `takeInSesNotification(delivery, deps)`: what the SES events function does with one SNS
 * delivery of an SES notification (the SNS side: lambdas/functions/ses-events.ts), beside
 * `takeInStripeEvent` (shared/payments/take-in-event.ts). Returns the outcome for the entry point
 * to count and log:
 *
 * - 'malformed': no SNS message id, a topic other than `deps.topicArn` (when set), or a message
 *   that is not an SES notification (ses-notification.ts); nothing changed, `reason` says why;
 * - 'ignored': an SES event that suppresses no one (Delivery, Send, ...);
 * - 'duplicate': the same SNS message id or SES feedback id was taken in before;
 * - 'not_suppressed': a transient or undetermined bounce, taken in;
 * - 'suppressed': a permanent bounce or a complaint: every recipient suppressed at once.
 *
 * Suppression comes first (idempotent: the first reason and time are kept), then the ids are
 * recorded: a storage failure in between (thrown) is retried without losing the suppression.
 */
import type { ProcessedEvents, SuppressionRepository } from './email-ports';
import type { Clock } from '../time/clock';
import { readSesNotification } from './ses-notification';

export interface SesDelivery {
  /** SNS `MessageId` (undefined or empty: malformed). */
  messageId: string | undefined;
  topicArn: string | undefined;
  /** SNS `Message`: the SES notification's JSON text. */
  message: unknown;
}

export interface TakeInSesDeps {
  suppressions: Pick<SuppressionRepository, 'suppress'>;
  events: ProcessedEvents;
  clock: Clock;
  /** When set, deliveries from any other topic are refused. */
  topicArn: string | undefined;
}

export type SesOutcome =
  | { kind: 'malformed'; reason: string }
  | { kind: 'ignored'; type: string }
  | {
      kind: 'duplicate' | 'not_suppressed' | 'suppressed';
      type: 'Bounce' | 'Complaint';
      subtype: string;
      feedbackId: string;
      recipients: number;
      /** Addresses suppressed by this delivery (0 when they already were). */
      newlySuppressed: number;
      /** Recipient texts that are not addresses (skipped). */
      unreadable: string[];
    };

export const takeInSesNotification = async (delivery: SesDelivery, deps: TakeInSesDeps): Promise<SesOutcome> => {
  if (delivery.messageId === undefined || delivery.messageId === '') return { kind: 'malformed', reason: 'no Sns.MessageId' };
  if (deps.topicArn !== undefined && delivery.topicArn !== deps.topicArn) return { kind: 'malformed', reason: 'unexpected topic' };
  const feedback = readSesNotification(delivery.message);
  if (feedback.kind === 'malformed') return feedback;
  if (feedback.kind === 'ignored') return feedback;
  const at = deps.clock();
  let newlySuppressed = 0;
  if (feedback.suppress !== null) {
    for (const email of feedback.recipients) if (await deps.suppressions.suppress(email, feedback.suppress, at.toISOString())) newlySuppressed += 1;
  }
  const firstDelivery = await deps.events.claim(`sns#${delivery.messageId}`, at);
  const firstFeedback = await deps.events.claim(`ses#${feedback.feedbackId}`, at);
  const kind = !firstDelivery || !firstFeedback ? 'duplicate' : feedback.suppress === null ? 'not_suppressed' : 'suppressed';
  return { kind, type: feedback.type, subtype: feedback.subtype, feedbackId: feedback.feedbackId, recipients: feedback.recipients.length, newlySuppressed, unreadable: feedback.unreadable };
};
