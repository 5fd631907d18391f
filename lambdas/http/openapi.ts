/**
 * The OpenAPI 3.1 document of every route (`GET /openapi.json`, served at /api/openapi.json),
 * generated from the route table (routes.ts) and the zod schemas the handlers parse with and
 * answer by (zod 4's `z.toJSONSchema`, JSON Schema 2020-12 as OpenAPI 3.1 uses), so it cannot
 * drift from them. Public routes declare `security: []`; routes behind the authorizer
 * (`auth: true`) declare the bearer JWT scheme (a Cognito user pool token). A route without an
 * entry in `OPERATIONS` fails the test in openapi.test.ts, which also runs Redocly's linter.
 */
import { z } from 'zod';
import { ArticlePathSchema } from '../../shared/content/blog-articles';
import { CompanyPathSchema } from '../../shared/catalog/get-company';
import { DepartmentSchema } from '../../shared/departments/department';
import { SubscribeRequestSchema as NewsletterSubscribeSchema } from '../../shared/email/email-actions';
import { FEED_CONTENT_TYPES } from '../../shared/feeds/job-feed';
import { JobPathSchema } from '../../shared/catalog/get-job';
import { PublicJobSchema } from '../../shared/jobs/job';
import type { SearchFilter } from '../../shared/search/filters/search-filter';
import { SEARCH_FILTERS } from '../../shared/search/filters/search-filters';
import { CheckoutBodySchema, ConfirmBodySchema, PortalBodySchema } from '../../shared/payments/payments';
import { CreateSavedSearchRequestSchema, SavedSearchIdSchema, UpdateSavedSearchRequestSchema } from '../../shared/alerts/saved-search';
import { SubscribeRequestSchema as AlertGroupsSchema } from '../../shared/users/alert-groups';
import { JobPageSchema, JobQuerySchema } from '../../shared/search/job-query';
import { JOB_SORTS } from '../../shared/search/job-search-url';
import { SuggestAnswerSchema, SuggestQuerySchema } from '../../shared/search/suggest-searches';
import { ROUTES, SITE_ROOT_PREFIXES, routeKey } from './routes';
import { MCP_TOOLS, type ToolEntry } from '../mcp/tool-catalog';

type Schema = z.ZodType;

/** What the document says of one route: the schemas its handler uses (none: a free-form JSON object). */
export interface Operation {
  summary: string;
  tag: 'jobs' | 'companies' | 'content' | 'account' | 'email' | 'payments' | 'mcp';
  /** JSON request body. */
  body?: Schema;
  /** Query parameters (an object schema). */
  query?: z.ZodObject;
  /** Path parameters (an object schema). */
  path?: z.ZodObject;
  /** The 200 answer: a JSON schema, or another content type answered as text; 'no content' for a 204 with no body. */
  response?: Schema | { contentType: string; description: string } | 'no content';
}

const ErrorSchema = z.object({ message: z.string() }).meta({ description: 'Every error: 4xx names what was wrong, 5xx says nothing of the internals.' });

/** A saved search's private feed token (shared/alerts/saved-search-feed.ts). */
const FeedTokenPathSchema = z.object({ token: z.string().describe('The private feed token of a saved search') });

/** A page URL parameter's description: the filter's own, and how a list or flag is written. */
const urlDescription = (filter: SearchFilter): string => {
  if (filter.url.one) return `${filter.description} One value.`;
  if (filter.value.kind === 'choices' || filter.value.kind === 'countries' || filter.value.kind === 'texts') return `${filter.description} Repeat the parameter for several.`;
  return filter.description;
};

/** The search parameters of a page URL, which the feeds read (shared/search/job-search-url.ts), from the filters' declarations. */
const PageUrlSearchSchema = z.object({
  search: z.string().optional(),
  ...Object.fromEntries(
    (SEARCH_FILTERS as readonly SearchFilter[]).map((filter) => [
      filter.url.param,
      (filter.value.kind === 'flag' ? z.enum(['true']) : z.string()).optional().meta({ description: urlDescription(filter) }),
    ]),
  ),
  sort: z.enum(JOB_SORTS).optional(),
});

const SavedSearchPathSchema = z.object({ id: SavedSearchIdSchema });

/** Every route by route key. */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  'POST /jobs': { tag: 'jobs', summary: 'Search open jobs: text, filters, facets and paging', body: JobQuerySchema, response: JobPageSchema },
  'GET /jobs/suggest': { tag: 'jobs', summary: 'Completions as a person types (titles, companies, skills, places)', query: SuggestQuerySchema, response: SuggestAnswerSchema },
  'GET /feeds/jobs.rss': { tag: 'jobs', summary: 'RSS 2.0 feed of a search (the page URL parameters); also at /feeds/jobs.rss', query: PageUrlSearchSchema, response: { contentType: FEED_CONTENT_TYPES.rss, description: 'RSS 2.0' } },
  'GET /feeds/jobs.json': { tag: 'jobs', summary: 'JSON Feed 1.1 of a search (the page URL parameters); also at /feeds/jobs.json', query: PageUrlSearchSchema, response: { contentType: FEED_CONTENT_TYPES.json, description: 'JSON Feed 1.1' } },
  'GET /feeds/searches/{token}/feed.rss': { tag: 'jobs', summary: 'RSS 2.0 feed of a saved search: its private URL (token) is shown on the dashboard; also at /feeds/searches/...', path: FeedTokenPathSchema, response: { contentType: FEED_CONTENT_TYPES.rss, description: 'RSS 2.0' } },
  'GET /feeds/searches/{token}/feed.json': { tag: 'jobs', summary: 'JSON Feed 1.1 of a saved search: its private URL (token) is shown on the dashboard; also at /feeds/searches/...', path: FeedTokenPathSchema, response: { contentType: FEED_CONTENT_TYPES.json, description: 'JSON Feed 1.1' } },
  'GET /jobs/{company}/{slug}': { tag: 'jobs', summary: 'One job with its description (a closed job carries closed_at)', path: JobPathSchema, response: PublicJobSchema },
  'GET /departments': { tag: 'jobs', summary: 'The department taxonomy', response: z.object({ items: z.array(DepartmentSchema) }) },
  'GET /openapi.json': { tag: 'jobs', summary: 'This document' },
  'GET /companies': { tag: 'companies', summary: 'Companies with open jobs, most jobs first' },
  'GET /companies/{name}': { tag: 'companies', summary: 'One company and its open jobs by department', path: CompanyPathSchema },
  'GET /coverage': { tag: 'companies', summary: 'What we track and how fresh it is: companies per ATS, open, new and closed jobs, the last crawl, failing sources, new jobs a day, and per company the share of postings without the pay range a law expects' },
  'GET /blog/posts': { tag: 'content', summary: 'Blog articles, newest first' },
  'GET /blog/posts/{slug}': { tag: 'content', summary: 'One blog article', path: ArticlePathSchema },
  'GET /auth/config': { tag: 'account', summary: 'Sign-in settings for the web app' },
  'POST /users': { tag: 'account', summary: 'Create the account of the signed-in person on first sign-in, or return it' },
  'GET /users/me': { tag: 'account', summary: 'The signed-in person: plan, billing state and chosen job alert groups' },
  'POST /users/subscribe': { tag: 'account', summary: 'Choose the job alert groups (departments) of the daily digest; needs an active plan', body: AlertGroupsSchema },
  'GET /users/me/searches': { tag: 'account', summary: "The signed-in person's saved searches (name, search, frequency, paused, private feed URLs)" },
  'POST /users/me/searches': { tag: 'account', summary: 'Save a search (the POST /jobs body) under a name, with an alert frequency', body: CreateSavedSearchRequestSchema },
  'PATCH /users/me/searches/{id}': { tag: 'account', summary: 'Rename, change, re-time, pause or resume a saved search', path: SavedSearchPathSchema, body: UpdateSavedSearchRequestSchema },
  'DELETE /users/me/searches/{id}': { tag: 'account', summary: 'Delete a saved search', path: SavedSearchPathSchema, response: 'no content' },
  'POST /users/me/searches/{id}/feed-token': { tag: 'account', summary: "Replace a saved search's private feed URLs (the old ones stop working)", path: SavedSearchPathSchema },
  'POST /payments/checkout': { tag: 'payments', summary: 'Start a Stripe checkout session for a plan; answers its URL', body: CheckoutBodySchema, response: z.object({ url: z.url() }) },
  'POST /payments/confirm': { tag: 'payments', summary: 'Confirm a completed checkout session on return from Stripe; answers the account', body: ConfirmBodySchema },
  'POST /payments/portal': { tag: 'payments', summary: "Open Stripe's customer portal to change or cancel the plan; answers its URL", body: PortalBodySchema, response: z.object({ url: z.url() }) },
  'POST /payments/webhook': { tag: 'payments', summary: 'Stripe events (signed; Stripe only)' },
  'POST /newsletter/subscribe': { tag: 'email', summary: 'Sign up for the weekly newsletter (double opt-in; rate-limited)', body: NewsletterSubscribeSchema },
  'GET /newsletter/confirm': { tag: 'email', summary: 'Confirm a newsletter sign-up (signed link from the email; HTML page)', response: { contentType: 'text/html', description: 'A page saying what happened' } },
  'GET /unsubscribe': { tag: 'email', summary: 'Unsubscribe page (signed link from an email; HTML page)', response: { contentType: 'text/html', description: 'A page with the unsubscribe button' } },
  'POST /unsubscribe': { tag: 'email', summary: 'Unsubscribe (RFC 8058 one-click, signed link)', response: { contentType: 'text/html', description: 'A page saying it is done' } },
  'POST /mcp': { tag: 'mcp', summary: 'Model Context Protocol (JSON-RPC 2.0, stateless Streamable HTTP, JSON answers); also at /mcp. The tools are listed in this document’s description' },
  'GET /mcp': { tag: 'mcp', summary: 'No SSE stream (stateless server): 405' },
  'DELETE /mcp': { tag: 'mcp', summary: 'No session to end (stateless server): 405' },
  'GET /.well-known/oauth-protected-resource': { tag: 'mcp', summary: 'OAuth 2.0 protected-resource metadata of /mcp (RFC 9728): the user pool that signs callers in' },
  'GET /.well-known/oauth-protected-resource/mcp': { tag: 'mcp', summary: 'The same metadata at the path RFC 9728 derives from the resource /mcp' },
};

/** The MCP tools, one line each, for the document's description. */
const mcpToolLines = (): string =>
  MCP_TOOLS.map((tool: ToolEntry) => `- \`${tool.name}\`${tool.signedIn ? ' (signed in)' : ''}: ${tool.description}`).join('\n');

const jsonSchema = (schema: Schema, io: 'input' | 'output'): object => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

const parameters = (where: 'query' | 'path', schema: z.ZodObject | undefined): object[] =>
  Object.entries(schema?.shape ?? {}).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as Schema).safeParse(undefined).success,
    schema: jsonSchema(field as Schema, 'input'),
  }));

const responseOf = (operation: Operation): object => {
  const { response } = operation;
  if (response === 'no content') return { description: 'Done' };
  if (response !== undefined && 'contentType' in response) {
    return { description: response.description, content: { [response.contentType]: { schema: { type: 'string' } } } };
  }
  return { description: 'OK', content: { 'application/json': { schema: response === undefined ? { type: 'object' } : jsonSchema(response as Schema, 'output') } } };
};

/** The security scheme of the routes behind the authorizer. */
const BEARER_SCHEME = 'cognitoJwt';
const ERROR = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** The document, for a server whose API is at `serverUrl` (default "/api", the site's own). */
export const openApiDocument = (serverUrl = '/api'): object => {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of ROUTES) {
    const operation = OPERATIONS[routeKey(route)];
    if (operation === undefined) continue;
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, letter: string | undefined) => (letter ?? '').toUpperCase())}`,
      summary: operation.summary,
      tags: [operation.tag],
      parameters: [...parameters('path', operation.path), ...parameters('query', operation.query)],
      ...(operation.body === undefined ? {} : { requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } } }),
      security: route.auth ? [{ [BEARER_SCHEME]: [] }] : [],
      responses: { ...(operation.response === 'no content' ? { '204': { description: 'Done' } } : { '200': responseOf(operation) }), '400': ERROR, ...(route.auth ? { '401': ERROR } : {}), '404': ERROR, '429': ERROR, '500': ERROR },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Latent Jobs API',
      version: '1.0.0',
      description:
        'The job board API: search with filters and facets, suggestions, feeds, jobs, companies and the blog (public), ' +
        'and the signed-in account, job alerts and payments (a Cognito user pool JWT as `Authorization: Bearer`). ' +
        `Feeds are also served at the site root (${SITE_ROOT_PREFIXES.join(', ')}). Public GETs carry Cache-Control and ETag; answers are compressed when the client accepts it; clients are throttled.\n\n` +
        `Agents: a Model Context Protocol server at /mcp (stateless Streamable HTTP; also /api/mcp), with these tools:\n${mcpToolLines()}\n` +
        'Tools marked signed in need a Cognito ID token as a bearer token; without one /mcp answers 401 with WWW-Authenticate naming /.well-known/oauth-protected-resource/mcp.',
    },
    servers: [{ url: serverUrl }],
    // The MCP server's endpoint (at the site root) and tools, for the API docs page's /mcp section.
    'x-mcp': { endpoint: '/mcp', tools: MCP_TOOLS.map((tool: ToolEntry) => ({ name: tool.name, title: tool.title, description: tool.description, signed_in: tool.signedIn })) },
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorSchema, 'output') },
      securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "The signed-in person's Cognito user pool token (from the hosted sign-in, GET /auth/config)" } },
    },
  };
};
