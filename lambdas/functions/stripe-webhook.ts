/**
 * The Stripe webhook function (route `POST /payments/webhook`, fn "webhook", no authorizer:
 * Stripe proves itself with the signature). It reads the RAW body, exactly the bytes Stripe
 * signed (API Gateway hands text bodies as UTF-8 strings and others base64 with
 * `isBase64Encoded`; both are turned back into bytes), so it does not use the JSON body parser
 * of the other functions.
 *
 * - Signature missing, wrong, on another body, too old or in the future (300 s), body not UTF-8
 *   or not an event → 400 `{"message":"Invalid Stripe signature"}`, nothing read or written,
 *   logged as a warning with `metric: "StripeWebhookSignatureFailure"`.
 * - Verified → shared/billing/take-in-event.ts → 200 `{"received":true,"outcome":...}`.
 * - A failure after verification (storage, Stripe read-back) → 5xx, so Stripe delivers again.
 *
 * `createStripeWebhookHandler(deps)` for tests and the local server; `handler` for Lambda.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { takeInStripeEvent, type TakeInDeps } from '../../shared/billing/take-in-event';
import { readConfig, readPaymentsConfig, type Config, type PaymentsConfig } from '../config';
import type { HttpHandler } from '../http/http-handler';
import { createLogger, describeError, type Logger } from '../http/log';
import { errorResult, jsonResponse, type HttpResult } from '../http/responses';
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

/** The request body as the bytes the sender sent. */
export const rawBodyOf = (event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): Buffer =>
  event.body === undefined ? Buffer.alloc(0) : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');

export const createStripeWebhookHandler =
  (deps: StripeWebhookDeps): HttpHandler =>
  async (event: APIGatewayProxyEventV2, context: Context): Promise<HttpResult> => {
    const where = { routeKey: event.routeKey, requestId: event.requestContext?.requestId, awsRequestId: context?.awsRequestId };
    if (event.routeKey !== WEBHOOK_ROUTE_KEY) return jsonResponse(404, { message: 'Not Found' });
    try {
      const secret = await deps.webhookSecret();
      let verified;
      try {
        verified = verifyStripeDelivery(rawBodyOf(event), event.headers?.[SIGNATURE_HEADER], secret, deps.clock());
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        deps.logger('warn', 'Stripe webhook signature rejected', { ...where, reason: error.message, metric: 'StripeWebhookSignatureFailure' });
        return jsonResponse(400, { message: INVALID_SIGNATURE_MESSAGE });
      }
      const { outcome, userId } = await takeInStripeEvent(verified, deps);
      deps.logger(outcome === 'unmatched' ? 'warn' : 'info', 'Stripe event taken in', { ...where, eventId: verified.id, type: verified.type, outcome, userId });
      return jsonResponse(200, { received: true, outcome });
    } catch (error) {
      const { status, message, serverFault } = errorResult(error);
      if (serverFault) deps.logger('error', 'Stripe webhook failed', { ...where, status, error: describeError(error) });
      return jsonResponse(status, { message });
    }
  };

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
