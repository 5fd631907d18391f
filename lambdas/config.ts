/**
 * The one reader of the environment for the Lambda functions' settings. Every setting the
 * handlers, adapters and local tools share is read here, checked, and handed on as plain values;
 * settings only the local product has (PORT, HOST) are infra/local/local-config.ts's.
 *
 * Settings (all optional locally; CDK sets them on AWS):
 * - AWS_REGION: region for AWS clients (default "us-east-1").
 * - DYNAMODB_ENDPOINT: a DynamoDB endpoint URL (DynamoDB Local); unset means AWS's own.
 * - TABLE_PREFIX: prefix of the physical table names (default "latent-jobs-local-").
 * - <NAME>_TABLE for each table of lambdas/storage/tables.ts (TABLES; JOBS_TABLE, USERS_TABLE, ...):
 *   its physical name, overriding the prefix rule (CDK sets them, infra/aws/constructs/data.ts).
 * - SEARCH_VERSION_CHECK_SECONDS: how often a warm function asks whether the catalog changed
 *   and its search index must be rebuilt (default 60; 0 asks on every request).
 * - SEARCH_SNAPSHOT_BUCKET: the S3 bucket holding the search snapshots (lambdas/search/search-snapshot.ts;
 *   CDK sets it; the local start sets it to its S3 stand-in's bucket); unset means every process
 *   lists the open jobs from DynamoDB to build its index.
 * - S3_ENDPOINT: an S3 endpoint URL other than AWS's (the local s3rver stand-in, path-style, plain http).
 * - SHARED_DATA_DIR: the reference data folder (default "../shared/data" beside the repo).
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
import { TABLES, perTable, tableEnvironmentVariable, type PerTable } from './storage/tables';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An environment: process.env, or settings laid over it. */
export type Env = Record<string, string | undefined>;

/**
 * `env` with `overrides` laid over it, parsed by `schema`.
 * @throws ConfigError naming the first malformed variable, e.g. "Invalid configuration LOG_LEVEL: ...".
 */
export const parseEnv = <Schema extends z.ZodType>(schema: Schema, env: Env, overrides: Env): z.infer<Schema> => {
  const parsed = schema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration ${String(issue?.path.join('.'))}: ${issue?.message}`);
  }
  return parsed.data;
};

/**
 * The site's origin when SITE_URL is not set: the local product on its default port (the local
 * start and commands set SITE_URL to the address the product runs on; CDK sets it on AWS).
 */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** SITE_URL without a trailing slash, or DEFAULT_SITE_URL. */
const siteUrlOf = (value: string | undefined): string => (value ?? DEFAULT_SITE_URL).replace(/\/+$/, '');

/** SITE_URL (the site's origin as visitors reach it, no trailing slash), else DEFAULT_SITE_URL: the users function's private feed URLs. */
export const readSiteUrl = (env: Env = process.env, overrides: Env = {}): string =>
  siteUrlOf(parseEnv(z.object({ SITE_URL: z.url({ protocol: /^https?$/ }).optional() }), env, overrides).SITE_URL);

/** A secret's value (local) or the ARN of the Secrets Manager secret holding it (AWS); lambdas/secrets/secrets.ts resolves it. */
export type SecretSource = { value: string } | { secretArn: string };

const secretSource = (value: string | undefined, secretArn: string | undefined): SecretSource | null =>
  value !== undefined ? { value } : secretArn !== undefined ? { secretArn } : null;

/** The `<NAME>_TABLE` override of every table in TABLES. */
const TablesEnvSchema = z.object(Object.fromEntries(TABLES.map((table) => [tableEnvironmentVariable(table.name), z.string().min(3).optional()])));

const EnvSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  TABLE_PREFIX: z.string().default('latent-jobs-local-'),
  SEARCH_VERSION_CHECK_SECONDS: z.coerce.number().int().min(0).default(60),
  SEARCH_SNAPSHOT_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  SHARED_DATA_DIR: z.string().min(1).optional(),
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

export interface ContentfulConfig {
  space: string;
  environment: string;
  /** The read-only Content Delivery API token. */
  token: SecretSource;
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

/** Physical table names by logical name, one for every table of lambdas/storage/tables.ts `TABLES`. */
export type TableNames = PerTable<string>;

export interface Config {
  region: string;
  dynamodb: {
    /** DynamoDB Local's URL, or undefined for AWS's own endpoint. */
    endpoint: string | undefined;
    tables: TableNames;
  };
  /** The configured user pool, or null when none is (the local start then runs cognito-local). */
  auth: AuthConfig | null;
  searchVersionCheckSeconds: number;
  /** The search snapshots' bucket, or null (indexes are built from DynamoDB); `endpoint`: S3_ENDPOINT or undefined for AWS's. */
  searchSnapshots: { bucket: string; endpoint: string | undefined } | null;
  /** Absolute path of the reference data folder. */
  sharedDataDir: string;
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
  const token = secretSource(e.CONTENTFUL_ACCESS_TOKEN, e.CONTENTFUL_ACCESS_TOKEN_SECRET_ARN);
  if (token === null) {
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

/** Every table's physical name: `<NAME>_TABLE` when set, else the prefix rule. */
const tableNames = (prefix: string, overrides: Env): TableNames =>
  perTable((table) => overrides[tableEnvironmentVariable(table.name)] ?? `${prefix}${table.name}`);

/**
 * Reads and checks the configuration from an environment (process.env by default), with
 * `overrides` laid over it (e.g. the local server's `env` option or a test's settings).
 */
export const readConfig = (env: Env = process.env, overrides: Env = {}): Config => {
  const e = parseEnv(EnvSchema, env, overrides);
  return {
    content: {
      contentful: contentfulConfig(e),
      articlesDir: path.resolve(e.CONTENT_ARTICLES_DIR ?? path.join(REPO_ROOT, 'lambdas', 'content', 'articles')),
    },
    region: e.AWS_REGION,
    dynamodb: {
      endpoint: e.DYNAMODB_ENDPOINT,
      tables: tableNames(e.TABLE_PREFIX, parseEnv(TablesEnvSchema, env, overrides) as Env),
    },
    auth: authConfig(e),
    searchVersionCheckSeconds: e.SEARCH_VERSION_CHECK_SECONDS,
    searchSnapshots: e.SEARCH_SNAPSHOT_BUCKET === undefined ? null : { bucket: e.SEARCH_SNAPSHOT_BUCKET, endpoint: e.S3_ENDPOINT },
    sharedDataDir: path.resolve(e.SHARED_DATA_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'data')),
    logLevel: e.LOG_LEVEL,
  };
};

/**
 * The crawler's settings (lambdas/crawler), read from the same environment:
 * - CRAWL_CONTACT_URL: the contact page named in the crawler's User-Agent
 *   ("LatentJobsBot/1.0 (+URL)"); default "https://latentjobs.example/crawler" (set it when deploying).
 * - CRAWL_ALLOW_HOSTS: comma-separated "host:port" (or "host") entries the crawler may reach even
 *   though they are not public addresses (tests' fixture servers), e.g. "127.0.0.1:4010". Default none.
 * - CRAWL_CONCURRENCY: companies crawled at once (default 8).
 * - CRAWL_HOST_CONCURRENCY: requests in flight per site (default 2).
 * - CRAWL_HOST_INTERVAL_MS: least time between two request starts to one site, in ms (default 500;
 *   0 turns pacing off).
 * - CRAWL_TIMEOUT_MS: time allowed for one response, connect to last byte, in ms (default 20000).
 * - CRAWL_MAX_BYTES: size cap of one response body, decompressed, in bytes (default 10 MiB).
 * - CRAWL_MAX_RETRY_AFTER_SECONDS: longest Retry-After (429/503) waited for (default 60); a longer
 *   one fails the company at once.
 * - CRAWL_RETRIES: retries after a 429/503 (default 2).
 * - CRAWL_SEEN_REFRESH_HOURS: an unchanged open job's last_seen_at is rewritten only when older
 *   than this (default 6), so an hourly crawl of unchanged boards writes almost nothing.
 * - CI: set (and not "false" or "0") on continuous integration: no progress bar.
 * - CHROME_PATH: a Chromium binary for the career-page crawler and the browser tests; default the
 *   one inside `@sparticuz/chromium` (lambdas/crawler/career-page/chromium.ts).
 * - CRAWL_JSON_QUEUE_URL, CRAWL_CAREERS_QUEUE_URL: the SQS queues the AWS crawl dispatcher
 *   (lambdas/functions/crawl-dispatcher.ts) sends one message per company to, for the JSON ATS
 *   workers and the career-page worker; unset locally (`npm run crawl` needs no queue).
 * - CRAWL_SINGLE_PROCESS: "true" starts Chromium with --single-process (AWS Lambda); default false.
 * - CRAWL_METRICS_NAMESPACE: the CloudWatch namespace of the crawl metrics the AWS functions log
 *   in Embedded Metric Format (lambdas/crawler/crawl-metrics.ts); default "LatentJobs/Crawler".
 * - SITE_URL: the site's origin, for the company logos' own URLs (`${SITE_URL}/logos/<key>`) and
 *   the job pages told to search engines; default DEFAULT_SITE_URL.
 * - LOGO_BUCKET: the S3 bucket the crawl stores company logos in (AWS); unset locally (`.data/logos`).
 * - GOOGLE_INDEXING_KEY: a Google service account's JSON key file (local use, tests), or
 *   GOOGLE_INDEXING_KEY_ARN: a Secrets Manager secret holding it (AWS; read through
 *   lambdas/secrets). With one, each crawl tells Google's Indexing API which job pages opened,
 *   changed or closed (lambdas/crawler/search-engines.ts); without, the pages are logged.
 * - GOOGLE_INDEXING_ENDPOINT: an origin answering Google's token and Indexing API calls instead
 *   of Google's own hosts (a stand-in, tests); unset means Google's.
 *
 * Throws `ConfigError` naming the variable when a value is malformed. The schema is made by a
 * function, so that the bundles of functions that never read these settings leave it out
 * (the email function's bundle is held to 250 KB gzipped).
 */
const crawlEnvSchema = () =>
  z.object({
    CRAWL_CONTACT_URL: z.url({ protocol: /^https?$/ }).default('https://latentjobs.example/crawler'),
    CRAWL_ALLOW_HOSTS: z.string().default(''),
    CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    CRAWL_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    CRAWL_HOST_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    CRAWL_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    CRAWL_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
    CRAWL_MAX_RETRY_AFTER_SECONDS: z.coerce.number().min(0).max(3600).default(60),
    CRAWL_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    CRAWL_SEEN_REFRESH_HOURS: z.coerce.number().min(0).max(24 * 30).default(6),
    CI: z.string().optional(),
    CHROME_PATH: z.string().optional(),
    CRAWL_JSON_QUEUE_URL: z.url({ protocol: /^https?$/ }).optional(),
    CRAWL_CAREERS_QUEUE_URL: z.url({ protocol: /^https?$/ }).optional(),
    CRAWL_SINGLE_PROCESS: z.enum(['true', 'false']).default('false'),
    CRAWL_METRICS_NAMESPACE: z.string().regex(/^[A-Za-z0-9./#:_-]{1,255}$/).default('LatentJobs/Crawler'),
    SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOGO_BUCKET: z.string().min(3).optional(),
    GOOGLE_INDEXING_KEY: z.string().min(2).optional(),
    GOOGLE_INDEXING_KEY_ARN: z.string().startsWith('arn:').optional(),
    GOOGLE_INDEXING_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  });

export interface CrawlConfig {
  userAgent: string;
  contactUrl: string;
  /** Lower-case "host:port" / "host" entries. */
  allowHosts: string[];
  concurrency: number;
  hostConcurrency: number;
  hostIntervalMs: number;
  timeoutMs: number;
  maxBytes: number;
  maxRetryAfterMs: number;
  retries: number;
  seenRefreshMs: number;
  /** False on CI: commands draw no progress bar. */
  progressBar: boolean;
  /** CHROME_PATH, or undefined for the binary inside @sparticuz/chromium. */
  chromePath: string | undefined;
  /** The crawl queues on AWS (one per kind of source), undefined locally. */
  queues: { json: string | undefined; careers: string | undefined };
  /** Chromium with --single-process (AWS Lambda). */
  singleProcess: boolean;
  /** CloudWatch namespace of the crawl metrics. */
  metricsNamespace: string;
  /** The site's origin (no trailing slash): company logos' URLs and the job pages told to search engines start with it. */
  siteUrl: string;
  /** The S3 bucket company logos are stored in (AWS), or undefined (local disk). */
  logoBucket: string | undefined;
  /** Google's Indexing API: the service account key (null: pages are only logged) and a stand-in's origin, if any. */
  searchEngines: { googleKey: SecretSource | null; apiOrigin: string | undefined };
}

/** Reads the crawler's settings (see above) from an environment, `overrides` laid over it. */
export const readCrawlConfig = (env: Env = process.env, overrides: Env = {}): CrawlConfig => {
  const e = parseEnv(crawlEnvSchema(), env, overrides);
  return {
    userAgent: `LatentJobsBot/1.0 (+${e.CRAWL_CONTACT_URL})`,
    contactUrl: e.CRAWL_CONTACT_URL,
    allowHosts: e.CRAWL_ALLOW_HOSTS.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry.length > 0),
    concurrency: e.CRAWL_CONCURRENCY,
    hostConcurrency: e.CRAWL_HOST_CONCURRENCY,
    hostIntervalMs: e.CRAWL_HOST_INTERVAL_MS,
    timeoutMs: e.CRAWL_TIMEOUT_MS,
    maxBytes: e.CRAWL_MAX_BYTES,
    maxRetryAfterMs: e.CRAWL_MAX_RETRY_AFTER_SECONDS * 1000,
    retries: e.CRAWL_RETRIES,
    seenRefreshMs: e.CRAWL_SEEN_REFRESH_HOURS * 3_600_000,
    progressBar: e.CI === undefined || ['', 'false', '0'].includes(e.CI.trim().toLowerCase()),
    chromePath: e.CHROME_PATH?.trim() || undefined,
    queues: { json: e.CRAWL_JSON_QUEUE_URL, careers: e.CRAWL_CAREERS_QUEUE_URL },
    singleProcess: e.CRAWL_SINGLE_PROCESS === 'true',
    metricsNamespace: e.CRAWL_METRICS_NAMESPACE,
    siteUrl: siteUrlOf(e.SITE_URL),
    logoBucket: e.LOGO_BUCKET,
    searchEngines: { googleKey: secretSource(e.GOOGLE_INDEXING_KEY, e.GOOGLE_INDEXING_KEY_ARN), apiOrigin: e.GOOGLE_INDEXING_ENDPOINT },
  };
};

/**
 * The mail settings (lambdas/alerts: the daily digest; the newsletter and unsubscribe side may
 * share them), read from the same environment:
 * - SES_ENDPOINT: an SES v2 endpoint other than AWS's (the local stand-in aws-ses-v2-local,
 *   infra/local/ses-stand-in.ts); unset means AWS's own in AWS_REGION.
 * - SES_CONFIGURATION_SET: the SES configuration set every email is sent with (event publishing
 *   of bounces and complaints); default "latent-jobs-local".
 * - MAIL_FROM: the From of our emails, "Name <address>" or an address; default
 *   "Latent Jobs <alerts@latentjobs.example>" (on AWS: an address of the verified SES identity).
 * - MAIL_POSTAL_ADDRESS: the sender's postal address line in every bulk email's footer
 *   (CAN-SPAM); default a placeholder that says to set it.
 * - MAIL_UNSUBSCRIBE_MAILTO: the mailbox named in List-Unsubscribe's mailto; default
 *   "unsubscribe@latentjobs.example".
 * - SITE_URL: the site's origin for the links in emails (default DEFAULT_SITE_URL).
 * - DIGEST_SEND_RATE: emails per second one digest process sends at most (default 10): on AWS
 *   each worker's share of the SES account's send rate (the rate ÷ the workers' reserved
 *   concurrency, set by infra/aws/constructs/alerts.ts); locally the whole rate.
 * - DIGEST_HOUR_UTC: the hour (0-23, UTC) of the daily digest schedule (default 7).
 * - DIGEST_SEND_ATTEMPTS: attempts per email when SES throttles (default 6), with exponential
 *   backoff from DIGEST_RETRY_BASE_MS (default 250 ms, full jitter, capped at 20 s).
 *
 * Throws `ConfigError` naming the variable when a value is malformed.
 */
const MailEnvSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  SES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  SES_CONFIGURATION_SET: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('latent-jobs-local'),
  MAIL_FROM: z.string().regex(/^([^<>\r\n]{1,100} )?<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/, 'not "Name <address>" or an address').default('Latent Jobs <alerts@latentjobs.example>'),
  MAIL_POSTAL_ADDRESS: z.string().min(5).max(200).regex(/^[^\r\n]+$/).default('Latent Jobs, postal address not configured (set MAIL_POSTAL_ADDRESS)'),
  MAIL_UNSUBSCRIBE_MAILTO: z.email().default('unsubscribe@latentjobs.example'),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DIGEST_SEND_RATE: z.coerce.number().min(0.1).max(10_000).default(10),
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  DIGEST_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  DIGEST_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
});

export interface MailConfig {
  region: string;
  /** The SES stand-in's URL, or undefined for AWS's own endpoint. */
  sesEndpoint: string | undefined;
  configurationSet: string;
  /** e.g. "Latent Jobs <alerts@latentjobs.example>" */
  from: string;
  postalAddress: string;
  unsubscribeMailto: string;
  /** e.g. "https://latentjobs.example", without a trailing slash. */
  siteUrl: string;
  digest: {
    /** Emails per second at most. */
    sendRate: number;
    hourUtc: number;
    sendAttempts: number;
    retryBaseMs: number;
  };
}

/** Reads the mail settings (see above) from an environment, `overrides` laid over it. */
export const readMailConfig = (env: Env = process.env, overrides: Env = {}): MailConfig => {
  const e = parseEnv(MailEnvSchema, env, overrides);
  return {
    region: e.AWS_REGION,
    sesEndpoint: e.SES_ENDPOINT,
    configurationSet: e.SES_CONFIGURATION_SET,
    from: e.MAIL_FROM,
    postalAddress: e.MAIL_POSTAL_ADDRESS,
    unsubscribeMailto: e.MAIL_UNSUBSCRIBE_MAILTO,
    siteUrl: siteUrlOf(e.SITE_URL),
    digest: { sendRate: e.DIGEST_SEND_RATE, hourUtc: e.DIGEST_HOUR_UTC, sendAttempts: e.DIGEST_SEND_ATTEMPTS, retryBaseMs: e.DIGEST_RETRY_BASE_MS },
  };
};

/**
 * The digest planner's settings on AWS (lambdas/functions/digest-planner.ts):
 * - DIGEST_QUEUE_URL: the SQS queue of subscriber batches the digest workers read (required);
 * - DIGEST_BATCH_SIZE: subscribers a batch, 1-500 (default 500, shared/alerts/digest-plan.ts).
 * @throws ConfigError naming the variable when one is missing or malformed.
 */
const DigestQueueEnvSchema = z.object({
  DIGEST_QUEUE_URL: z.url({ protocol: /^https?$/ }),
  DIGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(500),
});
export interface DigestQueueConfig {
  queueUrl: string;
  batchSize: number;
}
export const readDigestQueueConfig = (env: Env = process.env, overrides: Env = {}): DigestQueueConfig => {
  const e = parseEnv(DigestQueueEnvSchema, env, overrides);
  return { queueUrl: e.DIGEST_QUEUE_URL, batchSize: e.DIGEST_BATCH_SIZE };
};

/**
 * Who-may-be-emailed settings (lambdas/email, lambdas/functions/email.ts, ses-events.ts,
 * lambdas/newsletter), read from the same environment; sender, site and SES settings are
 * readMailConfig's:
 * - EMAIL_TOKEN_SECRET: the HMAC key of unsubscribe and confirmation links (at least 32
 *   characters; local use and tests), or EMAIL_LINK_KEY_ARN (also read as EMAIL_TOKEN_SECRET_ARN):
 *   a Secrets Manager secret holding it (AWS, named so that no variable name looks like a secret;
 *   read at cold start and cached). Neither means not configured: the local
 *   commands then use a random secret kept in .data/email-token-secret.
 * - SUBSCRIBE_LIMIT_PER_ADDRESS: newsletter sign-ups per email address per hour (default 3).
 * - SUBSCRIBE_LIMIT_PER_CLIENT: newsletter sign-ups per client IP per hour (default 20).
 * - SES_EVENTS_TOPIC_ARN: the SNS topic SES publishes bounces and complaints to; when set, a
 *   notification from any other topic is refused (logged, nothing changed).
 *
 * Throws `ConfigError` naming the variable when a value is malformed.
 */
const EmailEnvSchema = z.object({
  EMAIL_TOKEN_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  EMAIL_TOKEN_SECRET_ARN: z.string().startsWith('arn:').optional(),
  EMAIL_LINK_KEY_ARN: z.string().startsWith('arn:').optional(),
  SUBSCRIBE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
  SUBSCRIBE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(20),
  SES_EVENTS_TOPIC_ARN: z.string().startsWith('arn:').optional(),
});

export interface EmailConfig {
  /** The secret's value (local) or its Secrets Manager ARN (AWS); null when not configured (local commands make one). */
  tokenSecret: SecretSource | null;
  subscribeLimits: { perAddressPerHour: number; perClientPerHour: number };
  sesEventsTopicArn: string | undefined;
}

/** Reads the who-may-be-emailed settings (see above) from an environment, `overrides` laid over it. */
export const readEmailConfig = (env: Env = process.env, overrides: Env = {}): EmailConfig => {
  const e = parseEnv(EmailEnvSchema, env, overrides);
  return {
    tokenSecret: secretSource(e.EMAIL_TOKEN_SECRET, e.EMAIL_LINK_KEY_ARN ?? e.EMAIL_TOKEN_SECRET_ARN),
    subscribeLimits: { perAddressPerHour: e.SUBSCRIBE_LIMIT_PER_ADDRESS, perClientPerHour: e.SUBSCRIBE_LIMIT_PER_CLIENT },
    sesEventsTopicArn: e.SES_EVENTS_TOPIC_ARN,
  };
};

/**
 * The payments context's settings (lambdas/payments), read from the same environment:
 * - STRIPE_SECRET_KEY: a Stripe secret or restricted key (sk_test_/sk_live_/rk_...; local use and
 *   tests), or STRIPE_KEY_ARN: the ARN of a Secrets Manager secret holding it (AWS; read at
 *   cold start). Neither means Stripe is not configured: the local start then runs the Stripe
 *   stand-in and fills these in.
 * - STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret (whsec_...), or
 *   STRIPE_WEBHOOK_SIGNING_ARN: the ARN of a Secrets Manager secret holding it.
 * - STRIPE_PRICE_WEEKLY, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY: the recurring Price ids of the
 *   plans (shared/billing/plans.ts); defaults price_local_weekly|monthly|yearly (the stand-in's).
 * - STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL (http|https): a Stripe API other than
 *   api.stripe.com (the local stand-in); unset means Stripe itself.
 * - SITE_URL: the site's origin as visitors reach it, for Stripe's return URLs
 *   (default DEFAULT_SITE_URL).
 *
 * Throws `ConfigError` naming the variable when a value is malformed.
 */
const PaymentsEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, 'not a Stripe secret key').optional(),
  STRIPE_KEY_ARN: z.string().startsWith('arn:').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, 'not a webhook signing secret').optional(),
  STRIPE_WEBHOOK_SIGNING_ARN: z.string().startsWith('arn:').optional(),
  STRIPE_PRICE_WEEKLY: z.string().regex(/^price_\w+$/).default('price_local_weekly'),
  STRIPE_PRICE_MONTHLY: z.string().regex(/^price_\w+$/).default('price_local_monthly'),
  STRIPE_PRICE_YEARLY: z.string().regex(/^price_\w+$/).default('price_local_yearly'),
  STRIPE_API_HOST: z.string().regex(/^[a-zA-Z0-9.-]+$/).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface PaymentsConfig {
  /** Null when Stripe is not configured (the local start runs the stand-in). */
  secretKey: SecretSource | null;
  webhookSecret: SecretSource | null;
  /** Stripe Price id of each plan. */
  prices: { weekly: string; monthly: string; yearly: string };
  /** A Stripe API other than api.stripe.com (the stand-in), or null. */
  api: { host: string; port: number | undefined; protocol: 'http' | 'https' } | null;
  /** e.g. "http://localhost:3000", without a trailing slash. */
  siteUrl: string;
}

/** Reads the payments settings (see above) from an environment, `overrides` laid over it. */
export const readPaymentsConfig = (env: Env = process.env, overrides: Env = {}): PaymentsConfig => {
  const e = parseEnv(PaymentsEnvSchema, env, overrides);
  return {
    secretKey: secretSource(e.STRIPE_SECRET_KEY, e.STRIPE_KEY_ARN),
    webhookSecret: secretSource(e.STRIPE_WEBHOOK_SECRET, e.STRIPE_WEBHOOK_SIGNING_ARN),
    prices: { weekly: e.STRIPE_PRICE_WEEKLY, monthly: e.STRIPE_PRICE_MONTHLY, yearly: e.STRIPE_PRICE_YEARLY },
    api: e.STRIPE_API_HOST === undefined ? null : { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL ?? 'https' },
    siteUrl: siteUrlOf(e.SITE_URL),
  };
};

/**
 * The HTTP API's origin check (lambdas/http/origin-check.ts): a secret CloudFront adds to every
 * request it forwards to the API, in the header `x-origin-verify`, so a request that did not come
 * through CloudFront is refused and only then is CloudFront's viewer-address header trusted.
 * - ORIGIN_VERIFY_SECRET: its value (tests), or ORIGIN_VERIFY_ARN: the Secrets Manager
 *   secret holding it (AWS: the API functions get the ARN, CloudFront the value).
 * - Neither (the local product, tests): no check, and no client-address header is trusted.
 * @throws ConfigError for a value shorter than 32 characters or an ARN that is none.
 */
const OriginEnvSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  ORIGIN_VERIFY_ARN: z.string().startsWith('arn:').optional(),
});

export interface OriginConfig {
  region: string;
  /** The secret CloudFront sends, or null when there is no CloudFront in front (locally). */
  secret: SecretSource | null;
}

export const readOriginConfig = (env: Env = process.env): OriginConfig => {
  const e = parseEnv(OriginEnvSchema, env, {});
  return { region: e.AWS_REGION, secret: secretSource(e.ORIGIN_VERIFY_SECRET, e.ORIGIN_VERIFY_ARN) };
};

/**
 * The MCP server's settings (issue 21, lambdas/functions/mcp.ts), read from the same environment:
 * - SITE_URL: the site's origin as visitors reach it ("https://jobs.example.com"): the links the
 *   tools answer, the one Host (and Origin) `/mcp` accepts (DNS-rebinding protection; a local
 *   origin also accepts the other loopback names on its port), and the resource named in its
 *   OAuth protected-resource metadata. Unset (AWS without a custom domain or `siteUrl` context):
 *   the origin the request came through CloudFront on, and no Host check (the origin check
 *   already refuses what did not come through CloudFront).
 * - MCP_REQUESTS_PER_MINUTE: calls one client (address) may make a minute where the function
 *   limits them itself (the local product; on AWS the WAF rule of infra/aws/constructs/web.ts
 *   does); default 300.
 */
const McpEnvSchema = z.object({
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  MCP_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
});

export interface McpConfig {
  /** The site's origin without a trailing slash, or null (see above). */
  siteUrl: string | null;
  requestsPerMinute: number;
}

export const readMcpConfig = (env: Env = process.env, overrides: Env = {}): McpConfig => {
  const e = parseEnv(McpEnvSchema, env, overrides);
  return { siteUrl: e.SITE_URL === undefined ? null : siteUrlOf(e.SITE_URL), requestsPerMinute: e.MCP_REQUESTS_PER_MINUTE };
};

/**
 * The desktop entry's settings (`npm run mcp`, `npx latent-jobs-mcp`: infra/mcp/stdio.ts), the
 * one place its environment is read:
 * - LATENT_JOBS_URL: the site whose `/mcp` it speaks to (default DEFAULT_SITE_URL, the local product);
 * - LATENT_JOBS_TOKEN: a Cognito ID token sent as the bearer token, for the saved-search tools
 *   (optional: without it the public tools work and the others answer that sign-in is needed).
 */
const McpClientEnvSchema = z.object({
  LATENT_JOBS_URL: z.url({ protocol: /^https?$/ }).optional(),
  LATENT_JOBS_TOKEN: z.string().min(1).optional(),
});

export interface McpClientConfig {
  /** The `/mcp` endpoint's URL. */
  endpoint: URL;
  token: string | null;
}

export const readMcpClientConfig = (env: Env = process.env): McpClientConfig => {
  const e = parseEnv(McpClientEnvSchema, env, {});
  return { endpoint: new URL('/mcp', `${siteUrlOf(e.LATENT_JOBS_URL)}/`), token: e.LATENT_JOBS_TOKEN ?? null };
};
