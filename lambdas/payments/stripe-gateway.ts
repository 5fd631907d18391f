/**
 * StripeGateway: the PaymentGateway port (shared/payments/payment-ports.ts) on the real `stripe`
 * SDK (23.1.0, API version 2026-10-28.endive), talking to api.stripe.com or, when
 * `PaymentsConfig.api` says so, to the local stand-in (infra/local/stripe-stand-in.ts).
 *
 * - Checkout: mode subscription, card, one item of the plan's configured price, quantity 1,
 *   `client_reference_id` = the user, `customer_email` from the token, `metadata.plan`, and
 *   `subscription_data.metadata` { user_sub, plan } so every later subscription and invoice
 *   event names the user; sent with the request's Idempotency-Key.
 * - Sessions are read with the subscription expanded (the confirm call checks it).
 * - A Stripe "resource_missing" answer becomes null; any other Stripe failure becomes
 *   `UpstreamError` 502 "The payment service is unavailable" (details in `cause`, for the log).
 *
 * `createStripeGateway(stripe, prices)`; `stripeClient(key, config)` builds the SDK client.
 */
import Stripe from 'stripe';
import { UpstreamError } from '../../shared/errors';
import type { CheckoutSessionView, PaymentGateway } from '../../shared/payments/payment-ports';
import type { PlanId } from '../../shared/billing/plans';
import { PLAN_METADATA_KEY, StripeSubscriptionSchema, USER_SUB_METADATA_KEY, type StripeSubscriptionFields } from '../../shared/billing/stripe-events';
import type { PaymentsConfig } from '../config';

export const PAYMENT_SERVICE_UNAVAILABLE = 'The payment service is unavailable';

/** The SDK client for `secretKey`, pointed at the configured API (the stand-in) when there is one. */
export const stripeClient = (secretKey: string, api: PaymentsConfig['api']): Stripe =>
  new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api === null ? {} : { host: api.host, protocol: api.protocol, ...(api.port === undefined ? {} : { port: api.port }) }),
  });

const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404);

const upstream = (error: unknown): never => {
  throw new UpstreamError(PAYMENT_SERVICE_UNAVAILABLE, 502, { cause: error });
};

const subscriptionFields = (value: unknown): StripeSubscriptionFields | null => {
  if (typeof value !== 'object' || value === null) return null;
  return StripeSubscriptionSchema.parse(value);
};

export const createStripeGateway = (stripe: Stripe, prices: Record<PlanId, string>): PaymentGateway => ({
  async createCheckoutSession(request) {
    const session = await stripe.checkout.sessions
      .create(
        {
          mode: 'subscription',
          // 'card' only (API 2026-10-28 filters the dynamic payment methods with this list).
          allowed_payment_method_types: ['card'],
          line_items: [{ price: prices[request.plan], quantity: 1 }],
          client_reference_id: request.userId,
          customer_email: request.email,
          metadata: { [PLAN_METADATA_KEY]: request.plan },
          subscription_data: { metadata: { [USER_SUB_METADATA_KEY]: request.userId, [PLAN_METADATA_KEY]: request.plan } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      )
      .catch(upstream);
    if (session.url === null) upstream(new Error(`Checkout Session ${session.id} has no URL`));
    return { id: session.id, url: session.url! };
  },

  async retrieveCheckoutSession(sessionId): Promise<CheckoutSessionView | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
    } catch (error) {
      if (isMissing(error)) return null;
      return upstream(error);
    }
    let subscription = session.subscription;
    if (typeof subscription === 'string') subscription = await stripe.subscriptions.retrieve(subscription).catch(upstream);
    return {
      id: session.id,
      clientReferenceId: session.client_reference_id,
      amountTotal: session.amount_total,
      paymentStatus: session.payment_status,
      subscription: subscriptionFields(subscription),
    };
  },

  async createPortalSession(customerId, returnUrl) {
    const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }).catch(upstream);
    return { url: portal.url };
  },

  async retrieveSubscription(subscriptionId) {
    try {
      return subscriptionFields(await stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isMissing(error)) return null;
      return upstream(error);
    }
  },
});
