/**
 * The payments context's ports: Stripe (the source of truth for payments) and the log of
 * webhook events already taken in. Implemented in lambdas/payments (the real `stripe` SDK,
 * pointed at Stripe or at the local stand-in) and lambdas/storage/payment-events.ts.
 */
import type { PlanId } from '../billing/plans';
import type { StripeSubscriptionFields } from '../billing/stripe-events';

export interface CheckoutSessionRequest {
  plan: PlanId;
  /** The caller's Cognito sub: the session's client_reference_id and the subscription's metadata.user_sub. */
  userId: string;
  /** From the verified token: the session's customer_email. */
  email: string;
  /** Stripe Idempotency-Key: the same key within 24 h returns the same session. */
  idempotencyKey: string;
  /** Absolute URLs; the success URL carries Stripe's `{CHECKOUT_SESSION_ID}` template. */
  successUrl: string;
  cancelUrl: string;
}

/** The fields of a Checkout Session the confirm call checks. */
export interface CheckoutSessionView {
  id: string;
  clientReferenceId: string | null;
  /** Cents; null until Stripe has computed it. */
  amountTotal: number | null;
  /** 'paid' | 'unpaid' | 'no_payment_required' */
  paymentStatus: string | null;
  /** The subscription the session created, as Stripe has it now (expanded), or null. */
  subscription: StripeSubscriptionFields | null;
}

export interface PaymentGateway {
  /** Creates a subscription-mode Checkout Session; returns its id and hosted URL. */
  createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  /** The session, or null when Stripe has no such session. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionView | null>;
  /** A customer-portal session for the customer; returns its URL. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The subscription as Stripe has it now, or null when there is no such subscription. */
  retrieveSubscription(subscriptionId: string): Promise<StripeSubscriptionFields | null>;
}

/** What became of one webhook event. */
export type EventOutcome = 'applied' | 'unchanged' | 'ignored' | 'unmatched';

export interface ProcessedEvent {
  id: string;
  type: string;
  /** Stripe's event.created, epoch seconds. */
  created: number;
  userId: string | null;
  outcome: EventOutcome;
}

/** Webhook events already taken in, by Stripe event id (kept for a while, then expired). */
export interface PaymentEventLog {
  has(eventId: string): Promise<boolean>;
  /**
   * Records the event unless it is already recorded (conditional write); `at` UTC ISO-8601.
   * Returns false when it was already there.
   */
  record(event: ProcessedEvent, at: string): Promise<boolean>;
}
