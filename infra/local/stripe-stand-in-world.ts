/**
 * The state of the local Stripe stand-in: customers, checkout sessions, subscriptions and
 * invoices, and the events Stripe would send for each change, as Stripe orders them. The HTTP
 * stand-in (stripe-stand-in.ts) serves it; the payments tests drive it directly to make real
 * event sequences (then shuffle and repeat them).
 *
 * `new StripeWorld({ fixtures, prices, clock, apiVersion })`; every change returns the events
 * it emitted (also appended to `events`), each a Stripe event envelope holding a snapshot of
 * the object at that moment, `created` = the clock's epoch seconds:
 * - `createSession(params)`: an open subscription-mode Checkout Session.
 * - `pay(sessionId, email)`: the card is charged: customer, subscription (created incomplete,
 *   then active), first invoice paid, session completed. Events: customer.subscription.created,
 *   invoice.paid, customer.subscription.updated, checkout.session.completed.
 * - `renew(subId)`, `failRenewal(subId)`, `recover(subId)`: a period's invoice paid, failed
 *   (past_due), or paid after failing.
 * - `setCancelAtPeriodEnd(subId, bool)`, `endPeriod(subId)` (renews, or ends a subscription set
 *   to cancel), `cancelNow(subId)`, `changePlan(subId, priceId)`.
 * Throws `StripeWorldError` (with Stripe's error type and HTTP status) for unknown ids or
 * changes Stripe would refuse.
 */
import {
  buildCheckoutSession,
  buildCustomer,
  buildEvent,
  buildInvoice,
  buildPortalSession,
  buildPrice,
  buildSubscription,
  type PriceInput,
  type StripeFixtures,
  type SubscriptionInput,
} from './stripe-stand-in-objects';

type Json = Record<string, unknown>;

export class StripeWorldError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' = 'invalid_request_error',
    readonly code: string = 'resource_missing',
  ) {
    super(message);
    this.name = 'StripeWorldError';
  }
}

export interface SessionParams {
  priceId: string;
  clientReferenceId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  /** Where the hosted page for this session lives (built by the HTTP stand-in). */
  url: (sessionId: string) => string;
}

/** A subscription as the stand-in keeps it: the object's inputs, its price by id, and the customer's email. */
interface SubscriptionState extends Omit<SubscriptionInput, 'price'> {
  email: string | null;
  priceId: string;
}

const SECONDS: Record<PriceInput['interval'], number> = { week: 7 * 86400, month: 30 * 86400, year: 365 * 86400 };

export interface StripeWorldOptions {
  fixtures: StripeFixtures;
  prices: readonly PriceInput[];
  /** Epoch seconds. */
  clock: () => number;
  apiVersion: string;
  /** Prefix making ids unique across worlds (default a random one). */
  idPrefix?: string;
}

export class StripeWorld {
  readonly events: Json[] = [];
  private readonly sessions = new Map<string, Json>();
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly customers = new Map<string, Json>();
  private readonly invoices = new Map<string, Json>();
  private readonly portalSessions = new Map<string, Json>();
  private readonly prices = new Map<string, { input: PriceInput; object: Json }>();
  private counter = 0;
  private readonly prefix: string;

  constructor(private readonly options: StripeWorldOptions) {
    for (const input of options.prices) this.prices.set(input.id, { input, object: buildPrice(options.fixtures, input) });
    this.prefix = options.idPrefix ?? Math.random().toString(36).slice(2, 8);
  }

  /** A new id in Stripe's style, e.g. "sub_lk3j9a000001". */
  nextId(kind: string): string {
    this.counter += 1;
    return `${kind}_${this.prefix}${String(this.counter).padStart(6, '0')}`;
  }

  private get now(): number {
    return this.options.clock();
  }

  price(id: string): Json {
    const price = this.prices.get(id);
    if (!price) throw new StripeWorldError(`No such price: '${id}'`, 400);
    return price.object;
  }

  createSession(params: SessionParams): Json {
    const price = this.prices.get(params.priceId);
    if (!price) throw new StripeWorldError(`No such price: '${params.priceId}'`, 400);
    const id = this.nextId('cs_test');
    const session = buildCheckoutSession(this.options.fixtures, {
      id,
      created: this.now,
      expiresAt: this.now + 24 * 3600,
      clientReferenceId: params.clientReferenceId,
      customerEmail: params.customerEmail,
      successUrl: params.successUrl,
      cancelUrl: params.cancelUrl,
      url: params.url(id),
      metadata: params.metadata,
      amountTotal: price.input.unitAmount,
    });
    this.sessions.set(id, { ...session, _price: params.priceId, _subscription_metadata: params.subscriptionMetadata });
    return this.publicSession(id);
  }

  /** The session as the API shows it (internal fields removed). */
  publicSession(id: string): Json {
    const stored = this.sessions.get(id);
    if (!stored) throw new StripeWorldError(`No such checkout.session: '${id}'`, 404);
    const { _price: _p, _subscription_metadata: _m, ...session } = stored;
    return structuredClone(session);
  }

  /** The plan's price of an open session, for the hosted page. */
  sessionPrice(id: string): PriceInput {
    const stored = this.sessions.get(id);
    if (!stored) throw new StripeWorldError(`No such checkout.session: '${id}'`, 404);
    return this.prices.get(String(stored['_price']))!.input;
  }

  subscription(id: string): Json {
    const state = this.subscriptions.get(id);
    if (!state) throw new StripeWorldError(`No such subscription: '${id}'`, 404);
    return buildSubscription(this.options.fixtures, { ...state, price: this.price(state.priceId) });
  }

  /** Subscriptions of a customer, newest first. */
  subscriptionsOf(customer: string): Json[] {
    return [...this.subscriptions.values()]
      .filter((state) => state.customer === customer)
      .sort((a, b) => b.created - a.created)
      .map((state) => this.subscription(state.id));
  }

  customer(id: string): Json {
    const customer = this.customers.get(id);
    if (!customer) throw new StripeWorldError(`No such customer: '${id}'`, 404);
    return structuredClone(customer);
  }

  createPortalSession(customer: string, returnUrl: string | null, url: (id: string) => string): Json {
    this.customer(customer);
    const id = this.nextId('bps');
    const session = buildPortalSession(this.options.fixtures, { id, customer, created: this.now, returnUrl, url: url(id) });
    this.portalSessions.set(id, session);
    return structuredClone(session);
  }

  portalSession(id: string): Json {
    const session = this.portalSessions.get(id);
    if (!session) throw new StripeWorldError(`No such billing_portal.session: '${id}'`, 404);
    return structuredClone(session);
  }

  private emit(type: string, object: Json): Json {
    const event = buildEvent(this.options.fixtures, { id: this.nextId('evt'), type, created: this.now, object, apiVersion: this.options.apiVersion });
    this.events.push(event);
    return event;
  }

  private state(id: string): SubscriptionState {
    const state = this.subscriptions.get(id);
    if (!state) throw new StripeWorldError(`No such subscription: '${id}'`, 404);
    return state;
  }

  private invoice(state: SubscriptionState, paid: boolean, reason: 'subscription_create' | 'subscription_cycle', periodStart: number, periodEnd: number): Json {
    const price = this.prices.get(state.priceId)!;
    const id = this.nextId('in');
    const invoice = buildInvoice(this.options.fixtures, {
      id,
      customer: state.customer,
      customerEmail: state.email,
      subscription: state.id,
      subscriptionMetadata: state.metadata,
      price: price.object,
      amount: price.input.unitAmount,
      paid,
      billingReason: reason,
      created: this.now,
      periodStart,
      periodEnd,
    });
    this.invoices.set(id, invoice);
    state.latestInvoice = id;
    return invoice;
  }

  /** Charges the card for an open session; see the module comment for the events. */
  pay(sessionId: string, email: string): Json[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new StripeWorldError(`No such checkout.session: '${sessionId}'`, 404);
    if (session['status'] !== 'open') throw new StripeWorldError('This Checkout Session is no longer active.', 400, 'invalid_request_error', 'checkout_session_not_open');
    const from = this.events.length;
    const customerId = this.nextId('cus');
    this.customers.set(customerId, buildCustomer(this.options.fixtures, { id: customerId, email, created: this.now }));
    const priceId = String(session['_price']);
    const interval = this.prices.get(priceId)!.input.interval;
    const state: SubscriptionState = {
      id: this.nextId('sub'),
      customer: customerId,
      email,
      priceId,
      status: 'incomplete',
      created: this.now,
      periodStart: this.now,
      periodEnd: this.now + SECONDS[interval],
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      metadata: { ...(session['_subscription_metadata'] as Record<string, string>) },
      latestInvoice: null,
    };
    this.subscriptions.set(state.id, state);
    const invoice = this.invoice(state, true, 'subscription_create', state.periodStart, state.periodEnd);
    this.emit('customer.subscription.created', this.subscription(state.id));
    this.emit('invoice.paid', invoice);
    state.status = 'active';
    this.emit('customer.subscription.updated', this.subscription(state.id));
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      customer_details: { email, name: null, phone: null, address: null, tax_exempt: 'none', tax_ids: [] },
      subscription: state.id,
      invoice: invoice['id'],
    });
    this.emit('checkout.session.completed', this.publicSession(sessionId));
    return this.events.slice(from);
  }

  /** Marks an open session expired (the visitor abandoned it). */
  expireSession(sessionId: string): Json[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new StripeWorldError(`No such checkout.session: '${sessionId}'`, 404);
    if (session['status'] !== 'open') return [];
    session['status'] = 'expired';
    return [this.emit('checkout.session.expired', this.publicSession(sessionId))];
  }

  private live(id: string): SubscriptionState {
    const state = this.state(id);
    if (state.status === 'canceled' || state.status === 'incomplete_expired') {
      throw new StripeWorldError('A canceled subscription can only update its cancellation_details and metadata.', 400, 'invalid_request_error', 'resource_canceled');
    }
    return state;
  }

  private nextPeriod(state: SubscriptionState): void {
    const interval = this.prices.get(state.priceId)!.input.interval;
    state.periodStart = state.periodEnd;
    state.periodEnd = state.periodEnd + SECONDS[interval];
  }

  /** The next period's invoice is paid. */
  renew(id: string): Json[] {
    const state = this.live(id);
    const from = this.events.length;
    this.nextPeriod(state);
    this.emit('invoice.paid', this.invoice(state, true, 'subscription_cycle', state.periodStart, state.periodEnd));
    state.status = 'active';
    this.emit('customer.subscription.updated', this.subscription(id));
    return this.events.slice(from);
  }

  /** The next period's invoice fails: past_due. */
  failRenewal(id: string): Json[] {
    const state = this.live(id);
    const from = this.events.length;
    this.nextPeriod(state);
    this.emit('invoice.payment_failed', this.invoice(state, false, 'subscription_cycle', state.periodStart, state.periodEnd));
    state.status = 'past_due';
    this.emit('customer.subscription.updated', this.subscription(id));
    return this.events.slice(from);
  }

  /** A retry of the failed invoice succeeds: active again. */
  recover(id: string): Json[] {
    const state = this.live(id);
    if (state.status !== 'past_due') return [];
    const from = this.events.length;
    this.emit('invoice.paid', this.invoice(state, true, 'subscription_cycle', state.periodStart, state.periodEnd));
    state.status = 'active';
    this.emit('customer.subscription.updated', this.subscription(id));
    return this.events.slice(from);
  }

  setCancelAtPeriodEnd(id: string, cancel: boolean): Json[] {
    const state = this.live(id);
    if (state.cancelAtPeriodEnd === cancel) return [];
    state.cancelAtPeriodEnd = cancel;
    state.canceledAt = cancel ? this.now : null;
    return [this.emit('customer.subscription.updated', this.subscription(id))];
  }

  changePlan(id: string, priceId: string): Json[] {
    const state = this.live(id);
    this.price(priceId);
    if (state.priceId === priceId) return [];
    state.priceId = priceId;
    return [this.emit('customer.subscription.updated', this.subscription(id))];
  }

  /** The period ends: a subscription set to cancel ends, any other renews. */
  endPeriod(id: string): Json[] {
    const state = this.live(id);
    if (!state.cancelAtPeriodEnd) return this.renew(id);
    return this.cancelNow(id);
  }

  cancelNow(id: string): Json[] {
    const state = this.live(id);
    state.status = 'canceled';
    state.canceledAt ??= this.now;
    state.endedAt = this.now;
    return [this.emit('customer.subscription.deleted', this.subscription(id))];
  }
}
