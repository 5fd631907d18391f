/**
 * What API Gateway's JWT authorizer hands a Lambda function (payload 2.0):
 * `event.requestContext.authorizer.jwt = { claims, scopes }`, where every claim is a STRING
 * (numbers and booleans as text, arrays as "[a b]", objects as JSON) and `scopes` is the
 * token's space-separated `scope` claim as a list, or null when it has none.
 * Shape checked against ../shared/data/aws/events/apigw-http_jwt-authorizer-auth.json
 * (aws-powertools/powertools-lambda-typescript@1e5fe1b4:tests/events, MIT-0).
 */
import type { JWTPayload } from 'jose';

export interface JwtAuthorizerContext {
  jwt: { claims: Record<string, string>; scopes: string[] | null };
}

const claimText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(claimText).join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
};

/** The authorizer context API Gateway builds from a verified token's payload. */
export const toAuthorizerContext = (payload: JWTPayload): JwtAuthorizerContext => {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) if (value !== undefined && value !== null) claims[name] = claimText(value);
  const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : null;
  return { jwt: { claims, scopes: scope } };
};

/** The token in an Authorization header value ("Bearer <jwt>" or the bare JWT), or null. */
export const bearerToken = (authorization: string | undefined): string | null => {
  const value = authorization?.trim() ?? '';
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token === '' ? null : token;
};
