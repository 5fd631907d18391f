/**
 * Only requests that came through our CloudFront distribution reach the routes, and only their
 * client address is taken from CloudFront (issue 14.2): the API's execute-api endpoint is public
 * too, and CloudFront is its origin's only caller that may say who the viewer is.
 *
 * `originCheck(secret)` → a middy middleware for the HTTP chain (http-handler.ts):
 * - `secret` given (AWS: CloudFront adds it to every request it forwards, header
 *   `x-origin-verify`, lambdas/config.ts `readOriginConfig`): a request without that exact value
 *   (compared in constant time) is answered 403 `{"message":"Forbidden"}` before any route runs;
 *   with it, `CloudFront-Viewer-Address` (set by CloudFront) is left for client-address.ts;
 * - no secret (the local product, tests): no check, and `CloudFront-Viewer-Address` is removed,
 *   so the client address is the connection's own (the local server's socket address);
 * - either way `x-origin-verify` is removed before a route or a log line sees it.
 * `secret` may be a function (read from Secrets Manager, cached by lambdas/secrets); when it
 * cannot be read the request fails as the secret reader says (502).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createSecretReader, resolveSecret } from '../secrets/secrets';
import { readOriginConfig } from '../config';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from './client-address';
import { jsonResponse, type HttpResult } from './responses';

export type OriginSecret = string | (() => Promise<string>) | null;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Constant-time equality of two texts of any length. */
const sameSecret = (sent: string, expected: string): boolean => timingSafeEqual(digest(sent), digest(expected));

export const originCheck = (secret: OriginSecret): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  before: async (request) => {
    const headers = request.event.headers ?? {};
    const sent = headers[ORIGIN_VERIFY_HEADER];
    delete headers[ORIGIN_VERIFY_HEADER];
    if (secret === null) {
      delete headers[VIEWER_ADDRESS_HEADER];
      return undefined;
    }
    const expected = typeof secret === 'string' ? secret : await secret();
    if (sent === undefined || !sameSecret(sent, expected)) return jsonResponse(403, { message: 'Forbidden' });
    return undefined;
  },
});

/** The origin secret as configured in the environment (`readOriginConfig`): null, a value, or a cached Secrets Manager read. */
export const configuredOriginSecret = (): OriginSecret => {
  const { region, secret } = readOriginConfig();
  if (secret === null) return null;
  const read = createSecretReader(region);
  return () => resolveSecret(secret, read);
};
