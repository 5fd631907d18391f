/**
 * The payments function (bounded context "payments"), every route behind the JWT authorizer:
 * `POST /payments/checkout` {plan} → {url}, `POST /payments/confirm` {session_id} → the fresh
 * user (GET /users/me shape), `POST /payments/portal` → {url}; see shared/payments/payments.ts.
 * Identity comes only from the verified claims (lambdas/auth/identity.ts): 401 without them.
 *
 * - `handler`: the Lambda entry point; configuration and adapters once per cold start, the
 *   Stripe key from Secrets Manager on first use.
 * - `createPaymentsHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { confirmCheckout, openCustomerPortal, startCheckout, type PaymentsDeps } from '../../shared/payments/payments';
import { identityFromEvent } from '../auth/identity';
import { readConfig, readPaymentsConfig, type Config, type PaymentsConfig } from '../config';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../observability/log';
import { routeKey } from '../http/routes';
import { createPaymentsRuntime } from '../payments/payments-runtime';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** The payments function's routes: identity from the token → one use case → response body. */
export const paymentsRoutes = (deps: PaymentsDeps): ApiRoutes => ({
  [routeKey({ method: 'POST', path: '/payments/checkout' })]: {
    cache: 'none',
    handle: (event) => startCheckout(event.body, identityFromEvent(event), deps),
  },
  [routeKey({ method: 'POST', path: '/payments/confirm' })]: {
    cache: 'none',
    handle: (event) => confirmCheckout(event.body, identityFromEvent(event), deps),
  },
  [routeKey({ method: 'POST', path: '/payments/portal' })]: {
    cache: 'none',
    handle: (event) => openCustomerPortal(event.body, identityFromEvent(event), deps),
  },
});

export const createPaymentsHandler = (deps: PaymentsDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(paymentsRoutes(deps), options);

/** Builds the payments function from a configuration (one call per cold start). */
export const createPaymentsFunction = (
  config: Config,
  storage: Storage = createStorage(config),
  payments: PaymentsConfig = readPaymentsConfig(),
): HttpHandler => {
  const runtime = createPaymentsRuntime(config, payments, storage);
  return createPaymentsHandler(
    { users: storage.users, gateway: runtime.gateway, planOfPrice: runtime.planOfPrice, siteUrl: payments.siteUrl, clock: () => new Date() },
    { logger: createLogger(config.logLevel) },
  );
};

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createPaymentsFunction(readConfig()));
