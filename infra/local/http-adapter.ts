/**
 * The local stand-in for API Gateway (HTTP API, payload 2.0) and the web bucket, on one port:
 *
 * - `/api/...`: the prefix is stripped (a trailing slash is tolerated, so `/api/companies/`
 *   is `GET /companies`), the path is matched against the route table (lambdas/http/routes.ts)
 *   and the request becomes a payload-2.0 event for the route's function handler, the same one
 *   Lambda runs. The result goes back by API Gateway's v2 rules. An unknown path or method
 *   gets 404 `{"message":"Not Found"}`, a body over 1 MB 413, a handler crash 500
 *   `{"message":"Internal Server Error"}`, as API Gateway answers them. Routes marked `auth`
 *   first go through `authorize` (the JWT authorizer's checks, lambdas/auth/jwt-verifier.ts) with
 *   the Authorization header: a missing or rejected token gets 401 `{"message":"Unauthorized"}`
 *   without calling the function (also when no `authorize` is given: auth routes fail closed);
 *   a verified token's claims go to the function in `requestContext.authorizer.jwt`.
 *   Paths under SITE_ROOT_PREFIXES (`/feeds/...`) and the paths of SITE_ROOT_PATHS (`/mcp`, its
 *   OAuth metadata) are served the same way without the prefix.
 *   Answers are compressed when the client accepts it, and a public GET whose ETag the client
 *   holds gets 304, as CloudFront does (reply-encoding.ts).
 * - static files: the built SPA from frontend/dist (sirv): hashed files under `/assets/`
 *   cached for a year, everything else revalidated; precompressed `.br`/`.gz` siblings are
 *   served when the browser accepts them. Without a build, a 503 page says how to make one.
 * - every other path (pages): GET and HEAD through `renderPage` (the server render,
 *   frontend/src/entry-server.tsx), which answers the page's HTML and status (404, 410…);
 *   other methods 405. Without `renderPage`, index.html (the SPA renders in the browser).
 *
 * Event and result shapes: AWS's "Working with AWS Lambda proxy integrations for HTTP APIs"
 * (payload format 2.0), checked against ../shared/data/aws/events/apigw-http_no-auth.json.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import sirv from 'sirv';
import { ROUTES, SITE_ROOT_PATHS, SITE_ROOT_PREFIXES, routeKey, type FunctionName, type RouteDefinition } from '../../lambdas/http/routes';
import { describeError, type Logger } from '../../lambdas/observability/log';
import { encodeReply } from './reply-encoding';
import { encodePage } from '../../lambdas/render/page-encoding';
import type { JwtAuthorizerContext } from '../../lambdas/auth/authorizer-context';

/** A payload-2.0 handler as Lambda calls it; it may answer any result form v2 allows. */
export type V2Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

export interface HttpAdapterOptions {
  /** The handler of each function named in the route table. */
  functions: Record<FunctionName, V2Handler>;
  /** The built SPA (frontend/dist). */
  staticDir: string;
  logger: Logger;
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * The JWT authorizer for `auth` routes: the Authorization header → the authorizer context, or
   * a rejection (thrown; its message is logged, the caller gets 401).
   */
  authorize?: (authorization: string | undefined) => Promise<JwtAuthorizerContext>;
  /** The server render: a page request → its status, headers and HTML. */
  renderPage?: (request: Request) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
}

export const API_PREFIX = '/api';
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

interface CompiledRoute {
  route: RouteDefinition;
  /** Its API Gateway route key, made once. */
  key: string;
  pattern: RegExp;
  params: string[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/jobs/{company}/{slug}` → a pattern with one capture a parameter (a parameter may start with an extra "/"). */
const compileRoute = (route: RouteDefinition): CompiledRoute => {
  const params: string[] = [];
  const source = route.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (param === undefined) return escapeRegExp(part);
      params.push(param);
      return '(/?[^/]+)';
    })
    .join('');
  return { route, key: routeKey(route), pattern: new RegExp(`^${source}$`), params };
};

const COMPILED = ROUTES.map(compileRoute);

export interface RouteMatch {
  route: RouteDefinition;
  /** `routeKey(route)`. */
  key: string;
  /** URL-decoded, as API Gateway passes them. */
  pathParameters: Record<string, string>;
}

/**
 * The route serving `method` and `apiPath` (the path below `/api`, still URL-encoded), or null.
 * A trailing slash is ignored. Throws URIError on malformed percent-encoding.
 */
export const matchRoute = (method: string, apiPath: string): RouteMatch | null => {
  const trimmed = apiPath.length > 1 ? apiPath.replace(/\/+$/, '') : apiPath;
  for (const { route, key, pattern, params } of COMPILED) {
    if (route.method !== method) continue;
    const found = pattern.exec(trimmed);
    if (found === null) continue;
    const pathParameters: Record<string, string> = {};
    params.forEach((name, i) => (pathParameters[name] = decodeURIComponent(found[i + 1] ?? '')));
    return { route, key, pathParameters };
  }
  return null;
};

const TEXT_TYPES = /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-www-form-urlencoded|graphql))/i;

export interface RawRequest {
  method: string;
  /** The request target, e.g. "/api/jobs?x=1". */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  sourceIp: string;
  /** When the request arrived. */
  at: Date;
}

const CLF_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number): string => String(n).padStart(2, '0');

/** The last second `clfTime` wrote, and its text: a busy server asks for the same second thousands of times. */
let clfSecond = Number.NaN;
let clfText = '';

/** "17/Jun/2024:15:52:39 +0000", API Gateway's `requestContext.time` format. */
const clfTime = (at: Date): string => {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== clfSecond) {
    clfText = `${two(at.getUTCDate())}/${CLF_MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`;
    clfSecond = second;
  }
  return clfText;
};

/**
 * The payload-2.0 event API Gateway would send for `request` matched to `match`:
 * lower-case headers (repeated ones joined by ","; cookies moved to `cookies[]`),
 * `rawQueryString` without "?", `queryStringParameters` (repeated keys joined by ","),
 * text bodies as UTF-8 and other bodies base64 with `isBase64Encoded`.
 * (Built with plain loops and assignments: it runs on every API request.)
 */
export const toApiEvent = (request: RawRequest, apiPath: string, match: RouteMatch): APIGatewayProxyEventV2 => {
  const queryAt = request.url.indexOf('?');
  const rawQueryString = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
  const headers: Record<string, string> = {};
  for (const name in request.headers) {
    const value = request.headers[name];
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const key = match.key;
  const host = headers.host ?? 'localhost';
  const event: APIGatewayProxyEventV2 = { version: '2.0', routeKey: key, rawPath: apiPath, rawQueryString, headers } as APIGatewayProxyEventV2;
  const cookieHeader = request.headers.cookie;
  if (cookieHeader !== undefined) {
    const cookies = cookieHeader
      .split(';')
      .map((cookie) => cookie.trim())
      .filter(Boolean);
    if (cookies.length > 0) event.cookies = cookies;
  }
  if (rawQueryString !== '') {
    const query: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(rawQueryString)) {
      query[name] = name in query ? `${query[name]},${value}` : value;
    }
    event.queryStringParameters = query;
  }
  if (Object.keys(match.pathParameters).length > 0) event.pathParameters = match.pathParameters;
  event.requestContext = {
    accountId: 'local',
    apiId: 'local',
    domainName: host,
    domainPrefix: host.split('.')[0] ?? 'localhost',
    http: {
      method: request.method,
      path: apiPath,
      protocol: 'HTTP/1.1',
      sourceIp: request.sourceIp,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: randomUUID(),
    routeKey: key,
    stage: '$default',
    time: clfTime(request.at),
    timeEpoch: request.at.getTime(),
  };
  const hasBody = request.body.length > 0;
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  if (hasBody) event.body = isText ? request.body.toString('utf8') : request.body.toString('base64');
  event.isBase64Encoded = hasBody && !isText;
  return event;
};

export interface HttpReply {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** Bytes, or text sent as UTF-8 (a handler's text body goes out as it is, without a copy into a Buffer). */
  body: Buffer | string;
}

const isStructuredResult = (result: unknown): result is APIGatewayProxyStructuredResultV2 =>
  typeof result === 'object' && result !== null && typeof (result as { statusCode?: unknown }).statusCode === 'number';

/**
 * A handler's result by API Gateway's v2 rules: a result with `statusCode` is taken as
 * statusCode/headers/cookies/body/isBase64Encoded; anything else (object, string, number) is
 * 200 `application/json` with the result as JSON.
 */
export const fromApiResult = (result: unknown): HttpReply => {
  if (!isStructuredResult(result)) {
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
  }
  const headers: Record<string, string | string[]> = {};
  const given = result.headers ?? {};
  for (const name in given) headers[name.toLowerCase()] = String(given[name]);
  if (result.cookies !== undefined && result.cookies.length > 0) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  return { statusCode: result.statusCode ?? 200, headers, body };
};

const messageReply = (statusCode: number, message: string): HttpReply => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message }),
});

class BodyTooLargeError extends Error {}

const readBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Sends `reply` (its headers object is the reply's own, made for it: Content-Length is added to it). */
const send = (res: ServerResponse, reply: HttpReply): void => {
  reply.headers['content-length'] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.statusCode, reply.headers);
  res.end(reply.body);
};

/** The path of a request target, without its query. */
export const pathOf = (url: string): string => {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
};

/** Answers one `/api` request through the function handlers. */
const serveApi = async (req: IncomingMessage, res: ServerResponse, options: HttpAdapterOptions, prefix: string): Promise<void> => {
  const url = req.url ?? '/';
  const pathname = pathOf(url);
  const apiPath = pathname.slice(prefix.length) || '/';
  let match: RouteMatch | null;
  try {
    match = matchRoute(req.method ?? 'GET', apiPath);
  } catch {
    send(res, messageReply(400, 'Bad Request'));
    return;
  }
  if (match === null) {
    req.resume();
    send(res, messageReply(404, 'Not Found'));
    return;
  }
  let authorizer: JwtAuthorizerContext | undefined;
  if (match.route.auth) {
    try {
      if (options.authorize === undefined) throw new Error('no JWT authorizer is configured');
      authorizer = await options.authorize(req.headers.authorization);
    } catch (error) {
      req.resume();
      options.logger('info', 'Unauthorized', { routeKey: routeKey(match.route), reason: error instanceof Error ? error.message : String(error) });
      send(res, messageReply(401, 'Unauthorized'));
      return;
    }
  }
  let body: Buffer;
  try {
    body = await readBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  } catch (error) {
    send(res, error instanceof BodyTooLargeError ? messageReply(413, 'Request Entity Too Large') : messageReply(400, 'Bad Request'));
    return;
  }
  const event = toApiEvent(
    { method: req.method ?? 'GET', url, headers: req.headers, body, sourceIp: req.socket.remoteAddress ?? '127.0.0.1', at: new Date() },
    apiPath.endsWith('/') ? apiPath.replace(/(.)\/+$/, '$1') : apiPath,
    match,
  );
  if (authorizer !== undefined) (event.requestContext as typeof event.requestContext & { authorizer?: JwtAuthorizerContext }).authorizer = authorizer;
  const context = {
    awsRequestId: event.requestContext.requestId,
    functionName: match.route.fn,
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context;
  try {
    send(res, encodeReply(fromApiResult(await options.functions[match.route.fn](event, context)), req));
  } catch (error) {
    options.logger('error', 'Function failed', { fn: match.route.fn, routeKey: event.routeKey, error: describeError(error) });
    send(res, messageReply(500, 'Internal Server Error'));
  }
};

/** Files that must exist (a miss is a 404, not the SPA): build output and common static types. */
const STATIC_FILE = /^\/assets\/|\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|json|webmanifest)$/i;

/** Crawler files the server render answers (lambdas/render/site-files.ts), though they look like files. */
const SITE_FILE = /^\/(robots\.txt|sitemap(-\d+)?\.xml)$/;

const SPA_NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Latent Jobs: SPA not built</title>
<p>The web app is not built: frontend/dist is missing. Run <code>npm run build:web</code> (or restart <code>npm start</code>, which builds it), then reload.</p>`;

/** Answers a page request through the server render. */
const servePage = async (req: IncomingMessage, res: ServerResponse, render: NonNullable<HttpAdapterOptions['renderPage']>): Promise<void> => {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    req.resume();
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const page = await render(new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), { method, headers }));
  // Compressed as the render function sends its pages through CloudFront (lambdas/render/page-encoding.ts).
  const encoded = encodePage(page, req.headers['accept-encoding']);
  res.writeHead(encoded.status, { ...encoded.headers, 'content-length': String(encoded.body.length) });
  res.end(method === 'HEAD' ? undefined : encoded.body);
};

/** Serves the built SPA, or explains how to build it. */
const createStaticHandler = (
  staticDir: string,
  logger: Logger,
  renderPage?: HttpAdapterOptions['renderPage'],
): ((req: IncomingMessage, res: ServerResponse) => void) => {
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    return (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(SPA_NOT_BUILT);
    };
  }
  const setHeaders = (res: ServerResponse, pathname: string): void => {
    res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const common = { etag: true, gzip: true, brotli: true, setHeaders } as const;
  const files = sirv(staticDir, { ...common });
  const app = sirv(staticDir, { ...common, single: true, ignores: false });
  return (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (STATIC_FILE.test(pathname) && !(renderPage !== undefined && SITE_FILE.test(pathname))) {
      files(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
      });
    } else if (renderPage !== undefined) {
      servePage(req, res, renderPage).catch((error: unknown) => {
        logger('error', 'Server render failed; serving the SPA shell', { error: describeError(error) });
        if (!res.headersSent) app(req, res);
        else res.destroy();
      });
    } else {
      app(req, res);
    }
  };
};

/** The request listener serving the API under `/api` and the SPA everywhere else. */
export const createHttpAdapter = (options: HttpAdapterOptions): RequestListener => {
  const serveStatic = createStaticHandler(options.staticDir, options.logger, options.renderPage);
  return (req, res) => {
    const pathname = pathOf(req.url ?? '/');
    const atRoot = SITE_ROOT_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || SITE_ROOT_PATHS.includes(pathname);
    if (atRoot || pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      serveApi(req, res, options, atRoot ? '' : API_PREFIX).catch((error: unknown) => {
        options.logger('error', 'Adapter failed', { error: describeError(error) });
        if (!res.headersSent) send(res, messageReply(500, 'Internal Server Error'));
        else res.destroy();
      });
    } else {
      serveStatic(req, res);
    }
  };
};
