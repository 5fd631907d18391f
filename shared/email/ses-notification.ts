/**
 * SES bounce and complaint notifications as SNS delivers them, read into what suppression needs.
 * Shapes from the AWS docs ("Amazon SES notification contents for Amazon SNS" and "Event
 * publishing: contents of event data"): the SNS `Message` is JSON with
 * - `notificationType` (identity notifications) or `eventType` (configuration-set event
 *   publishing): "Bounce" | "Complaint" | "Delivery" | ...;
 * - `bounce`: `{ bounceType: "Permanent" | "Transient" | "Undetermined", bounceSubType,
 *   bouncedRecipients: [{ emailAddress, action?, status?, diagnosticCode? }], timestamp, feedbackId }`;
 * - `complaint`: `{ complainedRecipients: [{ emailAddress }], timestamp, feedbackId,
 *   complaintFeedbackType? }`;
 * - `mail`: `{ messageId, timestamp, source, destination[] }`.
 *
 * `readSesNotification(messageText)` → a SesFeedback, or `{ kind: 'malformed', reason }`.
 * Only a permanent bounce or a complaint suppresses (`suppress` true); a transient or
 * undetermined bounce, and any other event type, do not.
 */
import { z } from 'zod';
import { normaliseEmailAddress, type EmailAddress } from './address';
import type { SuppressionReason } from './suppression';

const Recipient = z.object({ emailAddress: z.string() }).loose();

const NotificationSchema = z
  .object({
    notificationType: z.string().optional(),
    eventType: z.string().optional(),
    bounce: z
      .object({ bounceType: z.string(), bounceSubType: z.string().optional(), bouncedRecipients: z.array(Recipient).min(1), feedbackId: z.string().min(1), timestamp: z.string().optional() })
      .loose()
      .optional(),
    complaint: z
      .object({ complainedRecipients: z.array(Recipient).min(1), feedbackId: z.string().min(1), timestamp: z.string().optional(), complaintFeedbackType: z.string().optional() })
      .loose()
      .optional(),
    mail: z.object({ messageId: z.string().optional() }).loose().optional(),
  })
  .loose();

export type SesFeedback =
  | {
      kind: 'feedback';
      type: 'Bounce' | 'Complaint';
      /** e.g. "Permanent", "Transient" for bounces; the feedback type or "complaint" for complaints. */
      subtype: string;
      feedbackId: string;
      /** Whether the recipients must be suppressed, and why. */
      suppress: SuppressionReason | null;
      recipients: EmailAddress[];
      /** Recipient texts that are not email addresses (logged, skipped). */
      unreadable: string[];
    }
  | { kind: 'ignored'; type: string }
  | { kind: 'malformed'; reason: string };

export const readSesNotification = (messageText: unknown): SesFeedback => {
  if (typeof messageText !== 'string') return { kind: 'malformed', reason: 'Message is not a string' };
  let json: unknown;
  try {
    json = JSON.parse(messageText);
  } catch {
    return { kind: 'malformed', reason: 'Message is not JSON' };
  }
  const parsed = NotificationSchema.safeParse(json);
  if (!parsed.success) return { kind: 'malformed', reason: `Message does not have the SES notification shape: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` };
  const n = parsed.data;
  const type = n.notificationType ?? n.eventType;
  if (type === undefined) return { kind: 'malformed', reason: 'Message has neither notificationType nor eventType' };
  const split = (recipients: { emailAddress: string }[]) => {
    const addresses: EmailAddress[] = [];
    const unreadable: string[] = [];
    for (const { emailAddress } of recipients) {
      // Bounce recipients may come as "Name <address>": take the address inside the brackets.
      const bare = /<([^<>]+)>\s*$/.exec(emailAddress)?.[1] ?? emailAddress;
      const address = normaliseEmailAddress(bare);
      if (address === null) unreadable.push(emailAddress.slice(0, 100));
      else addresses.push(address);
    }
    return { recipients: [...new Set(addresses)], unreadable };
  };
  if (type === 'Bounce') {
    if (n.bounce === undefined) return { kind: 'malformed', reason: 'Bounce without a bounce object' };
    return {
      kind: 'feedback',
      type,
      subtype: n.bounce.bounceType,
      feedbackId: n.bounce.feedbackId,
      suppress: n.bounce.bounceType === 'Permanent' ? 'bounce' : null,
      ...split(n.bounce.bouncedRecipients),
    };
  }
  if (type === 'Complaint') {
    if (n.complaint === undefined) return { kind: 'malformed', reason: 'Complaint without a complaint object' };
    return {
      kind: 'feedback',
      type,
      subtype: n.complaint.complaintFeedbackType ?? 'complaint',
      feedbackId: n.complaint.feedbackId,
      suppress: 'complaint',
      ...split(n.complaint.complainedRecipients),
    };
  }
  return { kind: 'ignored', type };
};
