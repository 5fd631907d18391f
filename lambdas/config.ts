/**
 * The one reader of the environment. Every setting the handlers, adapters and local tools
 * need is read here, checked, and handed on as plain values; nothing else reads process.env.
 *
 * Settings (all optional locally; CDK sets them on AWS):
 * - AWS_REGION: region for AWS clients (default "us-east-1").
 * - DYNAMODB_ENDPOINT: a DynamoDB endpoint URL (DynamoDB Local); unset means AWS's own.
 * - TABLE_PREFIX: prefix of the physical table names (default "latent-jobs-local-").
 * - JOBS_TABLE, COMPANIES_TABLE, STATE_TABLE, USERS_TABLE: physical table names, overriding the prefix rule.
 * - SEARCH_VERSION_CHECK_SECONDS: how often a warm function asks whether the catalog changed
 *   and its search index must be rebuilt (default 60; 0 asks on every request).
 * - SHARED_DATA_DIR: the reference data folder (default "../shared/data" beside the repo).
 * - PORT: the local server's port (default 3000).
 * - LOG_LEVEL: "debug" | "info" | "warn" | "error" (default "info").
 * - CONTENTFUL_SPACE_ID: the blog's Contentful space; unset means the blog serves the Markdown
 *   articles in CONTENT_ARTICLES_DIR (default lambdas/content/articles).
 * - CONTENTFUL_ENVIRONMENT: the space's environment (default "master").
 * - CONTENTFUL_ACCESS_TOKEN: a read-only Content Delivery API token (local use), or
 *   CONTENTFUL_ACCESS_TOKEN_SECRET_ARN: a Secrets Manager secret holding it (AWS; read at cold
 *   start). One of the two is required with CONTENTFUL_SPACE_ID.
 * - CONTENTFUL_HOST: "host:port" of a Content Delivery API stand-in, spoken to over plain http
 *   (tests, local); unset means Contentful's own cdn.contentful.com over https.
 * - COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID: the user pool and the web app client whose ID
 *   tokens the API accepts (audience); unset means none is configured (the local start then runs
 *   cognito-local and fills these in). On AWS CDK sets them for the SPA's sign-in settings.
 * - COGNITO_ISSUER: the tokens' `iss` (default https://cognito-idp.<AWS_REGION>.amazonaws.com/<pool id>);
 *   COGNITO_JWKS_URL: its signing keys (default <issuer>/.well-known/jwks.json).
 * - COGNITO_DOMAIN: host name of the hosted sign-in (e.g. latent-jobs.auth.us-east-1.amazoncognito.com)
 *   for the Google redirect; unset means password sign-in against COGNITO_ENDPOINT.
 * - COGNITO_ENDPOINT: a user pool API endpoint other than AWS's (cognito-local, plain http).
 *
 * Throws `ConfigError` naming the variable when a value is malformed.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { COMPANIES_TABLE, JOBS_TABLE, STATE_TABLE, USERS_TABLE } from './storage/tables';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const EnvSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  TABLE_PREFIX: z.string().default('latent-jobs-local-'),
  JOBS_TABLE: z.string().min(3).optional(),
  COMPANIES_TABLE: z.string().min(3).optional(),
  STATE_TABLE: z.string().min(3).optional(),
  USERS_TABLE: z.string().min(3).optional(),
  SEARCH_VERSION_CHECK_SECONDS: z.coerce.number().int().min(0).default(60),
  SHARED_DATA_DIR: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  CONTENTFUL_SPACE_ID: z.string().regex(/^[a-zA-Z0-9]{1,64}$/).optional(),
  CONTENTFUL_ENVIRONMENT: z.string().regex(/^[a-zA-Z0-9_.-]{1,64}$/).default('master'),
  CONTENTFUL_ACCESS_TOKEN: z.string().min(1).optional(),
  CONTENTFUL_ACCESS_TOKEN_SECRET_ARN: z.string().startsWith('arn:').optional(),
  CONTENTFUL_HOST: z.string().regex(/^[a-zA-Z0-9.-]+(:\d{1,5})?$/).optional(),
  CONTENT_ARTICLES_DIR: z.string().min(1).optional(),
  COGNITO_USER_POOL_ID: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/).optional(),
  COGNITO_CLIENT_ID: z.string().regex(/^[\w+]+$/).optional(),
  COGNITO_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  COGNITO_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  COGNITO_DOMAIN: z.string().regex(/^[a-zA-Z0-9.-]+(:\d{1,5})?$/).optional(),
  COGNITO_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
});

/** Where the blog's read-only Content Delivery API token comes from. */
export type ContentfulToken = { value: string } | { secretArn: string };

export interface ContentfulConfig {
  space: string;
  environment: string;
  token: ContentfulToken;
  /** "host:port" of a stand-in spoken to over http, or undefined for Contentful itself. */
  host: string | undefined;
}

/** The user pool whose ID tokens identify callers (issue 5). */
export interface AuthConfig {
  userPoolId: string;
  /** The web app client: the ID tokens' audience. */
  clientId: string;
  /** The tokens' `iss`. */
  issuer: string;
  /** Where the issuer's signing keys are (JWKS). */
  jwksUrl: string;
  /** Hosted sign-in host name (Google redirect), or undefined for password sign-in. */
  domain: string | undefined;
  /** User pool API endpoint other than AWS's (cognito-local), or undefined. */
  endpoint: string | undefined;
}

export interface Config {
  region: string;
  dynamodb: {
    /** DynamoDB Local's URL, or undefined for AWS's own endpoint. */
    endpoint: string | undefined;
    tables: { jobs: string; companies: string; state: string; users: string };
  };
  /** The configured user pool, or null when none is (the local start then runs cognito-local). */
  auth: AuthConfig | null;
  searchVersionCheckSeconds: number;
  /** Absolute path of the reference data folder. */
  sharedDataDir: string;
  port: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  content: {
    /** The blog's Contentful space, or null to serve the Markdown articles in `articlesDir`. */
    contentful: ContentfulConfig | null;
    /** Absolute path of the local Markdown articles. */
    articlesDir: string;
  };
}

/** The repository's root folder (this file lives in lambdas/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const contentfulConfig = (e: z.infer<typeof EnvSchema>): ContentfulConfig | null => {
  if (e.CONTENTFUL_SPACE_ID === undefined) return null;
  const token: ContentfulToken | undefined =
    e.CONTENTFUL_ACCESS_TOKEN !== undefined
      ? { value: e.CONTENTFUL_ACCESS_TOKEN }
      : e.CONTENTFUL_ACCESS_TOKEN_SECRET_ARN !== undefined
        ? { secretArn: e.CONTENTFUL_ACCESS_TOKEN_SECRET_ARN }
        : undefined;
  if (token === undefined) {
    throw new ConfigError('Invalid configuration CONTENTFUL_ACCESS_TOKEN: set it or CONTENTFUL_ACCESS_TOKEN_SECRET_ARN with CONTENTFUL_SPACE_ID');
  }
  return { space: e.CONTENTFUL_SPACE_ID, environment: e.CONTENTFUL_ENVIRONMENT, token, host: e.CONTENTFUL_HOST };
};

const authConfig = (e: z.infer<typeof EnvSchema>): AuthConfig | null => {
  if (e.COGNITO_USER_POOL_ID === undefined) return null;
  if (e.COGNITO_CLIENT_ID === undefined) throw new ConfigError('Invalid configuration COGNITO_CLIENT_ID: set it with COGNITO_USER_POOL_ID');
  const issuer = (e.COGNITO_ISSUER ?? `https://cognito-idp.${e.AWS_REGION}.amazonaws.com/${e.COGNITO_USER_POOL_ID}`).replace(/\/+$/, '');
  return {
    userPoolId: e.COGNITO_USER_POOL_ID,
    clientId: e.COGNITO_CLIENT_ID,
    issuer,
    jwksUrl: e.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
    domain: e.COGNITO_DOMAIN,
    endpoint: e.COGNITO_ENDPOINT,
  };
};

/**
 * Reads and checks the configuration from an environment (process.env by default), with
 * `overrides` laid over it (e.g. the local server's `env` option or a test's settings).
 */
export const readConfig = (
  env: Record<string, string | undefined> = process.env,
  overrides: Record<string, string | undefined> = {},
): Config => {
  const parsed = EnvSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration ${String(issue?.path.join('.'))}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    content: {
      contentful: contentfulConfig(e),
      articlesDir: path.resolve(e.CONTENT_ARTICLES_DIR ?? path.join(REPO_ROOT, 'lambdas', 'content', 'articles')),
    },
    region: e.AWS_REGION,
    dynamodb: {
      endpoint: e.DYNAMODB_ENDPOINT,
      tables: {
        jobs: e.JOBS_TABLE ?? `${e.TABLE_PREFIX}${JOBS_TABLE.name}`,
        companies: e.COMPANIES_TABLE ?? `${e.TABLE_PREFIX}${COMPANIES_TABLE.name}`,
        state: e.STATE_TABLE ?? `${e.TABLE_PREFIX}${STATE_TABLE.name}`,
        users: e.USERS_TABLE ?? `${e.TABLE_PREFIX}${USERS_TABLE.name}`,
      },
    },
    auth: authConfig(e),
    searchVersionCheckSeconds: e.SEARCH_VERSION_CHECK_SECONDS,
    sharedDataDir: path.resolve(e.SHARED_DATA_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'data')),
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
  };
};
