/**
 * `takeInStripeEvent(event, deps)`: what the webhook does with an event whose signature it has
 * verified (lambdas/payments/webhook-signature.ts). Returns the outcome:
 *
 * - 'ignored': a type we do not act on, or about no subscription;
 * - 'unchanged': already taken in (its id is in the event log), or it changes nothing;
 * - 'unmatched': no user could be found for it (logged; Stripe is not asked to retry);
 * - 'applied': the user's billing state changed.
 *
 * The user is the event's own `client_reference_id` / `metadata.user_sub`; when the event does
 * not carry it, the subscription is read back from Stripe (its metadata), then the user of the
 * Stripe customer is looked up. An id that cannot be one (empty, over 1,024 bytes:
 * shared/keys.ts) counts as not carried, so such an event ends 'unmatched' and recorded, and
 * Stripe is not made to retry it for days. The state changes through the reducer (subscription-state.ts),
 * so the order and number of deliveries do not matter; the event id is recorded after the
 * change (a crash in between only means the next delivery is applied again, which changes
 * nothing).
 */
import { keyFits } from '../keys';
import type { UserRepository } from '../users/user-ports';
import type { Clock } from '../time/clock';
import type { EventOutcome, PaymentEventLog, PaymentGateway } from './payment-ports';
import { updateBillingState } from './payments';
import { interpretEvent, userSubOfSubscription, type EventMeaning, type PlanOfPrice, type StripeEventEnvelope } from '../billing/stripe-events';
import { applyObservation, billingStateChanged } from '../billing/subscription-state';

export interface TakeInDeps {
  users: UserRepository;
  gateway: PaymentGateway;
  events: PaymentEventLog;
  planOfPrice: PlanOfPrice;
  clock: Clock;
}

/** An id that can name something stored: not empty, at most 1,024 bytes (shared/keys.ts). */
const usable = (id: string | null | undefined): id is string => typeof id === 'string' && keyFits(id);

const findUser = async (meaning: EventMeaning, deps: TakeInDeps): Promise<string | null> => {
  if (usable(meaning.userSub)) return meaning.userSub;
  const subscription = usable(meaning.subscriptionId) ? await deps.gateway.retrieveSubscription(meaning.subscriptionId) : null;
  const fromStripe = subscription === null ? null : userSubOfSubscription(subscription);
  if (usable(fromStripe)) return fromStripe;
  const customerId = meaning.observation.customerId;
  return usable(customerId) ? ((await deps.users.findByStripeCustomerId(customerId))?.user_id ?? null) : null;
};

export const takeInStripeEvent = async (event: StripeEventEnvelope, deps: TakeInDeps): Promise<{ outcome: EventOutcome; userId: string | null }> => {
  const meaning = interpretEvent(event, deps.planOfPrice);
  if (meaning === null) return { outcome: 'ignored', userId: null };
  if (await deps.events.has(event.id)) return { outcome: 'unchanged', userId: null };
  const userId = await findUser(meaning, deps);
  let outcome: EventOutcome = 'unmatched';
  if (userId !== null && (await deps.users.get(userId)) !== null) {
    let changed = false;
    await updateBillingState(
      deps.users,
      userId,
      (state) => {
        const next = applyObservation(state, meaning.observation);
        changed = billingStateChanged(state, next);
        return next;
      },
      deps.clock,
    );
    outcome = changed ? 'applied' : 'unchanged';
  }
  await deps.events.record({ id: event.id, type: event.type, created: event.created, userId, outcome }, deps.clock().toISOString());
  return { outcome, userId };
};
