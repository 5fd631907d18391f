/**
 * The Stripe webhook function (route `POST /payments/webhook`, fn "webhook", no authorizer:
 * Stripe proves itself with the signature), a 'raw' route of the one HTTP chain
 * (lambdas/http/http-handler.ts): it reads the body as sent, exactly the bytes Stripe signed
 * (API Gateway hands text bodies as UTF-8 strings and others base64 with `isBase64Encoded`;
 * `rawBodyOf` turns both back into bytes), and errors are answered by the chain's one mapping.
 *
 * - Signature missing, wrong, on another body, too old or in the future (300 s), body not UTF-8
 *   or not an event → 400 `{"message":"Invalid Stripe signature"}`, nothing read or written,
 *   logged as a warning with `metric: "StripeWebhookSignatureFailure"`.
 * - Verified → shared/payments/take-in-event.ts → 200 `{"received":true,"outcome":...}`.
 * - A failure after verification (storage, Stripe read-back) → 5xx, so Stripe delivers again.
 *
 * `createStripeWebhookHandler(deps)` for tests and the local server; `handler` for Lambda.
 */
import { BadRequestError } from '../../shared/errors';
import { takeInStripeEvent, type TakeInDeps } from '../../shared/payments/take-in-event';
import { readConfig, readPaymentsConfig, type Config, type PaymentsConfig } from '../config';
import { createHttpHandler, rawBodyOf, type ApiEvent, type ApiRoutes, type HttpHandler } from '../http/http-handler';
import { createLogger, type Logger } from '../observability/log';
import { routeKey } from '../http/routes';
import { createPaymentsRuntime } from '../payments/payments-runtime';
import { SIGNATURE_HEADER, verifyStripeDelivery, WebhookSignatureError } from '../payments/webhook-signature';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export const WEBHOOK_ROUTE_KEY = routeKey({ method: 'POST', path: '/payments/webhook' });
export const INVALID_SIGNATURE_MESSAGE = 'Invalid Stripe signature';

export interface StripeWebhookDeps extends TakeInDeps {
  /** The endpoint's signing secret (whsec_...). */
  webhookSecret(): Promise<string>;
  logger: Logger;
}

/** Verify → take in → `{ received: true, outcome }`; a bad signature throws BadRequestError (400). */
const receive = async (event: ApiEvent, deps: StripeWebhookDeps) => {
  const secret = await deps.webhookSecret();
  let verified;
  try {
    verified = verifyStripeDelivery(rawBodyOf(event), event.headers?.[SIGNATURE_HEADER], secret, deps.clock());
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    deps.logger('warn', 'Stripe webhook signature rejected', { routeKey: event.routeKey, reason: error.message, metric: 'StripeWebhookSignatureFailure' });
    throw new BadRequestError(INVALID_SIGNATURE_MESSAGE);
  }
  const { outcome, userId } = await takeInStripeEvent(verified, deps);
  deps.logger(outcome === 'unmatched' ? 'warn' : 'info', 'Stripe event taken in', { routeKey: event.routeKey, eventId: verified.id, type: verified.type, outcome, userId });
  return { received: true, outcome };
};

/** The webhook's one route. */
export const stripeWebhookRoutes = (deps: StripeWebhookDeps): ApiRoutes => ({
  // Stripe's events carry whole objects (an invoice with its lines): more room than the 64 KiB default.
  [WEBHOOK_ROUTE_KEY]: { cache: 'none', kind: 'raw', maxBodyBytes: 1024 * 1024, handle: (event) => receive(event, deps) },
});

export const createStripeWebhookHandler = (deps: StripeWebhookDeps): HttpHandler => createHttpHandler(stripeWebhookRoutes(deps), { logger: deps.logger });

/** Builds the webhook function from a configuration (one call per cold start). */
export const createStripeWebhookFunction = (
  config: Config,
  storage: Storage = createStorage(config),
  payments: PaymentsConfig = readPaymentsConfig(),
): HttpHandler => {
  const runtime = createPaymentsRuntime(config, payments, storage);
  return createStripeWebhookHandler({
    users: storage.users,
    gateway: runtime.gateway,
    events: runtime.events,
    planOfPrice: runtime.planOfPrice,
    webhookSecret: runtime.webhookSecret,
    clock: () => new Date(),
    logger: createLogger(config.logLevel),
  });
};

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createStripeWebhookFunction(readConfig()));
