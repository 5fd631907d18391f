/**
 * The HTTP API's routes, defined once: CDK (infra/aws) declares them on API Gateway and the
 * local adapter (infra/local) dispatches to the same handlers from this table.
 * `fn` names the Lambda function (one per bounded context) whose handler serves the route;
 * `auth` marks routes behind the JWT authorizer.
 */
export type FunctionName = 'jobs' | 'companies' | 'content' | 'users' | 'payments' | 'webhook' | 'email';

export interface RouteDefinition {
  method: 'GET' | 'POST';
  /** API Gateway route path, with `{param}` placeholders. */
  path: string;
  fn: FunctionName;
  auth: boolean;
}

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'POST', path: '/jobs', fn: 'jobs', auth: false },
  { method: 'GET', path: '/jobs/suggest', fn: 'jobs', auth: false },
  { method: 'GET', path: '/jobs/{company}/{slug}', fn: 'jobs', auth: false },
  { method: 'GET', path: '/departments', fn: 'jobs', auth: false },
  { method: 'GET', path: '/companies', fn: 'companies', auth: false },
  { method: 'GET', path: '/companies/{name}', fn: 'companies', auth: false },
  { method: 'GET', path: '/blog/posts', fn: 'content', auth: false },
  { method: 'GET', path: '/blog/posts/{slug}', fn: 'content', auth: false },
  { method: 'GET', path: '/auth/config', fn: 'users', auth: false },
  { method: 'POST', path: '/users', fn: 'users', auth: true },
  { method: 'GET', path: '/users/me', fn: 'users', auth: true },
  { method: 'POST', path: '/users/subscribe', fn: 'users', auth: true },
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
];

/** API Gateway's route key for a route, e.g. "GET /jobs/{company}/{slug}". */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string => `${route.method} ${route.path}`;
