/**
 * The email token secret for a function: `tokenSecretOf(email, region)` → a function resolving
 * the configured value (local, tests) or the Secrets Manager secret (AWS) through the one
 * resolver (lambdas/secrets/secrets.ts `resolveSecret`).
 * @throws ConfigError when neither EMAIL_TOKEN_SECRET nor EMAIL_LINK_KEY_ARN is set (on AWS
 * CDK always sets the ARN; the local commands fill a generated secret in).
 */
import { ConfigError, type EmailConfig } from '../config';
import { createSecretReader, resolveSecret } from '../secrets/secrets';

export const tokenSecretOf = (email: Pick<EmailConfig, 'tokenSecret'>, region: string, read = createSecretReader(region)): (() => Promise<string>) => {
  const source = email.tokenSecret;
  if (source === null) throw new ConfigError('Invalid configuration EMAIL_TOKEN_SECRET: set it or EMAIL_LINK_KEY_ARN');
  return () => resolveSecret(source, read);
};
