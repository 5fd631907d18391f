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

/** Object keys as JSON with their colon, made once each: answers' keys come from small vocabularies (field names, facet values, country codes). */
const keyParts = new Map<string, string>();
/** At most this many keys are kept (a bound, should an answer ever carry keys from its input). */
const MAX_KEPT_KEYS = 10_000;

const keyPart = (key: string): string => {
  let part = keyParts.get(key);
  if (part === undefined) {
    part = `${asciiJson(key)}:`;
    if (keyParts.size < MAX_KEPT_KEYS) keyParts.set(key, part);
  }
  return part;
};

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
};

/**
 * The JSON of `value` when it is made only of plain objects, arrays, numbers, booleans and null
 * (facet counts, a pay histogram: what a search counts anew each time), as JSON.stringify writes
 * it; null for anything else (a string, a Date…). Written here rather than by JSON.stringify and
 * the ASCII pass (there is no text to escape): a fraction of the cost.
 */
const countsJson = (value: unknown): string | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    let json = '[';
    for (let at = 0; at < value.length; at += 1) {
      const item: unknown = value[at];
      // JSON.stringify writes a missing item as null.
      const part = item === undefined ? 'null' : countsJson(item);
      if (part === null) return null;
      json += at === 0 ? part : `,${part}`;
    }
    return `${json}]`;
  }
  if (!isPlainObject(value)) return null;
  let json = '{';
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    const part = countsJson(field);
    if (part === null) return null;
    json += json.length === 1 ? keyPart(key) + part : `,${keyPart(key)}${part}`;
  }
  return `${json}}`;
};

/** Appends the JSON of `value`: a frozen object's made once, counts written directly, anything else through JSON.stringify. */
const appendJson = (value: unknown, parts: string[]): void => {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) {
    parts.push(countsJson(value) ?? asciiJson(value));
    return;
  }
  let json = frozenJson.get(value);
  if (json === undefined) {
    json = asciiJson(value);
    frozenJson.set(value, json);
  }
  parts.push(json);
};

/**
 * A plain object as JSON: the value `JSON.stringify(value)` gives, with characters beyond ASCII
 * escaped, and the JSON of each frozen field value and array item made once per object and
 * reused by later answers; fields made only of numbers (counts) are written without
 * JSON.stringify. For answers assembled from shared, frozen parts (`POST /jobs`): there
 * serialising the jobs, then encoding the text as UTF-8 (slower for text with characters beyond
 * Latin-1), was most of the work (bench/search-http.ts).
 */
export const jsonReusingFrozen = (value: object): JsonText => {
  // One join of every part makes one flat string (nested joins and templates would copy it again).
  const parts: string[] = ['{'];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    parts.push(parts.length > 1 ? `,${keyPart(key)}` : keyPart(key));
    if (!Array.isArray(field)) appendJson(field, parts);
    else {
      parts.push('[');
      for (let at = 0; at < field.length; at += 1) {
        if (at > 0) parts.push(',');
        appendJson(field[at], parts);
      }
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
