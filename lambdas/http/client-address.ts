/**
 * Who is calling, for per-client limits (the newsletter sign-up's hourly limit).
 *
 * `clientAddressOf(event)` → a short key naming the caller's network:
 * - the address comes from CloudFront's `CloudFront-Viewer-Address` header ("ip:port", IPv6
 *   without brackets) ONLY when the HTTP chain let that header through, which it does only for
 *   a request proven to come through our CloudFront distribution (origin-check.ts); everywhere
 *   else the header is removed before a route sees it, and the address is the connection's own
 *   (`requestContext.http.sourceIp`: API Gateway's, or the local server's socket address);
 * - an IPv4 address is its own key ("198.51.100.7"); an IPv6 address is keyed by its /64
 *   ("2001:db8:1:2::/64"), the block one subscriber line gets, so rotating the low 64 bits buys
 *   nothing; IPv4-mapped IPv6 counts as the IPv4;
 * - anything else (missing, garbled, a header kilobytes long) is "unknown": one shared key, at
 *   most 45 characters whatever was sent.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import ipaddr from 'ipaddr.js';

/** The header CloudFront sets with the viewer's address (lower case, as API Gateway hands headers). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The header with which CloudFront proves a request came through it (origin-check.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const UNKNOWN = 'unknown';

/** The rate-limit key of one address (see the module comment). "::ffff:10.1.2.3" → "10.1.2.3". */
export const addressKey = (address: string | undefined): string => {
  if (address === undefined || address.length > 64 || !ipaddr.isValid(address)) return UNKNOWN;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
};

/** "203.0.113.9:443" → "203.0.113.9"; "2001:db8::1:51234" → "2001:db8::1". */
const withoutPort = (viewer: string): string | undefined => (viewer.length > 64 ? undefined : viewer.replace(/:\d{1,5}$/, ''));

/** The caller's rate-limit key (see the module comment). */
export const clientAddressOf = (event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string => {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  if (viewer !== undefined && viewer !== '') return addressKey(withoutPort(viewer));
  return addressKey(event.requestContext?.http?.sourceIp);
};
