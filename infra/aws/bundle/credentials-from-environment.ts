/**
 * What the Lambda bundles get for `@aws-sdk/credential-provider-node` (esbuild alias,
 * infra/aws/constructs/service-function.ts): the AWS SDK's default credential chain cut to its
 * first link, the environment variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN), which is where the Lambda runtime puts the function role's credentials
 * (https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime).
 * The profile, SSO, login, process, web-identity, container and instance-metadata links (and the
 * STS/SSO clients they carry) are never reached on Lambda and cost every function about 38 KB
 * gzipped (payments: 261 → 223 KB). Same exports as @aws-sdk/credential-provider-node 3.972
 * (dist-es/index.js). @aws-sdk/credential-provider-env comes with the AWS SDK clients.
 * @throws CredentialsProviderError (from fromEnv) when the variables are missing.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type Init = Parameters<typeof fromEnv>[0];

interface Credentials {
  expiration?: Date;
}

/** The environment's credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_CREDENTIAL_EXPIRATION). */
export const defaultProvider = (init: Init = {}) => fromEnv(init);

export const credentialsWillNeedRefresh = (credentials: Credentials | undefined): boolean => credentials?.expiration !== undefined;

export const credentialsTreatedAsExpired = (credentials: Credentials | undefined): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
