/**
 * `/mcp` over API Gateway's payload 2.0 (issue 21): one MCP server and one stateless Streamable
 * HTTP transport per request (`@modelcontextprotocol/sdk`'s web-standard transport, JSON answers,
 * no session), so it runs in a Lambda function and any instance answers any call.
 *
 * `serveMcp(event, options)` → the HttpResult of one POST:
 * 1. DNS-rebinding protection (MCP "Security Best Practices"): the Host the client used (CloudFront's
 *    X-Forwarded-Host behind CloudFront, else Host) and the Origin, when sent, must be one of
 *    `allowedHosts`; else 403 `{"message":...}` before anything is read;
 * 2. a bearer token, when sent, is verified as the API's JWT authorizer does (lambdas/auth):
 *    a rejected one is 401 with `WWW-Authenticate: Bearer error="invalid_token", resource_metadata="..."`;
 * 3. a `tools/call` of a signed-in tool (tool-catalog.ts `SIGNED_IN_TOOLS`) without a verified
 *    ID token is 401 with `WWW-Authenticate: Bearer resource_metadata="..."` (MCP authorization,
 *    RFC 9728 §5.1): the client finds the authorisation server there and signs in. Every other
 *    message (initialize, ping, tools/list, public tools) needs no token;
 * 4. the JSON-RPC message(s) go to a new server (`buildServer(identity)`) through the transport;
 *    its Response becomes the result as it is (status, content type, body).
 * `methodNotAllowed()`: GET and DELETE /mcp, 405 as the transport spec says for a server that
 * offers no SSE stream and no session.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Identity } from '../../shared/users/user';
import { identityFromEvent } from '../auth/identity';
import type { JwtAuthorizer } from '../auth/jwt-authorizer';
import type { ApiEvent } from '../http/http-handler';
import { rawBodyOf } from '../http/http-handler';
import { jsonResponse, type HttpResult } from '../http/responses';
import { SIGNED_IN_TOOLS } from './tool-catalog';

/** The protected-resource metadata's path for the resource `/mcp` (RFC 9728 §3.1: inserted before the resource's path). */
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The Host values `/mcp` accepts for a site at `siteUrl`: its host, and for a loopback site the
 * other loopback names on the same port ("localhost:3000", "127.0.0.1:3000", "[::1]:3000").
 */
export const allowedHostsOf = (siteUrl: string): ReadonlySet<string> => {
  const url = new URL(siteUrl);
  if (!LOOPBACK.has(url.hostname)) return new Set([url.host]);
  const port = url.port === '' ? '' : `:${url.port}`;
  return new Set([...LOOPBACK].map((name) => `${name}${port}`));
};

/** Whether the request's Host (or X-Forwarded-Host behind CloudFront) and Origin, when sent, are allowed. */
export const hostAllowed = (headers: Record<string, string | undefined>, allowed: ReadonlySet<string> | null, behindCloudFront: boolean): boolean => {
  if (allowed === null) return true;
  const host = behindCloudFront ? headers['x-forwarded-host'] : headers.host;
  if (host === undefined || !allowed.has(host.toLowerCase())) return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return allowed.has(new URL(origin).host);
  } catch {
    return false;
  }
};

export interface McpHttpOptions {
  /** The site's origin (no trailing slash): the resource's URL and the links' origin. */
  origin: string;
  /** The Host values accepted (allowedHostsOf), or null for no check. */
  allowedHosts: ReadonlySet<string> | null;
  /** Behind CloudFront (the origin check is on): the client's host is X-Forwarded-Host. */
  behindCloudFront: boolean;
  /** The JWT authorizer of the user pool, or null when sign-in is not configured. */
  authorize: JwtAuthorizer | null;
  /** A new MCP server for this request, with the caller's identity (null: not signed in). */
  buildServer(identity: Identity | null): McpServer;
}

const NO_STORE = { 'cache-control': 'no-store' };

const unauthorized = (origin: string, invalidToken: boolean): HttpResult => {
  const result = jsonResponse(401, { message: invalidToken ? 'The bearer token was not accepted: sign in again' : 'Sign in to use this tool: send a Cognito ID token as a bearer token' });
  const error = invalidToken ? 'error="invalid_token", ' : '';
  result.headers['www-authenticate'] = `Bearer ${error}resource_metadata="${origin}${RESOURCE_METADATA_PATH}"`;
  return result;
};

/** The names of the tools the JSON-RPC message(s) call. */
const calledTools = (body: unknown): string[] =>
  (Array.isArray(body) ? body : [body]).flatMap((message: unknown) => {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    return call?.method === 'tools/call' && typeof call.params?.name === 'string' ? [call.params.name] : [];
  });

/** The caller's identity from a verified ID token, null without a token, 'rejected' for a token that is not valid. */
const identityOf = async (authorization: string | undefined, authorize: JwtAuthorizer | null): Promise<Identity | null | 'rejected'> => {
  if (authorization === undefined || authorization.trim() === '') return null;
  if (authorize === null) return 'rejected';
  try {
    return identityFromEvent({ requestContext: { authorizer: await authorize(authorization) } });
  } catch {
    return 'rejected';
  }
};

/** The web-standard Request the transport reads, from a payload-2.0 event. */
const toRequest = (event: ApiEvent, origin: string, body: string): Request => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  return new Request(`${origin}/mcp`, { method: 'POST', headers, body });
};

const fromResponse = async (response: Response): Promise<HttpResult> => {
  const headers: Record<string, string> = { ...NO_STORE };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
};

/** POST /mcp (see the module comment). */
export const serveMcp = async (event: ApiEvent, options: McpHttpOptions): Promise<HttpResult> => {
  const headers = event.headers ?? {};
  if (!hostAllowed(headers, options.allowedHosts, options.behindCloudFront)) return jsonResponse(403, { message: 'Forbidden: this Host or Origin may not call /mcp' });
  const identity = await identityOf(headers.authorization, options.authorize);
  if (identity === 'rejected') return unauthorized(options.origin, true);
  const text = rawBodyOf(event).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (identity === null && calledTools(parsed).some((name) => SIGNED_IN_TOOLS.has(name))) return unauthorized(options.origin, false);
  const server = options.buildServer(identity);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await fromResponse(await transport.handleRequest(toRequest(event, options.origin, text), parsed === undefined ? {} : { parsedBody: parsed }));
  } finally {
    await server.close();
  }
};

/** GET and DELETE /mcp: no SSE stream to open, no session to end (405, `Allow: POST`). */
export const methodNotAllowed = (): HttpResult => {
  const result = jsonResponse(405, { message: 'Method Not Allowed: this MCP server is stateless; send JSON-RPC messages with POST' });
  result.headers.allow = 'POST';
  return result;
};

/**
 * The OAuth 2.0 protected-resource metadata of `/mcp` (RFC 9728 §2): the resource, the
 * authorisation server whose tokens it takes (the Cognito user pool's issuer, or none when
 * sign-in is not configured), and how a token is sent.
 */
export const resourceMetadata = (origin: string, issuer: string | null): Record<string, unknown> => ({
  resource: `${origin}/mcp`,
  ...(issuer === null ? {} : { authorization_servers: [issuer] }),
  bearer_methods_supported: ['header'],
  scopes_supported: ['openid', 'email', 'profile'],
  resource_name: 'Latent Jobs',
  resource_documentation: `${origin}/api-docs#mcp`,
});
