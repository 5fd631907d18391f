/**
 * Pay Now for a signed-in visitor: asks the server for a Stripe Checkout Session for `plan`
 * (POST /api/payments/checkout, made on the server with the plan's price, the user's id and
 * email from the token) and sends the browser to its hosted page. The browser never sees a
 * Stripe key and never says what was paid; on return, the dashboard confirms the session.
 * @throws ApiError: 401 signed out, 409 already subscribed (its message is meant for the visitor).
 */
import type { PlanId } from '../../../shared/billing/plans';
import { authedPost } from './authedApi';

export async function startCheckout(plan: PlanId): Promise<void> {
  const { url } = await authedPost<{ url: string }>('/payments/checkout', { plan });
  window.location.assign(url);
}
