/**
 * The SES v2 client for the configured endpoint (lambdas/config.ts readMailConfig): AWS's own in
 * the region, or the local stand-in (aws-ses-v2-local, SES_ENDPOINT) with fixed dummy
 * credentials. `maxAttempts: 1`: the SDK does not retry on its own, so that throttling is retried
 * by lambdas/email/ses-sender.ts alone and nothing ambiguous (a timeout) is ever sent twice.
 * Traced in X-Ray on Lambda (lambdas/observability/tracer.ts).
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailConfig } from '../config';
import { traced } from '../observability/tracer';
import { LOCAL_CREDENTIALS } from '../storage/dynamo-clients';

export const createSesClient = (mail: Pick<MailConfig, 'region' | 'sesEndpoint'>): SESv2Client =>
  traced(
    new SESv2Client({
      region: mail.region,
      maxAttempts: 1,
      ...(mail.sesEndpoint === undefined ? {} : { endpoint: mail.sesEndpoint, credentials: LOCAL_CREDENTIALS }),
    }),
  );
