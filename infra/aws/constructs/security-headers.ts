/**
 * The security headers CloudFront adds to every response of the site and of /api: a strict
 * Content-Security-Policy, HSTS, nosniff, frame denial and a referrer policy.
 *
 * The policy allows only the site's own origin for scripts, styles, fonts and fetches; images
 * may also come from any HTTPS host (employers' logos are hot-linked) or data: URIs (the
 * favicon). Later features widen exactly the directive they need through `extraSources`,
 * e.g. `{ 'connect-src': ['https://cognito-idp.us-east-1.amazonaws.com'] }` for sign-in.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

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

/** The Content-Security-Policy header value: the base directives plus `extraSources`. */
export const contentSecurityPolicy = (extraSources: CspDirectives = {}): string => {
  const merged = new Map<string, string[]>(Object.entries(BASE_CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(extraSources)) {
    const current = merged.get(name) ?? [...(merged.get('default-src') ?? [])];
    merged.set(name, [...new Set([...current, ...sources])]);
  }
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
};

/** The response-headers policy with the headers above (override: CloudFront's values win). */
export const securityHeadersPolicy = (scope: Construct, id: string, extraSources: CspDirectives = {}): ResponseHeadersPolicy =>
  new ResponseHeadersPolicy(scope, id, {
    comment: 'Latent Jobs security headers: CSP, HSTS, nosniff, frame denial, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(extraSources), override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
      ],
    },
  });
