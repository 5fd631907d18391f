/**
 * The security headers CloudFront adds to every response of the site and of /api, as a
 * response-headers policy built from their one definition (infra/security-headers.ts, which
 * the local server sends too): CSP (plus `extraSources`), HSTS, nosniff, frame denial, the
 * referrer and permissions policies.
 *
 * CloudFront refuses a policy whose Content-Security-Policy value is longer than 1,783
 * characters (TooLongCSPInResponseHeadersPolicy; Amazon CloudFront Developer Guide, "Quotas on
 * response headers policies"), and only at deploy time. Every stylesheet the render function
 * inlines adds its 54-character hash, so synthesis checks the length first and says what to cut.
 */
import { Duration } from 'aws-cdk-lib';
import type { HeadersFrameOption, HeadersReferrerPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, REFERRER_POLICY, type CspDirectives } from '../../security-headers';

export type { CspDirectives } from '../../security-headers';

/** CloudFront's quota on the Content-Security-Policy value of a response-headers policy, in characters. */
export const CLOUDFRONT_CSP_MAX_CHARS = 1783;

/**
 * The response-headers policy with the headers above (override: CloudFront's values win).
 * @throws when the Content-Security-Policy is longer than CloudFront accepts (CLOUDFRONT_CSP_MAX_CHARS).
 */
export const securityHeadersPolicy = (scope: Construct, id: string, extraSources: CspDirectives = {}): ResponseHeadersPolicy => {
  const csp = contentSecurityPolicy(extraSources);
  if (csp.length > CLOUDFRONT_CSP_MAX_CHARS) {
    const hashes = Object.values(extraSources).flat().filter((source) => source.startsWith("'sha256-")).length;
    throw new Error(
      `The Content-Security-Policy is ${csp.length} characters, over CloudFront's ${CLOUDFRONT_CSP_MAX_CHARS}; it carries ${hashes} inline hashes ` +
        '(one per stylesheet the render function inlines): merge stylesheets in the build or inline fewer.',
    );
  }
  return new ResponseHeadersPolicy(scope, id, {
    comment: 'Latent Jobs security headers: CSP, HSTS, nosniff, frame denial, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTIONS as HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
      ],
    },
  });
};
