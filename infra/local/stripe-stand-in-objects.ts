/**
 * Stripe-shaped objects for the local Stripe stand-in and the payments tests, each made from
 * Stripe's own mock object (stripe/openapi@f6c2a48f fixtures3.json, MIT; one file per object in
 * ../shared/data/stripe/) with our values laid over it, so field names and nesting are Stripe's
 * (API 2026-10-28.endive: the period on subscription items, the subscription of an invoice in
 * `parent.subscription_details`).
 *
 * `loadStripeFixtures(sharedDataDir)` reads the mocks once; the `build*` functions return fresh
 * deep copies. Times are epoch seconds, amounts cents, as Stripe writes them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Json = Record<string, unknown>;

export interface StripeFixtures {
  checkoutSession: Json;
  subscription: Json;
  invoice: Json;
  event: Json;
  customer: Json;
  price: Json;
  portalSession: Json;
}

const cache = new Map<string, StripeFixtures>();

/** Stripe's mock objects from `<sharedDataDir>/stripe/`. Throws when a file is missing. */
export const loadStripeFixtures = (sharedDataDir: string): StripeFixtures => {
  const cached = cache.get(sharedDataDir);
  if (cached) return cached;
  const read = (name: string): Json => JSON.parse(readFileSync(path.join(sharedDataDir, 'stripe', `${name}.json`), 'utf8')) as Json;
  const fixtures: StripeFixtures = {
    checkoutSession: read('checkout.session'),
    subscription: read('subscription'),
    invoice: read('invoice'),
    event: read('event'),
    customer: read('customer'),
    price: read('price'),
    portalSession: read('billing_portal.session'),
  };
  cache.set(sharedDataDir, fixtures);
  return fixtures;
};

const copy = <T>(value: T): T => structuredClone(value);

export interface PriceInput {
  id: string;
  unitAmount: number;
  interval: 'week' | 'month' | 'year';
  nickname: string;
}

export const buildPrice = (fx: StripeFixtures, input: PriceInput): Json => {
  const price = copy(fx.price);
  const recurring = price['recurring'] as Json;
  return {
    ...price,
    id: input.id,
    nickname: input.nickname,
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
    livemode: false,
    recurring: { ...recurring, interval: input.interval, interval_count: 1 },
    transform_quantity: null,
  };
};

export interface SubscriptionInput {
  id: string;
  customer: string;
  price: Json;
  status: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  metadata: Record<string, string>;
  latestInvoice: string | null;
}

export const buildSubscription = (fx: StripeFixtures, input: SubscriptionInput): Json => {
  const subscription = copy(fx.subscription);
  const items = subscription['items'] as Json;
  const [item] = items['data'] as Json[];
  return {
    ...subscription,
    id: input.id,
    customer: input.customer,
    status: input.status,
    created: input.created,
    start_date: input.created,
    billing_cycle_anchor: input.periodStart,
    cancel_at_period_end: input.cancelAtPeriodEnd,
    cancel_at: input.cancelAtPeriodEnd ? input.periodEnd : null,
    canceled_at: input.canceledAt,
    ended_at: input.endedAt,
    trial_start: null,
    trial_end: null,
    pause_collection: null,
    pending_update: null,
    transfer_data: null,
    latest_invoice: input.latestInvoice,
    metadata: { ...input.metadata },
    livemode: false,
    items: {
      ...items,
      data: [
        {
          ...item,
          id: `si_${input.id.slice(4)}`,
          subscription: input.id,
          created: input.created,
          price: copy(input.price),
          quantity: 1,
          current_period_start: input.periodStart,
          current_period_end: input.periodEnd,
        },
      ],
      url: `/v1/subscription_items?subscription=${input.id}`,
    },
  };
};

export interface InvoiceInput {
  id: string;
  customer: string;
  customerEmail: string | null;
  subscription: string;
  subscriptionMetadata: Record<string, string>;
  price: Json;
  amount: number;
  paid: boolean;
  billingReason: 'subscription_create' | 'subscription_cycle';
  created: number;
  periodStart: number;
  periodEnd: number;
}

export const buildInvoice = (fx: StripeFixtures, input: InvoiceInput): Json => {
  const invoice = copy(fx.invoice);
  const lines = invoice['lines'] as Json;
  const [line] = lines['data'] as Json[];
  const transitions = invoice['status_transitions'] as Json;
  return {
    ...invoice,
    id: input.id,
    customer: input.customer,
    customer_email: input.customerEmail,
    billing_reason: input.billingReason,
    created: input.created,
    effective_at: input.created,
    period_start: input.periodStart,
    period_end: input.periodEnd,
    amount_due: input.amount,
    amount_paid: input.paid ? input.amount : 0,
    amount_remaining: input.paid ? 0 : input.amount,
    attempt_count: 1,
    attempted: true,
    status: input.paid ? 'paid' : 'open',
    status_transitions: { ...transitions, finalized_at: input.created, paid_at: input.paid ? input.created : null },
    subtotal: input.amount,
    subtotal_excluding_tax: input.amount,
    total: input.amount,
    total_excluding_tax: input.amount,
    amount_overpaid: 0,
    shipping_cost: null,
    last_finalization_error: null,
    from_invoice: null,
    livemode: false,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...input.subscriptionMetadata }, subscription: input.subscription },
      type: 'subscription_details',
    },
    lines: {
      ...lines,
      data: [
        {
          ...line,
          id: `il_${input.id.slice(3)}`,
          invoice: input.id,
          amount: input.amount,
          subtotal: input.amount,
          description: `1 × ${String(input.price['nickname'])}`,
          period: { start: input.periodStart, end: input.periodEnd },
          parent: {
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: input.subscription,
              subscription_item: `si_${input.subscription.slice(4)}`,
            },
            type: 'subscription_item_details',
          },
          pricing: { type: 'price_details', price_details: { price: input.price['id'], product: input.price['product'] }, unit_amount_decimal: String(input.amount) },
        },
      ],
      url: `/v1/invoices/${input.id}/lines`,
    },
  };
};

export interface CheckoutSessionInput {
  id: string;
  created: number;
  expiresAt: number;
  clientReferenceId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  url: string;
  metadata: Record<string, string>;
  amountTotal: number;
}

/** An open subscription-mode session (no customer, subscription or payment yet). */
export const buildCheckoutSession = (fx: StripeFixtures, input: CheckoutSessionInput): Json => {
  const session = copy(fx.checkoutSession);
  return {
    ...session,
    id: input.id,
    created: input.created,
    expires_at: input.expiresAt,
    mode: 'subscription',
    client_reference_id: input.clientReferenceId,
    customer_email: input.customerEmail,
    customer: null,
    customer_details: null,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    url: input.url,
    metadata: { ...input.metadata },
    currency: 'usd',
    amount_subtotal: input.amountTotal,
    amount_total: input.amountTotal,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    invoice: null,
    shipping_address_collection: null,
    shipping_cost: null,
    currency_conversion: null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    livemode: false,
  };
};

export const buildCustomer = (fx: StripeFixtures, input: { id: string; email: string | null; created: number }): Json => ({
  ...copy(fx.customer),
  id: input.id,
  email: input.email,
  created: input.created,
  discount: null,
  livemode: false,
});

export const buildPortalSession = (fx: StripeFixtures, input: { id: string; customer: string; created: number; returnUrl: string | null; url: string }): Json => ({
  ...copy(fx.portalSession),
  id: input.id,
  customer: input.customer,
  created: input.created,
  return_url: input.returnUrl,
  url: input.url,
  flow: null,
  livemode: false,
});

/** An event envelope (Stripe's `event` mock) carrying a snapshot of `object`. */
export const buildEvent = (fx: StripeFixtures, input: { id: string; type: string; created: number; object: Json; apiVersion: string }): Json => ({
  ...copy(fx.event),
  id: input.id,
  type: input.type,
  created: input.created,
  api_version: input.apiVersion,
  data: { object: copy(input.object) },
  pending_webhooks: 1,
  livemode: false,
});
