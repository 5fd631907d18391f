/**
 * Verifies a JSON Web Token the way API Gateway's HTTP API JWT authorizer does, for the local
 * product (infra/local) and tests; on AWS the authorizer itself does this before the handler runs.
 *
 * The rules (AWS, "Controlling access to HTTP APIs with JWT authorizers"):
 * - a compact JWS signed with RS256 by a key of the issuer's JWKS, chosen by `kid`;
 *   `alg: none`, HMAC and any other algorithm are refused;
 * - `iss` equals the configured issuer;
 * - `aud` or, when there is no `aud`, `client_id` is one of the configured audiences;
 * - `exp` present and in the future, `nbf` (when present) and `iat` (when present) not in the future.
 * Token use (`id` vs `access`) is NOT checked here, as API Gateway does not check it: the
 * handler does (lambdas/auth/identity.ts).
 *
 * `createJwtVerifier({ issuer, audience, jwksUrl | keys, clock? })` →
 * `(token) => Promise<JWTPayload>`; throws `TokenRejectedError` (its message says why, for the
 * log; the caller answers only 401 "Unauthorized").
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError';
}

export interface JwtVerifierOptions {
  /** Expected `iss`, e.g. "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc". */
  issuer: string;
  /** Accepted `aud` / `client_id` values (the app client ids). */
  audience: readonly string[];
  /** URL of the issuer's JWKS (fetched on demand, cached, refetched for an unknown `kid`)... */
  jwksUrl?: string;
  /** ...or the keys themselves (tests). */
  keys?: JSONWebKeySet;
  /** "Now" for expiry checks (default the system clock). */
  clock?: () => Date;
}

export type JwtVerifier = (token: string) => Promise<JWTPayload>;

export const createJwtVerifier = (options: JwtVerifierOptions): JwtVerifier => {
  const keys =
    options.keys !== undefined
      ? createLocalJWKSet(options.keys)
      : options.jwksUrl !== undefined
        ? createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 })
        : undefined;
  if (keys === undefined) throw new Error('createJwtVerifier needs jwksUrl or keys');
  const clock = options.clock ?? (() => new Date());
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        requiredClaims: ['exp'],
        currentDate: clock(),
        clockTolerance: 0,
      }));
    } catch (error) {
      const reason = error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : String(error);
      throw new TokenRejectedError(reason, { cause: error });
    }
    const now = Math.floor(clock().getTime() / 1000);
    if (typeof payload.iat === 'number' && payload.iat > now) throw new TokenRejectedError('"iat" claim is in the future');
    const audiences = payload.aud === undefined ? [] : [payload.aud].flat();
    const clientId = (payload as { client_id?: unknown }).client_id;
    const matches = audiences.length > 0 ? audiences.some((aud) => options.audience.includes(aud)) : typeof clientId === 'string' && options.audience.includes(clientId);
    if (!matches) throw new TokenRejectedError('neither "aud" nor "client_id" is an accepted audience');
    return payload;
  };
};
