/**
 * The API's responses in API Gateway HTTP API payload 2.0 result form, and the one mapping
 * from thrown errors to the one wire shape `{ "message": string }` (the shape API Gateway
 * uses for its own 401/404):
 *
 * - request body that is not JSON → 400 "Request body is not valid JSON"
 * - `ZodError` (bad body or parameter) → 400 naming the field, e.g.
 *   "page_size: Too big: expected number to be <=240"; several issues joined by "; "
 * - `NotFoundError` → 404 with its message, e.g. "No job 'x' at company 'y'"
 * - `UnauthorizedError` → 401, `ForbiddenError` → 403, `ConflictError` → 409, each with its message
 * - `BadRequestError` → 400 and `TooManyRequestsError` → 429 (with Retry-After), each with its message
 * - `UpstreamError` (a service we call failed) → its 502/503 and safe message, logged as a fault
 * - an exposed middy `HttpError` below 500 → its status and message
 * - anything else → 500 "Internal server error" (details only in the log, never on the wire)
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ZodError } from 'zod';
import { isStorageUnreachable, STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE_MESSAGE } from './storage-outage';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError, UpstreamError } from '../../shared/errors';

export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string>; body: string };

/**
 * Cache policies: `public` for GETs everyone sees alike (one minute fresh, five more served
 * stale while revalidating, which keeps a crawl's changes visible within minutes), `none`
 * for everything else.
 */
export type CachePolicy = 'public' | 'none';

const CACHE_CONTROL: Record<CachePolicy, string> = {
  public: 'public, max-age=60, stale-while-revalidate=300',
  none: 'no-store',
};

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A strong entity tag for a body: its SHA-1, base64url, quoted. */
export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** A text response with content type and cache headers; a `public` one carries its ETag (CloudFront and the local server answer 304 to a matching If-None-Match). */
export const textResponse = (statusCode: number, contentType: string, body: string, cache: CachePolicy = 'none'): HttpResult => {
  const headers: Record<string, string> = { 'content-type': contentType, 'cache-control': CACHE_CONTROL[cache] };
  if (cache === 'public') headers.etag = etagOf(body);
  return { statusCode, headers, body };
};

/** A body already serialised as JSON (a route that assembles its answer from parts it serialised before). */
export class JsonText {
  constructor(readonly json: string) {}
}

/**
 * JSON with every character beyond ASCII written as a \u escape (the same value to any JSON
 * reader), always held as a one-byte string. V8 keeps a string in two bytes a character when any
 * string it was made from was (a replace's subject, a field JSON.stringify copied), ASCII or not,
 * and encoding such a string as UTF-8 for the wire cost five to ten times as much: 55-110 µs
 * against 10-15 for a 25 KB `POST /jobs` answer, most of the product's time in `writev`
 * (bench/search-http.ts). The Latin-1 round trip is exact, every character being ASCII, and
 * always gives a one-byte string.
 */
const asciiJson = (value: unknown): string => {
  const escaped = (JSON.stringify(value) ?? 'null').replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return Buffer.from(escaped, 'latin1').toString('latin1');
};

/** The JSON of frozen values, made once. */
const frozenJson = new WeakMap<object, string>();

const jsonOf = (value: unknown): string => {
  // Numbers, booleans and null are ASCII as JSON.stringify writes them.
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (typeof value !== 'object' || !Object.isFrozen(value)) return asciiJson(value);
  let json = frozenJson.get(value);
  if (json === undefined) {
    json = asciiJson(value);
    frozenJson.set(value, json);
  }
  return json;
};

/**
 * A plain object as JSON: the value `JSON.stringify(value)` gives, with characters beyond ASCII
 * escaped, and the JSON of each frozen field value and array item made once per object and
 * reused by later answers. For answers assembled from shared, frozen parts (`POST /jobs`): there
 * serialising the jobs, then encoding the text as UTF-8 (slower for text with characters beyond
 * Latin-1), was most of the work (bench/search-http.ts).
 */
export const jsonReusingFrozen = (value: object): JsonText => {
  // One join of every part makes one flat string (nested joins and templates would copy it again).
  const parts: string[] = ['{'];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    if (parts.length > 1) parts.push(',');
    parts.push(JSON.stringify(key), ':');
    if (!Array.isArray(field)) parts.push(jsonOf(field));
    else {
      parts.push('[');
      field.forEach((item, at) => parts.push(at === 0 ? '' : ',', jsonOf(item)));
      parts.push(']');
    }
  }
  parts.push('}');
  return new JsonText(parts.join(''));
};

/** A JSON response with content type and cache headers (see `textResponse`); a `JsonText` body is sent as it is. */
export const jsonResponse = (statusCode: number, body: unknown, cache: CachePolicy = 'none'): HttpResult =>
  textResponse(statusCode, JSON_CONTENT_TYPE, body instanceof JsonText ? body.json : JSON.stringify(body), cache);

/** The error body every failure carries. */
export interface ErrorBody {
  message: string;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const INVALID_JSON_MESSAGE = 'Request body is not valid JSON';
const MAX_ISSUES = 5;

/** "page_size: Too big: expected number to be <=240"; issues about the whole body are prefixed "body". */
export const describeZodError = (error: ZodError): string =>
  error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'}: ${issue.message}`)
    .join('; ');

interface MiddyHttpError extends Error {
  statusCode: number;
  expose?: boolean;
  cause?: unknown;
}

const isMiddyHttpError = (error: unknown): error is MiddyHttpError =>
  error instanceof Error && typeof (error as Partial<MiddyHttpError>).statusCode === 'number';

const fromJsonBodyParser = (error: MiddyHttpError): boolean =>
  typeof error.cause === 'object' && error.cause !== null && (error.cause as { package?: unknown }).package === '@middy/http-json-body-parser';

/**
 * How an error is answered, and whether it is the server's fault (to be logged as an error);
 * storage that cannot be reached is 503 with a Retry-After (storage-outage.ts), too many requests 429 with one.
 */
export const errorResult = (error: unknown): { status: number; message: string; serverFault: boolean; retryAfterSeconds?: number } => {
  if (error instanceof ZodError) return { status: 400, message: describeZodError(error), serverFault: false };
  if (error instanceof NotFoundError) return { status: 404, message: error.message, serverFault: false };
  if (error instanceof UnauthorizedError) return { status: 401, message: error.message, serverFault: false };
  if (error instanceof ForbiddenError) return { status: 403, message: error.message, serverFault: false };
  if (error instanceof ConflictError) return { status: 409, message: error.message, serverFault: false };
  if (error instanceof BadRequestError) return { status: 400, message: error.message, serverFault: false };
  if (error instanceof TooManyRequestsError) return { status: 429, message: error.message, serverFault: false, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof UpstreamError) return { status: error.status, message: error.message, serverFault: true };
  if (isMiddyHttpError(error)) {
    if (fromJsonBodyParser(error)) return { status: 400, message: INVALID_JSON_MESSAGE, serverFault: false };
    if (error.statusCode < 500 && error.expose !== false) return { status: error.statusCode, message: error.message, serverFault: false };
  }
  if (isStorageUnreachable(error)) return { status: 503, message: STORAGE_UNAVAILABLE_MESSAGE, serverFault: true, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS };
  return { status: 500, message: INTERNAL_ERROR_MESSAGE, serverFault: true };
};

/** The response for a thrown error: `{ message }`, never a stack trace. */
export const errorResponse = (error: unknown): HttpResult => {
  const { status, message } = errorResult(error);
  return jsonResponse(status, { message } satisfies ErrorBody);
};
