/**
 * The HTTP API's JWT authorizer as a function, for the local product (infra/local/http-adapter):
 * Authorization header → the authorizer context API Gateway would pass the handler, or a thrown
 * `TokenRejectedError` (→ 401). Accepts the configured pool's tokens: signed by its JWKS, its
 * issuer, its app client as audience (lambdas/auth/jwt-verifier.ts).
 */
import type { AuthConfig } from '../config';
import { bearerToken, toAuthorizerContext, type JwtAuthorizerContext } from './authorizer-context';
import { createJwtVerifier, TokenRejectedError, type JwtVerifierOptions } from './jwt-verifier';

export type JwtAuthorizer = (authorization: string | undefined) => Promise<JwtAuthorizerContext>;

export const createJwtAuthorizer = (
  auth: Pick<AuthConfig, 'issuer' | 'clientId' | 'jwksUrl'>,
  options: Pick<JwtVerifierOptions, 'clock'> = {},
): JwtAuthorizer => {
  const verify = createJwtVerifier({ issuer: auth.issuer, audience: [auth.clientId], jwksUrl: auth.jwksUrl, ...options });
  return async (authorization) => {
    const token = bearerToken(authorization);
    if (token === null) throw new TokenRejectedError('no Authorization header');
    return toAuthorizerContext(await verify(token));
  };
};
