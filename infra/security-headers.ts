/**
 * The security headers of every response of the site and of /api, declared once: CloudFront's
 * response-headers policy on AWS (infra/aws/constructs/security-headers.ts) and the local
 * server (infra/local/server.ts) both derive from this module.
 *
 * - Content-Security-Policy: only the site's own origin for scripts, styles, fonts and fetches;
 *   images may also come from any HTTPS host or data: URIs (the favicon). A deployment widens
 *   exactly the directive it needs through `extraSources`, e.g.
 *   `{ 'connect-src': ['https://cognito-idp.us-east-1.amazonaws.com'] }` for sign-in on AWS,
 *   the cognito-local endpoint locally. `upgrade-insecure-requests` only where the site is
 *   served over HTTPS (locally there is no HTTPS to upgrade to).
 * - Strict-Transport-Security 730 days with subdomains (browsers ignore it over plain HTTP);
 *   X-Content-Type-Options nosniff; X-Frame-Options DENY; Referrer-Policy
 *   strict-origin-when-cross-origin; Permissions-Policy without camera, microphone, geolocation.
 */

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const BASE_CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': [],
};

/** HSTS max-age: 730 days, in seconds. */
export const HSTS_MAX_AGE_SECONDS = 730 * 86_400;
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

/**
 * The Content-Security-Policy value: the base directives plus `extraSources`; without
 * `upgrade-insecure-requests` when `https` is false.
 */
export const contentSecurityPolicy = (extraSources: CspDirectives = {}, options: { https?: boolean } = {}): string => {
  const merged = new Map<string, string[]>(Object.entries(BASE_CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]]));
  if (options.https === false) merged.delete('upgrade-insecure-requests');
  for (const [name, sources] of Object.entries(extraSources)) {
    const current = merged.get(name) ?? [...(merged.get('default-src') ?? [])];
    merged.set(name, [...new Set([...current, ...sources])]);
  }
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
};

/** One set of directives holding every source of each of `sets`, e.g. a deployment's extra sources and the build's inline hashes. */
export const mergeDirectives = (...sets: CspDirectives[]): CspDirectives => {
  const merged: Record<string, string[]> = {};
  for (const [name, sources] of sets.flatMap((set) => Object.entries(set))) merged[name] = [...new Set([...(merged[name] ?? []), ...sources])];
  return merged;
};

/** Every header above by lower-case name, as a server sends them. */
export const securityHeaders = (extraSources: CspDirectives = {}, options: { https?: boolean } = {}): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy(extraSources, options),
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': FRAME_OPTIONS,
  'referrer-policy': REFERRER_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
});
