/**
 * The HTTP API (API Gateway v2, Lambda payload 2.0): one function per bounded context named by
 * the route table's `fn` (lambdas/http/routes.ts), every route of that table, and nothing else.
 *
 * - Functions: `lambdas/functions/<fn>.ts` exporting `handler`, built by ServiceFunction, each
 *   with read-only access to exactly the tables and indexes FUNCTIONS lists, and their names in
 *   the environment lambdas/config.ts reads.
 * - Routes marked `auth: true` get the JWT authorizer passed in; building a stack with such a
 *   route and no authorizer throws, so an auth route can never be deployed public by mistake.
 * - Throttling: the stage's default and a limit per route (stage settings).
 * - Access logs: JSON lines to a log group with the stage's retention.
 * - Alarms: errors and throttles per function and the API's 5xx rate (Monitoring).
 */
import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage, IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { readArticleFiles } from '../../../lambdas/content/markdown-repository';
import { RENDERED_ARTICLES_FILE, renderArticles } from '../../../lambdas/content/rendered-articles';
import { ROUTES, routeKey } from '../../../lambdas/http/routes';
import type { FunctionName, RouteDefinition } from '../../../lambdas/http/routes';
import type { StageSettings, Throttle } from '../stage';
import type { Data, TableRead } from './data';
import type { Monitoring } from './monitoring';
import { REPO_ROOT, ServiceFunction, type ServiceFunctionProps } from './service-function';
import { OPEN_JOB_INDEX_NAMES } from '../../../lambdas/storage/tables';

interface FunctionSettings {
  description: string;
  memorySize: number;
  timeout: Duration;
  /** The tables (and indexes) the function reads; it gets no other DynamoDB access. */
  reads: readonly TableRead[];
  environment?: Record<string, string>;
  copyIntoBundle?: readonly { from: string; to: string }[];
  bundleAliases?: ServiceFunctionProps['bundleAliases'];
  bundleFiles?: ServiceFunctionProps['bundleFiles'];
  /** Entry file relative to the repository root; default `lambdas/functions/<name>.ts`. */
  entry?: string;
  /** Loads the search index from the search snapshots (Data.snapshotBucket, read only). */
  readsSearchSnapshots?: boolean;
}

/**
 * Every function the route table names. Typed by FunctionName, so a new bounded context in
 * routes.ts does not compile until its access is declared here.
 */
export const FUNCTIONS: Readonly<Record<FunctionName, FunctionSettings>> = {
  jobs: {
    description: 'the jobs API: search, one job, departments',
    // Holds the in-process search index of every open job, restored from the search snapshot on the
    // first request. From bench:cold-start (README "Search from a snapshot"; one core of a busy
    // 2-core machine): 500,000 jobs restore in 1.2 s of CPU, retain 270 MB and peak at 521 MB RSS
    // (100,000: 0.44 s, 84 MB, 234 MB). While a newer snapshot loads in the background the old index
    // is still held: about 270 + 521 MB. Warm, the search keeps up to 40 MB of word matches and 16 MB
    // of matches of texts matching a quarter of the jobs (shared/search/job-index.ts). 1,769 MB is one
    // full vCPU (the load is single-threaded, so more memory would not make it faster) with about
    // twice that headroom; listing from DynamoDB without a snapshot is the fallback for small catalogs
    // only (it peaked at 2.1 GB at 500,000 jobs).
    memorySize: 1769,
    // The first request of a cold container waits for the load; API Gateway gives up at 30 s.
    timeout: Duration.seconds(29),
    // One job (GetItem), search results (BatchGetItem), the open jobs' summaries for the index
    // (a Query per shard of the open-jobs index) and the catalog version (GetItem on state).
    reads: [
      { table: 'jobs', indexes: OPEN_JOB_INDEX_NAMES },
      { table: 'state' },
      // A saved search's private feed: its search by feed token (Query on by-feed-token).
      { table: 'saved_searches', indexes: ['by-feed-token'] },
    ],
    readsSearchSnapshots: true,
  },
  companies: {
    description: 'the companies API: the company list and one company with its jobs',
    memorySize: 512,
    timeout: Duration.seconds(10),
    // The company list (listed-by-name), one company (GetItem) and its jobs (Query on the
    // jobs table's partition key); /coverage scans the crawl's records in the state table
    // (source statuses and 30 days of runs, one small item each; cached 5 minutes).
    reads: [
      { table: 'companies', indexes: ['listed-by-name'] },
      { table: 'jobs' },
      { table: 'state' },
    ],
  },
  content: {
    description: 'the blog API: articles from Contentful, else the Markdown articles bundled with it',
    memorySize: 256,
    // Contentful answers in well under a second; one retry of a 5xx stays inside API Gateway's 30 s.
    timeout: Duration.seconds(20),
    // No table: a content outage can never touch the job board. Contentful access is wired by Api.
    reads: [],
    environment: { CONTENT_ARTICLES_DIR: '/var/task/articles' },
    // The Markdown articles rendered and sanitised here, at synth: the bundle carries no Markdown
    // or YAML parser (lambdas/content/rendered-articles.ts).
    bundleFiles: {
      [`articles/${RENDERED_ARTICLES_FILE}`]: () => renderArticles(readArticleFiles(path.join(REPO_ROOT, 'lambdas', 'content', 'articles'))),
    },
    bundleAliases: { semver: 'xray-sdk-v2-unused.ts' },
  },
  users: {
    description: 'the users API: the caller\'s account from the verified ID token, alert groups, saved searches; the SPA\'s sign-in settings',
    // Holds the open jobs' summaries and an index of the last 7 days' new jobs (matched_last_7_days).
    memorySize: 512,
    timeout: Duration.seconds(10),
    // One user (GetItem), create-or-refresh and version-conditional saves (UpdateItem); the
    // caller's saved searches (Query, GetItem, PutItem, DeleteItem on user_id); the open jobs'
    // summaries (a Query per shard of the open-jobs index) and the catalog version (GetItem on state).
    reads: [
      { table: 'users', write: true },
      { table: 'saved_searches', write: true },
      { table: 'jobs', indexes: OPEN_JOB_INDEX_NAMES },
      { table: 'state' },
    ],
  },
  payments: {
    description: 'the payments API: Stripe Checkout, confirming a paid checkout, the customer portal',
    memorySize: 256,
    // Stripe answers within seconds; the SDK retries twice with a 10 s timeout each.
    timeout: Duration.seconds(25),
    // The caller's user (GetItem) and its version-conditional subscription save (UpdateItem).
    // The Stripe secret key's secret is wired by Api.
    reads: [{ table: 'users', write: true }],
  },
  webhook: {
    description: 'the Stripe webhook: verifies signatures on the raw body, keeps subscriptions true to Stripe',
    entry: 'lambdas/functions/stripe-webhook.ts',
    memorySize: 256,
    timeout: Duration.seconds(25),
    // The user of an event (GetItem, or by Stripe customer through by-stripe-customer), its
    // subscription save (UpdateItem), and the event-id log (GetItem, conditional PutItem).
    reads: [
      { table: 'users', indexes: ['by-stripe-customer'], write: true },
      { table: 'stripe_events', write: true },
    ],
  },
  email: {
    description: 'who may be emailed: newsletter sign-up (double opt-in, rate-limited), confirmation and unsubscribe links',
    memorySize: 512,
    // Renders and sends one confirmation email through SES at most.
    timeout: Duration.seconds(15),
    // Suppression check (GetItem), unsubscribes (Query, UpdateItem), sign-ups (GetItem,
    // conditional UpdateItem), fixed-window counters (UpdateItem ADD). SES and the token secret
    // are wired by the alerts side of the stack (EmailAccess).
    reads: [
      { table: 'suppressions' },
      { table: 'email_preferences', write: true },
      { table: 'newsletter_subscribers', write: true },
      { table: 'rate_limits', write: true },
    ],
    // React's server renderer for the email puts this bundle at the edge of the 250 KB budget;
    // semver only serves X-Ray's AWS SDK v2 patcher, which this function never uses (~8 KB).
    bundleAliases: { semver: 'xray-sdk-v2-unused.ts' },
  },
  mcp: {
    description: 'the MCP server for agents (/mcp): the search, job, company and coverage tools over the same domain functions as the API',
    // Holds its own in-process search index of every open job, restored from the search snapshot as
    // the jobs function's is: the same memory and timeout, for the same reasons (see jobs above).
    memorySize: 1769,
    timeout: Duration.seconds(29),
    readsSearchSnapshots: true,
    // The jobs function's reads (search index, one job) and the companies function's (company
    // list, one company and its jobs, the crawl's records for coverage); for the signed-in tools
    // the users function's saved-search access (the caller's account and saved searches).
    reads: [
      { table: 'jobs', indexes: OPEN_JOB_INDEX_NAMES },
      { table: 'companies', indexes: ['listed-by-name'] },
      { table: 'state' },
      { table: 'users', write: true },
      { table: 'saved_searches', write: true },
    ],
    // semver only serves X-Ray's AWS SDK v2 patcher, which this function never uses.
    bundleAliases: { semver: 'xray-sdk-v2-unused.ts' },
  },
};

/** The JSON fields of one access-log line ($context variables of HTTP APIs). */
const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  error: '$context.error.message',
};

export interface ApiProps {
  stage: StageSettings;
  data: Data;
  monitoring: Monitoring;
  /** The JWT authorizer for `auth: true` routes (the auth construct provides it). */
  authorizer?: IHttpRouteAuthorizer;
  /** Routes to declare; the route table unless a test says otherwise. */
  routes?: readonly RouteDefinition[];
  /** Extra environment per function, e.g. the user pool's ids for the users function (auth construct). */
  environment?: Partial<Record<FunctionName, Record<string, string>>>;
  /** The blog's Contentful space (stage context); without it the blog serves its bundled Markdown articles. */
  contentful?: { spaceId: string; environment: string };
}

const httpMethod = (method: RouteDefinition['method']): HttpMethod => HttpMethod[method];

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<FunctionName, ServiceFunction>;
  /** Declared routes by route key, e.g. "GET /companies/{name}". */
  readonly routes: ReadonlyMap<string, HttpRoute>;
  /** The Contentful delivery token's secret, when a space is configured (its value is set after deploy). */
  readonly contentfulToken: Secret | undefined;
  /** The Stripe secret key and webhook signing secret (values set after deploy), when the payments functions exist. */
  readonly stripeSecrets: { secretKey: Secret; webhookSecret: Secret } | undefined;
  /**
   * The value CloudFront adds to every request it forwards (header x-origin-verify): the API
   * functions refuse requests without it (lambdas/http/origin-check.ts), so the execute-api
   * endpoint cannot be used to go around CloudFront or to forge the viewer's address.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stage: settings, data, monitoring } = props;
    const routes = props.routes ?? ROUTES;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `latent-jobs-${settings.name}`,
      description: 'Latent Jobs public API, served under /api by CloudFront',
      createDefaultStage: false,
    });

    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: 'Sent by CloudFront to the API as x-origin-verify; requests without it are refused',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'CloudFront receives the value at deploy time as an origin header; a rotation between deploys would make the API refuse every request, so it changes with a redeploy instead.',
    });
    const functions = new Map<FunctionName, ServiceFunction>();
    const integrations = new Map<FunctionName, HttpLambdaIntegration>();
    for (const name of new Set(routes.map((route) => route.fn))) {
      const fnSettings = FUNCTIONS[name];
      const service = new ServiceFunction(this, `${name}Function`, {
        entry: fnSettings.entry ?? `lambdas/functions/${name}.ts`,
        description: fnSettings.description,
        memorySize: fnSettings.memorySize,
        timeout: fnSettings.timeout,
        environment: { SEARCH_VERSION_CHECK_SECONDS: '60', LOG_LEVEL: 'info', ...fnSettings.environment, ...props.environment?.[name] },
        logRetention: settings.logRetention,
        removalPolicy: settings.removalPolicy,
        copyIntoBundle: fnSettings.copyIntoBundle,
        bundleAliases: fnSettings.bundleAliases,
        bundleFiles: fnSettings.bundleFiles,
      });
      for (const [key, value] of Object.entries(data.grantRead(service.fn, fnSettings.reads))) {
        service.fn.addEnvironment(key, value);
      }
      // DELETE /users/me/searches/{id} and removed alert groups delete the caller's saved searches (only that table).
      if (name === 'users') service.fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:DeleteItem'], resources: [data.table('saved_searches').tableArn] }));
      if (fnSettings.readsSearchSnapshots === true) {
        for (const [key, value] of Object.entries(data.grantSnapshots(service.fn, service))) service.fn.addEnvironment(key, value);
      }
      Validations.of(service.fn).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason: 'Invoked synchronously by API Gateway only: the caller receives the error, there is no asynchronous event to keep.',
      });
      monitoring.alarmOnFunction(service, name, service.fn);
      service.fn.addEnvironment('ORIGIN_VERIFY_ARN', this.originSecret.secretArn);
      this.originSecret.grantRead(service.fn);
      functions.set(name, service);
      integrations.set(name, new HttpLambdaIntegration(`${name}Integration`, service.fn));
    }
    this.functions = functions;
    this.contentfulToken = this.connectContentful(functions.get('content'), props.contentful, settings.removalPolicy);
    this.stripeSecrets = this.connectStripe(functions.get('payments'), functions.get('webhook'), settings);
    // The users function writes the site's address into saved searches' private feed URLs.
    const feedSite = this.siteUrlOf(settings);
    if (feedSite !== undefined) functions.get('users')?.fn.addEnvironment('SITE_URL', feedSite);
    this.alarmOnWebhookSignatureFailures(functions.get('webhook'), monitoring);

    const declared = new Map<string, HttpRoute>();
    for (const route of routes) {
      const key = routeKey(route);
      if (route.auth && !props.authorizer) {
        throw new Error(`Route "${key}" requires auth but the API was built without a JWT authorizer`);
      }
      const httpRoute = new HttpRoute(this, `Route ${key}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, httpMethod(route.method)),
        integration: integrations.get(route.fn)!,
        authorizer: route.auth ? props.authorizer! : new HttpNoneAuthorizer(),
      });
      if (!route.auth) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            route.fn === 'webhook'
              ? `${key} is Stripe's webhook: Stripe cannot present a user token; every delivery is authenticated by its Stripe-Signature on the raw body (lambdas/payments/webhook-signature.ts), and it is throttled per route.`
              : route.fn === 'email'
                ? `${key} serves links in emails and the public newsletter form: readers have no account; links carry HMAC-signed tokens (lambdas/email/email-tokens.ts), the sign-up is rate-limited per address and client, and the route is throttled.`
                : `${key} is a public, read-only route of the job board (auth: false in lambdas/http/routes.ts); it is throttled per route.`,
        });
      }
      declared.set(key, httpRoute);
    }
    this.routes = declared;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: settings.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FORMAT)),
      },
    });
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const key of declared.keys()) {
      const throttle: Throttle = settings.routeThrottles[key] ?? settings.routeThrottle;
      routeSettings[key] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
    }
    cfnStage.routeSettings = routeSettings;
    // Route settings name routes by key: API Gateway rejects them until the routes exist.
    for (const route of declared.values()) cfnStage.node.addDependency(route);

    monitoring.alarmOnHttpApi(this, this.httpApi);
  }

  /**
   * Gives the content function the Contentful space and the ARN of a secret (created here) that
   * holds the read-only delivery token; the function reads it at cold start. The secret's value
   * is set after the first deploy (infra/aws/README.md); it never appears in the template.
   */
  private connectContentful(
    service: ServiceFunction | undefined,
    contentful: ApiProps['contentful'],
    removalPolicy: ApiProps['stage']['removalPolicy'],
  ): Secret | undefined {
    if (service === undefined || contentful === undefined) return undefined;
    const token = new Secret(this, 'ContentfulDeliveryToken', {
      description: 'Contentful Content Delivery API token (read-only) for the blog; set its value after the first deploy',
      removalPolicy,
    });
    token.grantRead(service.fn);
    service.fn.addEnvironment('CONTENTFUL_SPACE_ID', contentful.spaceId);
    service.fn.addEnvironment('CONTENTFUL_ENVIRONMENT', contentful.environment);
    service.fn.addEnvironment('CONTENTFUL_ACCESS_TOKEN_SECRET_ARN', token.secretArn);
    Validations.of(token).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A Contentful delivery token is issued by Contentful, not by a database Secrets Manager could rotate; it is rotated in Contentful and put here by hand.',
    });
    return token;
  }

  /**
   * Gives the payments and webhook functions the ARNs of two secrets created here (the Stripe
   * secret key; the webhook endpoint's signing secret), read at cold start and cached
   * (lambdas/payments/payments-runtime.ts); their values are set after the first deploy and never
   * appear in the template or the environment. Price ids come from context
   * `stripePriceWeekly|Monthly|Yearly`, the return URLs' origin from `siteUrl` or the stage's
   * `domainName`.
   */
  /**
   * Counts the webhook's rejected signatures (its log lines with
   * `metric: "StripeWebhookSignatureFailure"`, lambdas/functions/stripe-webhook.ts) and alarms at 5
   * in 15 minutes: a wrong signing secret after a roll, or someone probing the endpoint.
   */
  private alarmOnWebhookSignatureFailures(webhook: ServiceFunction | undefined, monitoring: Monitoring): void {
    if (webhook === undefined) return;
    const filter = new MetricFilter(this, 'WebhookSignatureFailures', {
      logGroup: webhook.logGroup,
      filterPattern: FilterPattern.stringValue('$.metric', '=', 'StripeWebhookSignatureFailure'),
      metricNamespace: 'LatentJobs/Payments',
      metricName: 'StripeWebhookSignatureFailures',
      metricValue: '1',
    });
    monitoring.addAlarm(this, 'WebhookSignatureFailuresAlarm', {
      alarmDescription: 'The Stripe webhook rejected 5 or more signatures in 15 minutes (wrong signing secret, or probing)',
      metric: filter.metric({ statistic: 'Sum', period: Duration.minutes(15) }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** The site's address: context `siteUrl`, else the stage's `domainName` over https, else unknown. */
  private siteUrlOf(settings: ApiProps['stage']): string | undefined {
    const value: unknown = this.node.tryGetContext('siteUrl');
    if (typeof value === 'string' && value !== '') return value;
    return settings.domainName === undefined ? undefined : `https://${settings.domainName}`;
  }

  private connectStripe(
    payments: ServiceFunction | undefined,
    webhook: ServiceFunction | undefined,
    settings: ApiProps['stage'],
  ): { secretKey: Secret; webhookSecret: Secret } | undefined {
    if (payments === undefined && webhook === undefined) return undefined;
    const reason =
      'Stripe issues these keys; they are rolled in the Stripe dashboard and put here by hand (Secrets Manager cannot rotate them).';
    const secretKey = new Secret(this, 'StripeSecretKey', {
      description: 'Stripe secret (or restricted) API key for Checkout, the customer portal and webhook read-backs; set its value after the first deploy',
      removalPolicy: settings.removalPolicy,
    });
    const webhookSecret = new Secret(this, 'StripeWebhookSecret', {
      description: 'Signing secret (whsec_...) of the Stripe webhook endpoint /api/payments/webhook; set its value after the first deploy',
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(secretKey).acknowledge({ id: 'AwsSolutions-SMG4', reason });
    Validations.of(webhookSecret).acknowledge({ id: 'AwsSolutions-SMG4', reason });
    const context = (key: string): string | undefined => {
      const value: unknown = this.node.tryGetContext(key);
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const siteUrl = this.siteUrlOf(settings);
    const environment: Record<string, string | undefined> = {
      STRIPE_KEY_ARN: secretKey.secretArn,
      STRIPE_PRICE_WEEKLY: context('stripePriceWeekly'),
      STRIPE_PRICE_MONTHLY: context('stripePriceMonthly'),
      STRIPE_PRICE_YEARLY: context('stripePriceYearly'),
      SITE_URL: siteUrl,
    };
    for (const service of [payments, webhook]) {
      if (service === undefined) continue;
      secretKey.grantRead(service.fn);
      for (const [key, value] of Object.entries(environment)) if (value !== undefined) service.fn.addEnvironment(key, value);
    }
    if (webhook !== undefined) {
      webhookSecret.grantRead(webhook.fn);
      webhook.fn.addEnvironment('STRIPE_WEBHOOK_SIGNING_ARN', webhookSecret.secretArn);
    }
    return { secretKey, webhookSecret };
  }

  /** Host name of the API's default endpoint, e.g. "abc123.execute-api.us-east-1.amazonaws.com". */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
