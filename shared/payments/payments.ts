/**
 * The payments use cases behind the signed-in routes (lambdas/functions/payments.ts). Identity
 * is always the verified token's (`Identity`); bodies are strict, so a field the route does not
 * take (e.g. `status`, `plan` on confirm, `user_id`) is a 400 naming it, and no body field can
 * set payment state: that comes only from Stripe.
 *
 * - `startCheckout(body {plan}, identity, deps)` → `{ url }` of a new Checkout Session
 *   (409 when the caller already has a paid, active subscription).
 * - `confirmCheckout(body {session_id}, identity, deps)` → the fresh UserView, after asking
 *   Stripe for the session: 404 when Stripe does not know it or it is another user's; 409 when
 *   it is not paid (no amount_total, no subscription or payment_status not 'paid').
 * - `openCustomerPortal(identity, deps)` → `{ url }` of a customer-portal session
 *   (404 when the caller never reached checkout).
 * - `updateBillingState(users, userId, change, clock)`: the one way billing state is written:
 *   read, apply, write conditionally on the version, again on a lost race (at most 5 times).
 */
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../errors';
import type { UserRepository } from '../users/user-ports';
import type { Clock } from '../time/clock';
import { hasPaidActiveSubscription, type Identity, type User } from '../users/user';
import { toUserView, type UserView } from '../users/user-view';
import { billingStateOf, toStoredSubscription } from './billing-record';
import type { PaymentGateway } from './payment-ports';
import { PLAN_IDS } from '../billing/plans';
import { observeSubscription, type PlanOfPrice } from '../billing/stripe-events';
import { applyObservation, billingStateChanged, type BillingState } from '../billing/subscription-state';

export interface PaymentsDeps {
  users: UserRepository;
  gateway: PaymentGateway;
  planOfPrice: PlanOfPrice;
  /** The site's origin as visitors reach it, e.g. "https://latentjobs.example" (no trailing slash). */
  siteUrl: string;
  clock: Clock;
}

export const CheckoutBodySchema = z.strictObject({ plan: z.enum(PLAN_IDS) });
export const ConfirmBodySchema = z.strictObject({ session_id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Not a Checkout Session id') });
/** The portal route takes no fields. */
export const PortalBodySchema = z.strictObject({});

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription: manage it from your dashboard.';
export const NO_SUCH_SESSION_MESSAGE = 'No such checkout session';
export const NOT_PAID_MESSAGE = 'The payment for this checkout is not complete.';
export const NO_CUSTOMER_MESSAGE = 'No subscription to manage yet';
/** The success page Stripe returns to; `{CHECKOUT_SESSION_ID}` is Stripe's template. */
export const SUCCESS_PATH = '/dashboard?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_PATH = '/cancel';
export const PORTAL_RETURN_PATH = '/dashboard';

const MAX_ATTEMPTS = 5;

/**
 * Applies `change` to the user's billing state and saves it when it changed, conditional on the
 * version read; retried on a lost race. Returns the stored user (unchanged when nothing changed).
 * @throws NotFoundError when the user does not exist; ConflictError after 5 lost races.
 */
export const updateBillingState = async (
  users: UserRepository,
  userId: string,
  change: (state: BillingState) => BillingState,
  clock: Clock,
): Promise<User> => {
  for (let attempt = 1; ; attempt += 1) {
    const user = await users.get(userId);
    if (user === null) throw new NotFoundError('No account for this sign-in yet');
    const state = billingStateOf(user.subscription);
    const next = change(state);
    if (!billingStateChanged(state, next)) return user;
    const at = clock().toISOString();
    try {
      return await users.saveSubscription(userId, toStoredSubscription(next, at), user.version, at);
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
};

const userOf = async (identity: Identity, deps: Pick<PaymentsDeps, 'users' | 'clock'>): Promise<User> =>
  (await deps.users.get(identity.user_id)) ?? deps.users.upsertFromClaims(identity, deps.clock().toISOString());

/** Idempotency key: one session per user, plan and minute, so a double click opens one checkout. */
const idempotencyKey = (identity: Identity, plan: string, now: Date): string =>
  `checkout:${identity.user_id}:${plan}:${Math.floor(now.getTime() / 60_000)}`;

export const startCheckout = async (body: unknown, identity: Identity, deps: PaymentsDeps): Promise<{ url: string }> => {
  const { plan } = CheckoutBodySchema.parse(body ?? {});
  const user = await userOf(identity, deps);
  if (hasPaidActiveSubscription(user, deps.clock)) throw new ConflictError(ALREADY_SUBSCRIBED_MESSAGE);
  const session = await deps.gateway.createCheckoutSession({
    plan,
    userId: identity.user_id,
    email: identity.email,
    idempotencyKey: idempotencyKey(identity, plan, deps.clock()),
    successUrl: `${deps.siteUrl}${SUCCESS_PATH}`,
    cancelUrl: `${deps.siteUrl}${CANCEL_PATH}`,
  });
  return { url: session.url };
};

export const confirmCheckout = async (body: unknown, identity: Identity, deps: PaymentsDeps): Promise<UserView> => {
  const { session_id: sessionId } = ConfirmBodySchema.parse(body ?? {});
  const session = await deps.gateway.retrieveCheckoutSession(sessionId);
  // Another user's session is answered exactly like an unknown one.
  if (session === null || session.clientReferenceId !== identity.user_id) throw new NotFoundError(NO_SUCH_SESSION_MESSAGE);
  const subscription = session.subscription;
  if (session.amountTotal === null || session.paymentStatus !== 'paid' || subscription === null) throw new ConflictError(NOT_PAID_MESSAGE);
  await userOf(identity, deps);
  const observation = observeSubscription(subscription, { at: subscription.created, id: `confirm:${session.id}`, source: 'confirm' }, deps.planOfPrice);
  const user = await updateBillingState(deps.users, identity.user_id, (state) => applyObservation(state, observation), deps.clock);
  return toUserView(user, deps.clock);
};

export const openCustomerPortal = async (body: unknown, identity: Identity, deps: PaymentsDeps): Promise<{ url: string }> => {
  PortalBodySchema.parse(body ?? {});
  const user = await deps.users.get(identity.user_id);
  const customerId = user?.subscription?.stripe_customer_id ?? null;
  if (customerId === null) throw new NotFoundError(NO_CUSTOMER_MESSAGE);
  return deps.gateway.createPortalSession(customerId, `${deps.siteUrl}${PORTAL_RETURN_PATH}`);
};
