/**
 * The security headers CloudFront adds to every response of the site and of /api, as a
 * response-headers policy built from their one definition (infra/security-headers.ts, which
 * the local server sends too): CSP (plus `extraSources`), HSTS, nosniff, frame denial, the
 * referrer and permissions policies.
 */
import { Duration } from 'aws-cdk-lib';
import type { HeadersFrameOption, HeadersReferrerPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY, REFERRER_POLICY, type CspDirectives } from '../../security-headers';

export type { CspDirectives } from '../../security-headers';

/** The response-headers policy with the headers above (override: CloudFront's values win). */
export const securityHeadersPolicy = (scope: Construct, id: string, extraSources: CspDirectives = {}): ResponseHeadersPolicy =>
  new ResponseHeadersPolicy(scope, id, {
    comment: 'Latent Jobs security headers: CSP, HSTS, nosniff, frame denial, referrer policy',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(extraSources), override: true },
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
