/**
 * The one resolver of secrets. A secret is configured as a `SecretSource` (lambdas/config.ts):
 * its value (local use, tests) or the ARN of the AWS Secrets Manager secret holding it (AWS;
 * secrets never go in environment variables or the template, functions get the ARN).
 *
 * - `createSecretReader(region)` → `read(arn)`: Powertools for AWS Lambda's Parameters
 *   (SecretsProvider, @aws-lambda-powertools/parameters) on a traced Secrets Manager client,
 *   made on the first read (so a reader costs nothing where every secret is a value), the
 *   value cached for SECRET_MAX_AGE_SECONDS so a rotated secret is picked up without a cold
 *   start; a failed read is not cached, so the next request tries again.
 * - `resolveSecret(source, read)` → the value as is, or read through `read`.
 *
 * `read` throws `UpstreamError` 502 ("A secret the server needs is unavailable") when the
 * secret cannot be read or holds no string; the AWS SDK's error is its `cause`.
 */
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { UpstreamError } from '../../shared/errors';
import type { SecretSource } from '../config';
import { traced } from '../observability/tracer';

export type SecretReader = (arn: string) => Promise<string>;

export const SECRET_UNAVAILABLE_MESSAGE = 'A secret the server needs is unavailable';

/** How long a read secret is kept before Secrets Manager is asked again, in seconds. */
const SECRET_MAX_AGE_SECONDS = 300;

export const createSecretReader = (region: string, client?: SecretsManagerClient): SecretReader => {
  let provider: SecretsProvider | undefined;
  return async (arn) => {
    let value: unknown;
    try {
      provider ??= new SecretsProvider({ awsSdkV3Client: traced(client ?? new SecretsManagerClient({ region })) });
      value = await provider.get(arn, { maxAge: SECRET_MAX_AGE_SECONDS });
    } catch (error) {
      throw new UpstreamError(SECRET_UNAVAILABLE_MESSAGE, 502, { cause: error });
    }
    if (typeof value !== 'string' || value === '') throw new UpstreamError(SECRET_UNAVAILABLE_MESSAGE, 502, { cause: new Error(`Secret ${arn} holds no string`) });
    return value;
  };
};

/** A configured secret's value (read, cached as above, when kept in Secrets Manager). */
export const resolveSecret = async (source: SecretSource, read: SecretReader): Promise<string> =>
  'value' in source ? source.value : read(source.secretArn);
