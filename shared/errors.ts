/**
 * Domain errors that callers may show to a user. The HTTP layer maps `NotFoundError` to
 * 404 with its message; zod's `ZodError` (bad input) to 400; anything else to 500.
 */

/** The thing asked for does not exist (or is no longer public). The message is safe to show. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}
