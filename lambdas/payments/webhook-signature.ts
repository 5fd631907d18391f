/**
 * Verifies a Stripe webhook delivery on the RAW request body, with the SDK's own check
 * (`stripe.webhooks.constructEvent`: HMAC-SHA256 of "<t>.<body>" with the endpoint secret, any
 * of the header's v1 signatures, constant-time compare, timestamp no older than the tolerance)
 * plus what the SDK leaves out:
 * - the body must be valid UTF-8 (the SDK decodes bytes leniently, so two different byte strings
 *   could verify alike);
 * - the timestamp may not lie in the future by more than the tolerance either;
 * - the verified body must be a Stripe event envelope.
 *
 * `verifyStripeDelivery(rawBody, signatureHeader, secret, now, toleranceSeconds = 300)` →
 * the event. @throws WebhookSignatureError (answered 400) for anything that does not verify.
 * Source of the scheme: https://docs.stripe.com/webhooks/signature and stripe 23.1.0's Webhooks.js.
 */
import Stripe from 'stripe';
import { StripeEventSchema, type StripeEventEnvelope } from '../../shared/billing/stripe-events';

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export const DEFAULT_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'stripe-signature';

/** The SDK's webhook helpers need no key or network; one offline instance serves them all. */
const webhooks = new Stripe('sk_test_webhook_signature_check_only').webhooks;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const headerTimestamp = (header: string): number | null => {
  const stamps = header
    .split(',')
    .map((part) => part.trim().split('='))
    .filter(([key]) => key === 't');
  if (stamps.length !== 1) return null;
  const value = stamps[0]![1] ?? '';
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
};

export const verifyStripeDelivery = (
  rawBody: Uint8Array,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): StripeEventEnvelope => {
  if (signatureHeader === undefined || signatureHeader.trim() === '') throw new WebhookSignatureError('Missing Stripe-Signature header');
  if (rawBody.length === 0) throw new WebhookSignatureError('Empty body');
  let text: string;
  try {
    text = strictUtf8.decode(rawBody);
  } catch {
    throw new WebhookSignatureError('Body is not UTF-8');
  }
  const timestamp = headerTimestamp(signatureHeader);
  if (timestamp === null) throw new WebhookSignatureError('Unreadable signature timestamp');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) throw new WebhookSignatureError('Signature timestamp outside the tolerance');
  let event: unknown;
  try {
    event = webhooks.constructEvent(text, signatureHeader, secret, toleranceSeconds, undefined, now.getTime());
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message.split('\n')[0]! : 'Signature does not verify');
  }
  const parsed = StripeEventSchema.safeParse(event);
  if (!parsed.success) throw new WebhookSignatureError('Not a Stripe event');
  return parsed.data;
};
