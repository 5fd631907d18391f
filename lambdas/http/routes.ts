/**
 * The HTTP API's routes, defined once: CDK (infra/aws) declares them on API Gateway and the
 * local adapter (infra/local) dispatches to the same handlers from this table.
 * `fn` names the Lambda function (one per bounded context) whose handler serves the route;
 * `auth` marks routes behind the JWT authorizer.
 */
export type FunctionName = 'jobs' | 'companies' | 'content' | 'users' | 'payments' | 'webhook' | 'email' | 'mcp';

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** API Gateway route path, with `{param}` placeholders. */
  path: string;
  fn: FunctionName;
  auth: boolean;
  /**
   * Also served at the site's root under this exact path, not only under /api (the MCP endpoint
   * is `https://site/mcp`): CloudFront sends it to the API unchanged (infra/aws/constructs/web.ts)
   * and the local server hands it to the same handler (infra/local/http-adapter.ts).
   */
  atSiteRoot?: true;
}

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'POST', path: '/jobs', fn: 'jobs', auth: false },
  { method: 'GET', path: '/jobs/suggest', fn: 'jobs', auth: false },
  // Feeds of any search (issue 12.4): also served at the site root, see SITE_ROOT_PREFIXES.
  { method: 'GET', path: '/feeds/jobs.rss', fn: 'jobs', auth: false },
  { method: 'GET', path: '/feeds/jobs.json', fn: 'jobs', auth: false },
  { method: 'GET', path: '/jobs/{company}/{slug}', fn: 'jobs', auth: false },
  { method: 'GET', path: '/departments', fn: 'jobs', auth: false },
  // The OpenAPI 3.1 document of the public routes (lambdas/http/openapi.ts).
  { method: 'GET', path: '/openapi.json', fn: 'jobs', auth: false },
  { method: 'GET', path: '/companies', fn: 'companies', auth: false },
  { method: 'GET', path: '/companies/{name}', fn: 'companies', auth: false },
  // What we track and how fresh it is (issue 13.4): from the crawl's source statuses and run records.
  { method: 'GET', path: '/coverage', fn: 'companies', auth: false },
  { method: 'GET', path: '/blog/posts', fn: 'content', auth: false },
  { method: 'GET', path: '/blog/posts/{slug}', fn: 'content', auth: false },
  { method: 'GET', path: '/auth/config', fn: 'users', auth: false },
  { method: 'POST', path: '/users', fn: 'users', auth: true },
  { method: 'GET', path: '/users/me', fn: 'users', auth: true },
  { method: 'POST', path: '/users/subscribe', fn: 'users', auth: true },
  // Saved searches (issue 20.2, shared/alerts/saved-search.ts): the caller's own, by the token's sub.
  { method: 'GET', path: '/users/me/searches', fn: 'users', auth: true },
  { method: 'POST', path: '/users/me/searches', fn: 'users', auth: true },
  { method: 'PATCH', path: '/users/me/searches/{id}', fn: 'users', auth: true },
  { method: 'DELETE', path: '/users/me/searches/{id}', fn: 'users', auth: true },
  { method: 'POST', path: '/users/me/searches/{id}/feed-token', fn: 'users', auth: true },
  // A saved search's private feeds (issue 20.5): the unguessable token is the credential (shared/alerts/saved-search-feed.ts).
  { method: 'GET', path: '/feeds/searches/{token}/feed.rss', fn: 'jobs', auth: false },
  { method: 'GET', path: '/feeds/searches/{token}/feed.json', fn: 'jobs', auth: false },
  { method: 'POST', path: '/payments/checkout', fn: 'payments', auth: true },
  { method: 'POST', path: '/payments/confirm', fn: 'payments', auth: true },
  { method: 'POST', path: '/payments/portal', fn: 'payments', auth: true },
  // Stripe signs its deliveries (checked on the raw body by the webhook function): no authorizer.
  { method: 'POST', path: '/payments/webhook', fn: 'webhook', auth: false },
  // Who may be emailed (issue 6): public; the links carry signed tokens, the sign-up is rate-limited.
  { method: 'POST', path: '/newsletter/subscribe', fn: 'email', auth: false },
  { method: 'GET', path: '/newsletter/confirm', fn: 'email', auth: false },
  { method: 'GET', path: '/unsubscribe', fn: 'email', auth: false },
  { method: 'POST', path: '/unsubscribe', fn: 'email', auth: false },
  // The Model Context Protocol server (issue 21, lambdas/functions/mcp.ts): stateless Streamable
  // HTTP. Public, as its public tools need no sign-in; the function itself verifies the bearer
  // token of a signed-in tool's call and answers 401 with WWW-Authenticate without one, as the MCP
  // authorization spec asks, which an authorizer on the route could not do per tool.
  { method: 'POST', path: '/mcp', fn: 'mcp', auth: false, atSiteRoot: true },
  { method: 'GET', path: '/mcp', fn: 'mcp', auth: false, atSiteRoot: true },
  { method: 'DELETE', path: '/mcp', fn: 'mcp', auth: false, atSiteRoot: true },
  // OAuth 2.0 protected resource metadata (RFC 9728) of /mcp: at the root and path-suffixed forms.
  { method: 'GET', path: '/.well-known/oauth-protected-resource', fn: 'mcp', auth: false, atSiteRoot: true },
  { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp', fn: 'mcp', auth: false, atSiteRoot: true },
];

/**
 * Route path prefixes the site serves at its root as well as under /api (feed readers get
 * `https://site/feeds/jobs.rss?...`): CloudFront sends them to the API unchanged, and the local
 * server hands them to the same handlers.
 */
export const SITE_ROOT_PREFIXES: readonly string[] = ['/feeds/'];

/** The exact paths served at the site's root as well as under /api (routes marked `atSiteRoot`), e.g. "/mcp". */
export const SITE_ROOT_PATHS: readonly string[] = [...new Set(ROUTES.filter((route) => route.atSiteRoot === true).map((route) => route.path))];

/** API Gateway's route key for a route, e.g. "GET /jobs/{company}/{slug}". */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;
