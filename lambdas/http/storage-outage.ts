/**
 * Storage that cannot be reached is an outage, not a bug: the API answers 503 with Retry-After
 * and a plain message, and recovers by itself once storage is back (the AWS SDK clients open new
 * connections on the next request).
 *
 * `isStorageUnreachable(error)`: true for the AWS SDK v3's connection failures (Node's socket
 * error codes on the error, its `cause` or, from Node's dual-stack connect, inside an
 * AggregateError: ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH,
 * ENOTFOUND, EAI_AGAIN), its `TimeoutError` / `RequestTimeout`, and the service's own
 * `ServiceUnavailable`, `InternalServerError`, `ThrottlingException` and
 * `ProvisionedThroughputExceededException` (shapes from @aws-sdk/client-dynamodb 3.1162.0 and
 * @smithy/node-http-handler).
 */

export const STORAGE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

/** Retry-After of a 503, seconds: about the time the local start takes to restart DynamoDB Local. */
export const STORAGE_RETRY_AFTER_SECONDS = 10;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const SERVICE_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'ServiceUnavailable', 'InternalServerError', 'ThrottlingException', 'ProvisionedThroughputExceededException']);

export const isStorageUnreachable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, name, cause, errors } = error as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (typeof name === 'string' && SERVICE_NAMES.has(name)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isStorageUnreachable(inner, depth + 1))) return true;
  return isStorageUnreachable(cause, depth + 1);
};
