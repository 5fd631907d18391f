/**
 * Per-stage settings of the AWS deployment, chosen with `cdk synth|deploy -c stage=dev|prod`.
 *
 * Environment: `-c account=123456789012 -c region=eu-west-1` (defaults: the placeholder account
 * 000000000000 and us-east-1). Synth never looks anything up, so it needs no credentials or
 * network; a deploy with the placeholder account fails fast because it matches no credentials.
 *
 * Optional context: `alarmEmail` (subscribed to the alarm topic), `domainName` with
 * `certificateArn` (an ACM certificate in us-east-1 for CloudFront; without them the site is
 * served on its *.cloudfront.net name), `contentfulSpaceId` with optional `contentfulEnvironment`
 * (default master): the blog reads that Contentful space, its read-only token from a Secrets
 * Manager secret the stack creates (set its value after the first deploy); without it the blog
 * serves the Markdown articles bundled with the content function.
 * Sign-in: `googleClientId` (the Google OAuth client; its secret goes into the Secrets Manager
 * secret the stack creates) and `authDomainPrefix` (hosted sign-in domain prefix, default
 * "latent-jobs-<stage>-<account>").
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const STAGE_NAMES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** Requests per second (steady) and burst, as API Gateway throttles them. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export interface StageSettings {
  name: StageName;
  account: string;
  region: string;
  /**
   * What happens to stateful resources (tables, buckets, log groups) when they leave the stack.
   * RETAIN on every stage: tables also have deletion protection, so DESTROY could not delete
   * them anyway; on dev, `cdk destroy` leaves the tables and buckets behind (cheap on-demand
   * storage) and a later deploy creates fresh ones with new generated names.
   */
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Stage-wide default throttle of the HTTP API. */
  apiThrottle: Throttle;
  /** Throttle of each route unless `routeThrottles` names it (route key, e.g. "POST /jobs"). */
  routeThrottle: Throttle;
  routeThrottles: Readonly<Record<string, Throttle>>;
  /** Period over which alarms evaluate errors, throttles and the 5xx rate. */
  alarmPeriod: Duration;
  /** Function errors in one period that raise the alarm. */
  functionErrorThreshold: number;
  /** API 5xx responses as a percentage of requests in one period that raise the alarm. */
  api5xxRatePercent: number;
  alarmEmail: string | undefined;
  domainName: string | undefined;
  certificateArn: string | undefined;
  /** A CLOUDFRONT-scope WAF web ACL to attach (needed outside us-east-1 for the per-client API limit). */
  webAclArn: string | undefined;
  /** The blog's Contentful space and environment, or undefined for the bundled Markdown articles. */
  contentful: { spaceId: string; environment: string } | undefined;
  /** Google OAuth client id for sign-in, or undefined (no Google identity provider). */
  googleClientId: string | undefined;
  /** Prefix of the hosted sign-in domain (<prefix>.auth.<region>.amazoncognito.com). */
  authDomainPrefix: string;
}

const PLACEHOLDER_ACCOUNT = '000000000000';
const DEFAULT_REGION = 'us-east-1';

const stringContext = (scope: Construct, key: string): string | undefined => {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value;
};

const contentfulContext = (scope: Construct): StageSettings['contentful'] => {
  const spaceId = stringContext(scope, 'contentfulSpaceId');
  if (spaceId === undefined) return undefined;
  if (!/^[a-zA-Z0-9]{1,64}$/.test(spaceId)) throw new Error(`Context "contentfulSpaceId" must be a Contentful space id, got "${spaceId}"`);
  return { spaceId, environment: stringContext(scope, 'contentfulEnvironment') ?? 'master' };
};

const authDomainPrefix = (scope: Construct, fallback: string): string => {
  const prefix = stringContext(scope, 'authDomainPrefix') ?? fallback;
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(prefix) || /aws|amazon|cognito/.test(prefix)) {
    throw new Error(`Context "authDomainPrefix" must be lower-case letters, digits and hyphens without aws, amazon or cognito, got "${prefix}"`);
  }
  return prefix;
};

/**
 * Reads the stage and its environment from CDK context (`-c key=value` or cdk.json).
 * Throws naming the key when `stage` is not dev or prod, `account` is not 12 digits, or only
 * one of `domainName` and `certificateArn` is given.
 */
export const readStageSettings = (scope: Construct): StageSettings => {
  const name = stringContext(scope, 'stage') ?? 'dev';
  if (!(STAGE_NAMES as readonly string[]).includes(name)) {
    throw new Error(`Context "stage" must be one of ${STAGE_NAMES.join(', ')}, got "${name}"`);
  }
  const account = stringContext(scope, 'account') ?? PLACEHOLDER_ACCOUNT;
  if (!/^\d{12}$/.test(account)) throw new Error(`Context "account" must be a 12-digit AWS account id, got "${account}"`);
  const domainName = stringContext(scope, 'domainName');
  const certificateArn = stringContext(scope, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Context "domainName" and "certificateArn" go together: give both or neither');
  }
  const prod = name === 'prod';
  return {
    name: name as StageName,
    account,
    region: stringContext(scope, 'region') ?? DEFAULT_REGION,
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    apiThrottle: prod ? { rateLimit: 200, burstLimit: 400 } : { rateLimit: 20, burstLimit: 40 },
    routeThrottle: prod ? { rateLimit: 100, burstLimit: 200 } : { rateLimit: 10, burstLimit: 20 },
    // POST /jobs runs a search and can return 240 jobs at once: the most expensive route.
    routeThrottles: {
      'POST /jobs': prod ? { rateLimit: 50, burstLimit: 100 } : { rateLimit: 5, burstLimit: 10 },
      // Each accepted sign-up can send a confirmation email: a low ceiling for the whole route on
      // top of the per-address and per-client limits in lambdas (shared/email/email-actions.ts).
      'POST /newsletter/subscribe': prod ? { rateLimit: 5, burstLimit: 10 } : { rateLimit: 1, burstLimit: 2 },
    },
    alarmPeriod: Duration.minutes(5),
    functionErrorThreshold: prod ? 5 : 1,
    api5xxRatePercent: 5,
    alarmEmail: stringContext(scope, 'alarmEmail'),
    domainName,
    certificateArn,
    webAclArn: stringContext(scope, 'webAclArn'),
    contentful: contentfulContext(scope),
    googleClientId: stringContext(scope, 'googleClientId'),
    authDomainPrefix: authDomainPrefix(scope, `latent-jobs-${name}-${account}`),
  };
};
