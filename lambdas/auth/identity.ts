/**
 * The caller's identity, taken ONLY from the claims API Gateway's JWT authorizer verified
 * (`event.requestContext.authorizer.jwt.claims`; locally, infra/local's verifier puts them in
 * the same place). Nothing in the body, query or other headers is ever taken as identity.
 *
 * Token design: the API requires Cognito ID tokens (`token_use: "id"`). An ID token carries the
 * user's `email` and `name`, which the users API stores; an access token has neither, and the
 * JWT authorizer cannot tell the two apart (both carry the app client: `aud` vs `client_id`), so
 * the handler checks `token_use` and refuses access tokens with 401.
 *
 * `identityFromEvent(event)` → `{ user_id: sub, email, name }`.
 * @throws UnauthorizedError (401 "Unauthorized") when there are no verified claims, the token is
 *   not an ID token, or `sub` or `email` is missing.
 * @throws BadRequestError (400, naming the claim) when `sub` is over MAX_SUB_LENGTH characters or
 *   `email` over 254: they key DynamoDB items (the users table's `user_id`, at most 2,048 bytes),
 *   and a verified token from a misconfigured or local issuer must not make a 500 of it.
 */
import { BadRequestError, UnauthorizedError } from '../../shared/errors';
import { MAX_EMAIL_LENGTH } from '../../shared/format/email-address';
import type { Identity } from '../../shared/users/user';

/** Longest `sub` taken: Cognito's are 36-character UUIDs; well under DynamoDB's 2,048-byte key limit whatever the characters. */
export const MAX_SUB_LENGTH = 128;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const claimsOf = (event: { requestContext?: unknown }): Record<string, unknown> | null => {
  const context = event.requestContext as { authorizer?: { jwt?: { claims?: unknown } } } | undefined;
  const claims = context?.authorizer?.jwt?.claims;
  return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
};

/** `event`: a payload-2.0 event (only `requestContext.authorizer.jwt.claims` is read). */
export const identityFromEvent = (event: { requestContext?: unknown }): Identity => {
  const claims = claimsOf(event);
  if (claims === null) throw new UnauthorizedError();
  if (text(claims.token_use) !== 'id') throw new UnauthorizedError();
  const sub = text(claims.sub);
  const email = text(claims.email).toLowerCase();
  if (sub === '' || email === '' || !email.includes('@')) throw new UnauthorizedError();
  if (sub.length > MAX_SUB_LENGTH) throw new BadRequestError(`The token's sub claim is over ${MAX_SUB_LENGTH} characters`);
  if (email.length > MAX_EMAIL_LENGTH) throw new BadRequestError(`The token's email claim is over ${MAX_EMAIL_LENGTH} characters`);
  return { user_id: sub, email, name: text(claims.name) };
};
