/**
 * The one middy chain every HTTP function uses (API Gateway HTTP API, payload 2.0):
 *
 * 0. observability (lambdas/observability/observe.ts): Powertools' logger context with the API
 *    request id as correlation id, the X-Ray handler subsegment;
 * 0b. the origin check (origin-check.ts): on AWS a request that did not come through CloudFront
 *    gets 403; a client-address header is kept only on one that did;
 * 0c. body limits (body-limits.ts), for every route before anything reads the body: at most
 *    64 KiB (or the route's `maxBodyBytes`) and, for JSON routes, 32 levels of nesting → 400
 *    "Request body is too large: ..." / "Request body is nested too deeply: ...";
 * 1. parse the JSON request body when there is one (any content type; base64 bodies decoded);
 *    malformed JSON → 400 "Request body is not valid JSON";
 * 2. dispatch on `event.routeKey` (e.g. "GET /jobs/{company}/{slug}") to the function's route;
 *    a route key the function does not serve → 404 "Not Found", as API Gateway says it;
 * 3. answer the route's result as JSON with the route's status (default 200) and cache policy;
 *    a route of kind 'raw' gets its body as sent (the Stripe webhook, which checks a signature
 *    over the exact bytes; `rawBodyOf`) and is answered the same way; a route of kind 'page'
 *    gets its body unparsed too (HTML forms, RFC 8058 one-click posts) and answers the whole
 *    result it returns (HTML pages, redirects);
 * 4. map any thrown error to `{ message }` (see responses.ts), logging server faults as one
 *    structured JSON line with the details, which never go on the wire; storage that cannot be
 *    reached is 503 with Retry-After, and faults of one kind are logged once per 10 s with a
 *    count of those held back (log-throttle.ts).
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { NotFoundError } from '../../shared/errors';
import { observe } from '../observability/observe';
import { createLogger, describeError, type Logger } from '../observability/log';
import { checkBody, MAX_BODY_BYTES, MAX_JSON_DEPTH } from './body-limits';
import { createLogThrottle } from './log-throttle';
import { configuredOriginSecret, originCheck, type OriginSecret } from './origin-check';
import { errorResult, jsonResponse, type CachePolicy, type HttpResult } from './responses';

/** A payload-2.0 event whose body has been parsed from JSON (undefined when there was none). */
export type ApiEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };

/** One route of a function: what it answers and how long the answer may be cached. */
export interface ApiRoute {
  cache: CachePolicy;
  /** Status of a successful JSON answer (default 200), e.g. 202 for work accepted. */
  status?: number;
  /**
   * 'json' (default): the body is parsed as JSON and `handle`'s result answered as JSON.
   * 'raw': the body is left as sent and `handle`'s result answered as JSON.
   * 'page': the body is left as sent and `handle` returns the whole HttpResult.
   */
  kind?: 'json' | 'raw' | 'page';
  /** Largest body this route takes, bytes (default MAX_BODY_BYTES, 64 KiB; body-limits.ts). */
  maxBodyBytes?: number;
  /** Parse → call one domain function → return the response body. Throws to answer an error. */
  handle(event: ApiEvent): unknown;
}

/** The request body as the bytes the sender sent (a 'raw' or 'page' route's event: text bodies as UTF-8, others base64). */
export const rawBodyOf = (event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): Buffer =>
  typeof event.body === 'string' ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);

/** A function's routes by API Gateway route key (`routeKey(route)` from routes.ts). */
export type ApiRoutes = Readonly<Record<string, ApiRoute>>;

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

export interface HttpHandlerOptions {
  logger?: Logger;
  /** The secret CloudFront adds to each request (origin-check.ts); default: as configured (`configuredOriginSecret`), none locally. */
  originSecret?: OriginSecret;
}

const routeOf = (routes: ApiRoutes, routeKey: string): ApiRoute | undefined => (Object.hasOwn(routes, routeKey) ? routes[routeKey] : undefined);

const parseJsonBodyWhenPresent = (routes: ApiRoutes): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => {
  // The original product's clients do not always send a JSON content type; 6.4.5's JavaScript
  // honours `disableContentTypeCheck` though its type declarations leave it out.
  const options = { disableContentTypeCheck: true } as Parameters<typeof httpJsonBodyParser>[0];
  const parser = httpJsonBodyParser(options);
  return {
    before: async (request) => {
      if ((routeOf(routes, request.event.routeKey)?.kind ?? 'json') !== 'json') return;
      if (request.event.body === undefined || request.event.body === '') {
        delete request.event.body;
        return;
      }
      await parser.before?.(request as never);
    },
  };
};

/** Refuses a body over the route's size or depth limit (400) before it is parsed or read. */
const limitBody = (routes: ApiRoutes): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  before: (request) => {
    const route = routeOf(routes, request.event.routeKey);
    if (route === undefined) return;
    checkBody(request.event.body, request.event.isBase64Encoded === true, {
      maxBytes: route.maxBodyBytes ?? MAX_BODY_BYTES,
      maxDepth: (route.kind ?? 'json') === 'json' ? MAX_JSON_DEPTH : null,
    });
  },
});

/**
 * Server faults of one kind (same status, error name, code and message) are logged once per this
 * many ms, with how many were held back: an outage repeats one fault, distinct faults each log.
 */
const FAULT_LOG_INTERVAL_MS = 10_000;

/** What tells one fault from another for the log throttle: name, code and message of the error and of its cause. */
const faultKind = (error: unknown): string => {
  const of = (value: unknown): string => {
    const fault = value as { name?: unknown; code?: unknown; message?: unknown } | null | undefined;
    return `${String(fault?.name)}/${String(fault?.code)}/${String(fault?.message).slice(0, 120)}`;
  };
  return `${of(error)} <- ${of((error as { cause?: unknown } | null)?.cause)}`;
};

const mapErrors = (logger: Logger, throttle = createLogThrottle(FAULT_LOG_INTERVAL_MS)): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  onError: async (request) => {
    const { status, message, serverFault, retryAfterSeconds } = errorResult(request.error);
    const where = {
      routeKey: request.event.routeKey,
      path: request.event.rawPath,
      requestId: request.event.requestContext?.requestId,
      awsRequestId: request.context?.awsRequestId,
      status,
    };
    if (serverFault) {
      const heldBack = throttle(`${status} ${faultKind(request.error)}`);
      if (heldBack !== null) logger('error', 'Request failed', { ...where, error: describeError(request.error), ...(heldBack > 0 ? { repeated: heldBack } : {}) });
    }
    else logger('debug', message, where);
    request.response = jsonResponse(status, { message });
    if (retryAfterSeconds !== undefined) request.response.headers['retry-after'] = String(retryAfterSeconds);
  },
});

/** The HTTP handler of one Lambda function serving `routes`. */
export const createHttpHandler = (routes: ApiRoutes, options: HttpHandlerOptions = {}): HttpHandler => {
  const logger = options.logger ?? createLogger();
  return middy<APIGatewayProxyEventV2, HttpResult>()
    .use(observe<APIGatewayProxyEventV2, HttpResult>({ logger, correlationId: (event) => event.requestContext?.requestId }))
    .use(originCheck(options.originSecret === undefined ? configuredOriginSecret() : options.originSecret))
    .use(limitBody(routes))
    .use(parseJsonBodyWhenPresent(routes))
    .use(mapErrors(logger))
    .handler(async (event) => {
      const route = routeOf(routes, event.routeKey);
      if (route === undefined) throw new NotFoundError('Not Found');
      const body = await route.handle(event as ApiEvent);
      if (route.kind === 'page') return body as HttpResult;
      return jsonResponse(route.status ?? 200, body, route.cache);
    });
};
