/**
 * The email token secret for a function: the configured value (local, tests), or a reader that
 * fetches the Secrets Manager secret (lambdas/secrets/secrets.ts).
 * @throws ConfigError when neither EMAIL_TOKEN_SECRET nor EMAIL_LINK_KEY_ARN is set (on AWS
 * CDK always sets the ARN; the local commands fill a generated secret in).
 */
import { ConfigError, type EmailConfig } from '../config';
import { createSecretReader, secretOf, type SecretReader } from '../secrets/secrets';

export const tokenSecretOf = (email: Pick<EmailConfig, 'tokenSecret'>, region: string): string | (() => Promise<string>) => {
  const source = email.tokenSecret;
  if (source === null) throw new ConfigError('Invalid configuration EMAIL_TOKEN_SECRET: set it or EMAIL_LINK_KEY_ARN');
  let read: SecretReader | undefined;
  return secretOf(source, (arn) => (read ??= createSecretReader(region))(arn));
};
