/**
 * Domain errors that callers may show to a user. The HTTP layer maps `NotFoundError` to
 * 404 with its message; zod's `ZodError` (bad input) to 400; anything else to 500.
 */

/** The thing asked for does not exist (or is no longer public). The message is safe to show. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/**
 * A service we depend on (e.g. the blog's content service) failed or could not be reached.
 * The HTTP layer answers `status` (502 for a failure, 503 when it is down or rate-limiting us)
 * with `message`, which must be safe to show; `cause` holds the details for the log only.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError';

  constructor(
    message: string,
    readonly status: 502 | 503,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The caller is signed in but may not do this (e.g. choose alert groups without a paid, active
 * subscription). The HTTP layer answers 403 with the message, which must be safe to show.
 */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
}

/**
 * The write lost a race: the record changed since the caller read it (optimistic concurrency on
 * a version number). The HTTP layer answers 409 with the message, which must be safe to show.
 */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/**
 * The request carries no usable identity (no verified token, or a token without the claims the
 * route needs). The HTTP layer answers 401 `{"message":"Unauthorized"}`, as API Gateway does.
 */
export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';

  constructor(message = 'Unauthorized') {
    super(message);
  }
}

/**
 * The request is well-formed JSON but cannot be acted on as asked (e.g. a forged, altered or
 * expired email link). The HTTP layer answers 400 with the message, which must be safe to show.
 */
export class BadRequestError extends Error {
  override name = 'BadRequestError';
}

/**
 * The caller asked too often (a rate limit). The HTTP layer answers 429 with the message, which
 * must be safe to show; `retryAfterSeconds` says when to try again.
 */
export class TooManyRequestsError extends Error {
  override name = 'TooManyRequestsError';

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
