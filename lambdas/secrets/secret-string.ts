/**
 * Reads secrets from AWS Secrets Manager once per cold start: `createSecretReader(region)`
 * returns `read(arn) → Promise<string>` that asks Secrets Manager the first time and answers
 * from memory after that. A failed read is not remembered, so the next request tries again.
 * Secrets never go in environment variables or the template (issue 7); functions get the ARN.
 *
 * `read` throws `UpstreamError` 502 ("A secret the server needs is unavailable") when the
 * secret cannot be read or holds no string; the AWS SDK's error is its `cause`.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { UpstreamError } from '../../shared/errors';

export type SecretReader = (arn: string) => Promise<string>;

export const SECRET_UNAVAILABLE_MESSAGE = 'A secret the server needs is unavailable';

export const createSecretReader = (region: string, client: Pick<SecretsManagerClient, 'send'> = new SecretsManagerClient({ region })): SecretReader => {
  const cache = new Map<string, Promise<string>>();
  return (arn) => {
    let value = cache.get(arn);
    if (value === undefined) {
      value = client.send(new GetSecretValueCommand({ SecretId: arn })).then(
        (answer) => {
          if (typeof answer.SecretString !== 'string' || answer.SecretString === '') {
            throw new UpstreamError(SECRET_UNAVAILABLE_MESSAGE, 502, { cause: new Error(`Secret ${arn} holds no string`) });
          }
          return answer.SecretString;
        },
        (error: unknown) => {
          throw new UpstreamError(SECRET_UNAVAILABLE_MESSAGE, 502, { cause: error });
        },
      );
      value.catch(() => cache.delete(arn));
      cache.set(arn, value);
    }
    return value;
  };
};
