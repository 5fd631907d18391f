/**
 * The payments context's adapters built from configuration, once per cold start:
 * `createPaymentsRuntime(config, paymentsConfig, storage)` → `{ gateway, planOfPrice, webhookSecret(), events }`.
 *
 * Secrets (the Stripe secret key, the webhook signing secret) come from the configuration's
 * value (local) or from Secrets Manager by ARN (AWS), read on first use and cached by
 * lambdas/secrets/secrets.ts. Without a configured key every Stripe call answers
 * UpstreamError 503 "Payments are not configured" (the local start always configures the stand-in).
 */
import type { PaymentEventLog, PaymentGateway } from '../../shared/payments/payment-ports';
import { PLAN_IDS, type PlanId } from '../../shared/billing/plans';
import type { PlanOfPrice } from '../../shared/billing/stripe-events';
import { UpstreamError } from '../../shared/errors';
import type { Config, PaymentsConfig, SecretSource } from '../config';
import { createSecretReader, resolveSecret, type SecretReader } from '../secrets/secrets';
import { DynamoPaymentEventLog } from '../storage/payment-events';
import type { Storage } from '../storage/repositories';
import { createStripeGateway, stripeClient } from './stripe-gateway';

export const NOT_CONFIGURED_MESSAGE = 'Payments are not configured';

export interface PaymentsRuntime {
  gateway: PaymentGateway;
  planOfPrice: PlanOfPrice;
  /** The webhook signing secret. @throws UpstreamError when it is not configured or unreadable. */
  webhookSecret(): Promise<string>;
  events: PaymentEventLog;
}

const resolve = (source: SecretSource | null, readSecret: SecretReader): Promise<string> =>
  source === null ? Promise.reject(new UpstreamError(NOT_CONFIGURED_MESSAGE, 503)) : resolveSecret(source, readSecret);

/** The plan whose configured price is `priceId`, or null. */
export const planOfConfiguredPrice =
  (prices: PaymentsConfig['prices']): PlanOfPrice =>
  (priceId) =>
    PLAN_IDS.find((plan: PlanId) => prices[plan] === priceId) ?? null;

/** A gateway that builds the Stripe client on first use (after reading its key), then reuses it. */
const lazyGateway = (make: () => Promise<PaymentGateway>): PaymentGateway => {
  let gateway: Promise<PaymentGateway> | undefined;
  const get = () => {
    gateway ??= make();
    gateway.catch(() => (gateway = undefined));
    return gateway;
  };
  return {
    createCheckoutSession: async (request) => (await get()).createCheckoutSession(request),
    retrieveCheckoutSession: async (id) => (await get()).retrieveCheckoutSession(id),
    createPortalSession: async (customer, returnUrl) => (await get()).createPortalSession(customer, returnUrl),
    retrieveSubscription: async (id) => (await get()).retrieveSubscription(id),
  };
};

export const createPaymentsRuntime = (
  config: Pick<Config, 'region' | 'dynamodb'>,
  payments: PaymentsConfig,
  storage: Pick<Storage, 'clients'>,
  readSecret: SecretReader = createSecretReader(config.region),
): PaymentsRuntime => ({
  gateway: lazyGateway(async () => createStripeGateway(stripeClient(await resolve(payments.secretKey, readSecret), payments.api), payments.prices)),
  planOfPrice: planOfConfiguredPrice(payments.prices),
  webhookSecret: () => resolve(payments.webhookSecret, readSecret),
  events: new DynamoPaymentEventLog(storage.clients.doc, config.dynamodb.tables.stripe_events),
});
