/**
 * The users function (bounded context "users"), dispatched on `event.routeKey` by the shared
 * HTTP chain:
 * - `POST /users`, `GET /users/me`, `POST /users/subscribe` (auth routes: API Gateway's JWT
 *   authorizer, or locally infra/local's verifier, has checked the token; the caller's identity
 *   comes from its claims only, see lambdas/auth/identity.ts; no claims or an access token → 401);
 * - `GET /auth/config` (public): the SPA's sign-in settings (shared/users/auth-settings.ts);
 * - `GET|POST /users/me/searches`, `PATCH|DELETE /users/me/searches/{id}`,
 *   `POST /users/me/searches/{id}/feed-token`: the caller's saved searches
 *   (shared/alerts/saved-searches-api.ts), by the token's `sub` only; the id in the path is
 *   looked up among the caller's own.
 *
 * - `handler`: the Lambda entry point; configuration and the DynamoDB repository once per cold start.
 * - `createUsersHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import type { UserRepository } from '../../shared/users/user-ports';
import type { SavedSearchIds, SavedSearchRepository } from '../../shared/alerts/saved-search-ports';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, rotateFeedToken, updateSavedSearch } from '../../shared/alerts/saved-searches-api';
import type { JobIndex } from '../../shared/search/job-search';
import type { Clock } from '../../shared/time/clock';
import type { AuthSettings } from '../../shared/users/auth-settings';
import { getMe, registerUser, subscribeToAlerts } from '../../shared/users/users-api';
import { identityFromEvent } from '../auth/identity';
import { readConfig, readSiteUrl, type Config } from '../config';
import { createRecentJobIndex } from '../search/recent-job-index';
import { createWarmJobIndex } from '../search/warm-job-index';
import { randomSavedSearchIds } from '../storage/saved-search-ids';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../observability/log';
import { routeKey } from '../http/routes';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export interface UsersFunctionDeps {
  users: UserRepository;
  clock: Clock;
  authSettings: AuthSettings;
  savedSearches: SavedSearchRepository;
  /** The site's origin, for the private feed URLs. */
  siteUrl: string;
  /** The index of the open jobs first seen in the last 7 days (lambdas/search/recent-job-index.ts). */
  recentIndex(): Promise<JobIndex>;
  ids?: SavedSearchIds;
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

export const usersRoutes = (deps: UsersFunctionDeps): ApiRoutes => {
  const ids = deps.ids ?? randomSavedSearchIds;
  const searchDeps = { searches: deps.savedSearches, users: deps.users, ids, clock: deps.clock, siteUrl: deps.siteUrl, recentIndex: deps.recentIndex };
  const usersDeps = { users: deps.users, clock: deps.clock, groupSearches: { searches: deps.savedSearches, ids } };
  const caller = (event: Parameters<typeof identityFromEvent>[0]): string => identityFromEvent(event).user_id;
  return {
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
    handle: (event) => subscribeToAlerts(identityFromEvent(event), event.body, usersDeps),
  },
  [routeKey({ method: 'GET', path: '/users/me/searches' })]: {
    cache: 'none',
    handle: (event) => listSavedSearches(caller(event), searchDeps),
  },
  [routeKey({ method: 'POST', path: '/users/me/searches' })]: {
    cache: 'none',
    status: 201,
    handle: (event) => createSavedSearch(caller(event), event.body, searchDeps),
  },
  [routeKey({ method: 'PATCH', path: '/users/me/searches/{id}' })]: {
    cache: 'none',
    handle: (event) => updateSavedSearch(caller(event), event.pathParameters?.id, event.body, searchDeps),
  },
  [routeKey({ method: 'DELETE', path: '/users/me/searches/{id}' })]: {
    cache: 'none',
    kind: 'page',
    handle: async (event) => {
      await deleteSavedSearch(caller(event), event.pathParameters?.id, searchDeps);
      return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
    },
  },
  [routeKey({ method: 'POST', path: '/users/me/searches/{id}/feed-token' })]: {
    cache: 'none',
    handle: (event) => rotateFeedToken(caller(event), event.pathParameters?.id, searchDeps),
  },
  [routeKey({ method: 'GET', path: '/auth/config' })]: {
    cache: 'public',
    handle: () => deps.authSettings,
  },
  };
};

export const createUsersHandler = (deps: UsersFunctionDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(usersRoutes(deps), options);

/**
 * Builds the users function from a configuration (one call per cold start). The open jobs'
 * summaries are kept warm (rebuilt on a new catalog version) for the saved searches' counts.
 */
export const createUsersFunction = (
  config: Config,
  storage: Pick<Storage, 'users' | 'savedSearches' | 'jobs' | 'catalogVersion'> = createStorage(config),
  siteUrl: string = readSiteUrl(),
): HttpHandler => {
  const clock = () => new Date();
  const summaries = createWarmJobIndex({ jobs: storage.jobs, catalogVersion: storage.catalogVersion, build: (all) => ({ all }), checkEverySeconds: config.searchVersionCheckSeconds });
  return createUsersHandler(
    {
      users: storage.users,
      clock,
      authSettings: authSettingsOf(config),
      savedSearches: storage.savedSearches,
      siteUrl,
      recentIndex: createRecentJobIndex(() => summaries.get(), ({ all }) => all, clock),
    },
    { logger: createLogger(config.logLevel) },
  );
};

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createUsersFunction(readConfig()));
