/**
 * The users function (bounded context "users"), dispatched on `event.routeKey` by the shared
 * HTTP chain:
 * - `POST /users`, `GET /users/me`, `POST /users/subscribe` (auth routes: API Gateway's JWT
 *   authorizer, or locally infra/local's verifier, has checked the token; the caller's identity
 *   comes from its claims only, see lambdas/auth/identity.ts; no claims or an access token → 401);
 * - `GET /auth/config` (public): the SPA's sign-in settings (shared/users/auth-settings.ts).
 *
 * - `handler`: the Lambda entry point; configuration and the DynamoDB repository once per cold start.
 * - `createUsersHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import type { UserRepository } from '../../shared/users/user-ports';
import type { Clock } from '../../shared/time/clock';
import type { AuthSettings } from '../../shared/users/auth-settings';
import { getMe, registerUser, subscribeToAlerts } from '../../shared/users/users-api';
import { identityFromEvent } from '../auth/identity';
import { readConfig, type Config } from '../config';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../observability/log';
import { routeKey } from '../http/routes';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export interface UsersFunctionDeps {
  users: UserRepository;
  clock: Clock;
  authSettings: AuthSettings;
}

/** The SPA's sign-in settings from the configuration. */
export const authSettingsOf = (config: Pick<Config, 'auth' | 'region'>): AuthSettings =>
  config.auth === null
    ? { configured: false }
    : {
        configured: true,
        region: config.region,
        userPoolId: config.auth.userPoolId,
        userPoolClientId: config.auth.clientId,
        oauthDomain: config.auth.domain ?? null,
        userPoolEndpoint: config.auth.endpoint ?? null,
      };

export const usersRoutes = (deps: UsersFunctionDeps): ApiRoutes => ({
  [routeKey({ method: 'POST', path: '/users' })]: {
    cache: 'none',
    handle: (event) => registerUser(identityFromEvent(event), deps),
  },
  [routeKey({ method: 'GET', path: '/users/me' })]: {
    cache: 'none',
    handle: (event) => getMe(identityFromEvent(event), deps),
  },
  [routeKey({ method: 'POST', path: '/users/subscribe' })]: {
    cache: 'none',
    handle: (event) => subscribeToAlerts(identityFromEvent(event), event.body, deps),
  },
  [routeKey({ method: 'GET', path: '/auth/config' })]: {
    cache: 'public',
    handle: () => deps.authSettings,
  },
});

export const createUsersHandler = (deps: UsersFunctionDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(usersRoutes(deps), options);

/** Builds the users function from a configuration (one call per cold start). */
export const createUsersFunction = (config: Config, storage: Pick<Storage, 'users'> = createStorage(config)): HttpHandler =>
  createUsersHandler(
    { users: storage.users, clock: () => new Date(), authSettings: authSettingsOf(config) },
    { logger: createLogger(config.logLevel) },
  );

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createUsersFunction(readConfig()));
