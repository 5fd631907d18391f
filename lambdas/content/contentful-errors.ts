/**
 * Turns a failure of the `contentful` SDK into what the API answers, so the blog fails on its
 * own and the visitor reads a plain message (the SDK's error, with the request it made, stays
 * in the log as the `cause`).
 *
 * The SDK (contentful-sdk-core 10, error-handler.js) throws an Error whose `name` is the Content
 * Delivery API's `sys.id` (NotFound, BadRequest, AccessDenied, Unauthorized, RateLimitExceeded,
 * ServerError, BadGateway, ServiceUnavailable, ...) or "<status> <statusText>" when the body was
 * not a JSON error, and whose `message` is a JSON text holding `status`. Bodies as in
 * ../shared/data/contentful/*.json (contentful/contentful.rb@ba141b51:spec/fixtures/json_responses).
 * A network failure or timeout has no response at all (axios error, code ECONNREFUSED, ECONNABORTED...).
 *
 * Mapping:
 * - NotFound / 404 → NotFoundError (the space, environment or entry is not there);
 * - RateLimitExceeded / 429 and ServiceUnavailable / 503 → UpstreamError 503 (try again shortly);
 * - everything else (400, 401, 403: our configuration; 500, 502, unparsable bodies, network) →
 *   UpstreamError 502.
 */
import { NotFoundError, UpstreamError } from '../../shared/errors';

export const CONTENT_UNAVAILABLE_MESSAGE = 'The blog is unavailable right now; please try again in a few minutes';
export const CONTENT_FAILED_MESSAGE = 'The blog could not be loaded';

/** The HTTP status the SDK reported in its error message, or undefined (network failure, other error). */
export const contentfulStatus = (error: unknown): number | undefined => {
  if (!(error instanceof Error)) return undefined;
  const fromName = /^(\d{3}) /.exec(error.name)?.[1];
  if (fromName !== undefined) return Number(fromName);
  try {
    const parsed: unknown = JSON.parse(error.message);
    if (parsed && typeof parsed === 'object' && 'status' in parsed && typeof parsed.status === 'number') return parsed.status;
  } catch {
    // not the SDK's JSON message
  }
  return undefined;
};

/** The error to throw for an SDK failure; `notFoundMessage` is shown for a 404. */
export const fromContentfulError = (error: unknown, notFoundMessage: string): Error => {
  const name = error instanceof Error ? error.name : '';
  const status = contentfulStatus(error);
  if (name === 'NotFound' || status === 404) return new NotFoundError(notFoundMessage);
  if (name === 'RateLimitExceeded' || name === 'ServiceUnavailable' || status === 429 || status === 503) {
    return new UpstreamError(CONTENT_UNAVAILABLE_MESSAGE, 503, { cause: error });
  }
  return new UpstreamError(CONTENT_FAILED_MESSAGE, 502, { cause: error });
};
