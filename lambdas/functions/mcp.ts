/**
 * The MCP function (bounded context "mcp", issue 21): the Model Context Protocol server agents
 * use to search Latent Jobs, at `/mcp` on the site (and `/api/mcp`), dispatched on
 * `event.routeKey` by the shared HTTP chain (lambdas/http/http-handler.ts):
 *
 * - `POST /mcp`: JSON-RPC over stateless Streamable HTTP with JSON answers (lambdas/mcp/mcp-http.ts);
 *   the tools are lambdas/mcp/public-tools.ts over the same domain functions as the API, and the
 *   signed-in ones (lambdas/mcp/saved-search-tools.ts: the saved-search use cases of
 *   /users/me/searches) need a Cognito ID token (401 with WWW-Authenticate without one);
 * - `GET /mcp`, `DELETE /mcp`: 405 (no SSE stream, no session);
 * - `GET /.well-known/oauth-protected-resource` and `.../mcp`: the RFC 9728 metadata naming the
 *   user pool as authorisation server.
 * Per-client limits: on AWS the WAF rule for /mcp (infra/aws/constructs/web.ts); where the
 * function is given a `limiter` (the local product) it counts calls per client address itself
 * and answers 429 with Retry-After past `requestsPerMinute`.
 *
 * - `handler`: the Lambda entry point; builds the DynamoDB repositories and the warm search index once per cold start.
 * - `createMcpHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RateLimiter } from '../../shared/email/email-ports';
import { TooManyRequestsError } from '../../shared/errors';
import { createJwtAuthorizer, type JwtAuthorizer } from '../auth/jwt-authorizer';
import { readConfig, readMcpConfig, readOriginConfig, type AuthConfig, type Config, type McpConfig } from '../config';
import { clientAddressOf } from '../http/client-address';
import { createHttpHandler, type ApiRoute, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { routeKey } from '../http/routes';
import { siteOrigin } from '../http/site-origin';
import { allowedHostsOf, methodNotAllowed, resourceMetadata, serveMcp } from '../mcp/mcp-http';
import { registerPublicTools, type PublicToolDeps } from '../mcp/public-tools';
import { registerSavedSearchTools } from '../mcp/saved-search-tools';
import type { SavedSearchIds, SavedSearchRepository } from '../../shared/alerts/saved-search-ports';
import type { SavedSearchDeps } from '../../shared/alerts/saved-searches-api';
import type { UserRepository } from '../../shared/users/user-ports';
import { createRecentJobIndex, summariesOfIndex } from '../search/recent-job-index';
import { randomSavedSearchIds } from '../storage/saved-search-ids';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from '../mcp/tool-catalog';
import { createLogger, type Logger } from '../observability/log';
import { DynamoCoverageSources } from '../storage/coverage-reader';
import { createStorage, type Storage } from '../storage/repositories';
import { coverageEvery } from './companies';
import { indexListingJobs, jobsDepsFromStorage, type JobsDeps } from './jobs';
import { searchSnapshotsFromConfig } from '../storage/s3-search-snapshots';
import { onFirstCall } from './on-first-call';

export interface McpDeps extends Omit<PublicToolDeps, 'logger'> {
  /** The signed-in tools' storage (the users function's): saved searches and accounts. */
  savedSearches: SavedSearchRepository;
  users: Pick<UserRepository, 'get' | 'saveGroups'>;
  /** New saved-search ids and feed tokens (random by default). */
  ids?: SavedSearchIds;
  config: McpConfig;
  /** The user pool whose ID tokens sign callers in, or null when none is configured. */
  auth: Pick<AuthConfig, 'issuer' | 'clientId' | 'jwksUrl'> | null;
  /** Behind CloudFront (the origin check is on): the client's host is X-Forwarded-Host. */
  behindCloudFront: boolean;
  /** Counts calls per client where the function limits them itself (the local product); null on AWS (WAF). */
  limiter: RateLimiter | null;
}

const RATE_WINDOW_SECONDS = 60;

/** The MCP function's routes. */
export const mcpRoutes = (deps: McpDeps, logger: Logger): ApiRoutes => {
  const allowedHosts = deps.config.siteUrl === null ? null : allowedHostsOf(deps.config.siteUrl);
  const authorize: JwtAuthorizer | null = deps.auth === null ? null : createJwtAuthorizer(deps.auth);
  const origin = (event: Parameters<typeof siteOrigin>[0]): string => deps.config.siteUrl ?? siteOrigin(event);
  const tools: PublicToolDeps = { ...deps, logger };
  const recentIndex = createRecentJobIndex(() => deps.searchIndex(), summariesOfIndex, deps.clock);
  const savedSearchDeps = (siteUrl: string): SavedSearchDeps => ({
    searches: deps.savedSearches,
    users: deps.users,
    ids: deps.ids ?? randomSavedSearchIds,
    clock: deps.clock,
    siteUrl,
    recentIndex,
  });
  const notAllowed: ApiRoute = { cache: 'none', kind: 'page', handle: () => methodNotAllowed() };
  const metadata: ApiRoute = { cache: 'public', handle: (event) => resourceMetadata(origin(event), deps.auth?.issuer ?? null) };
  return {
    [routeKey({ method: 'POST', path: '/mcp' })]: {
      cache: 'none',
      kind: 'page',
      handle: async (event) => {
        if (deps.limiter !== null) {
          const { allowed, resetAt } = await deps.limiter.hit(`mcp#${clientAddressOf(event)}`, deps.config.requestsPerMinute, RATE_WINDOW_SECONDS, deps.clock());
          if (!allowed) throw new TooManyRequestsError('Too many MCP calls from this address; try again in a minute', Math.max(1, Math.ceil((resetAt.getTime() - deps.clock().getTime()) / 1000)));
        }
        const site = origin(event);
        return serveMcp(event, {
          origin: site,
          allowedHosts,
          behindCloudFront: deps.behindCloudFront,
          authorize,
          buildServer: (identity) => {
            const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
            registerPublicTools(server, tools, site);
            registerSavedSearchTools(server, savedSearchDeps(site), identity?.user_id ?? null, logger);
            return server;
          },
        });
      },
    },
    [routeKey({ method: 'GET', path: '/mcp' })]: notAllowed,
    [routeKey({ method: 'DELETE', path: '/mcp' })]: notAllowed,
    [routeKey({ method: 'GET', path: '/.well-known/oauth-protected-resource' })]: metadata,
    [routeKey({ method: 'GET', path: '/.well-known/oauth-protected-resource/mcp' })]: metadata,
  };
};

export const createMcpHandler = (deps: McpDeps, options: HttpHandlerOptions = {}): HttpHandler => {
  const logger = options.logger ?? createLogger();
  return createHttpHandler(mcpRoutes(deps, logger), { ...options, logger });
};

/**
 * The MCP function's ports on DynamoDB: its own warm search index on AWS, or the jobs function's
 * (`jobs`, the local product, which runs both in one process), and a `limiter` where it limits
 * calls itself.
 */
export const mcpDepsFromStorage = (
  storage: Storage,
  config: Config,
  mcp: McpConfig,
  { jobs = jobsDepsFromStorage(storage, config, searchSnapshotsFromConfig(config)), limiter = null }: { jobs?: JobsDeps; limiter?: RateLimiter | null } = {},
): McpDeps => {
  return {
    ...jobs,
    companies: storage.companies,
    savedSearches: storage.savedSearches,
    users: storage.users,
    coverage: coverageEvery({ coverage: new DynamoCoverageSources(storage.clients.doc, config.dynamodb.tables.state), clock: jobs.clock, jobs: storage.jobs }),
    config: mcp,
    auth: config.auth,
    behindCloudFront: readOriginConfig().secret !== null,
    limiter,
  };
};

/** Builds the MCP function from a configuration (one call per cold start); without a snapshot its search index lists every open job on the bulk timeouts, as the jobs function's does. */
export const createMcpFunction = (config: Config, mcp: McpConfig = readMcpConfig(), storage: Storage = createStorage(config)): HttpHandler => {
  const logger = createLogger(config.logLevel);
  const jobs = jobsDepsFromStorage(storage, config, searchSnapshotsFromConfig(config), logger, indexListingJobs(config));
  return createMcpHandler(mcpDepsFromStorage(storage, config, mcp, { jobs }), { logger });
};

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createMcpFunction(readConfig()));
