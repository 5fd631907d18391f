/**
 * The site: every page server-rendered by the render function (lambdas/functions/render.ts),
 * the built SPA's files (frontend/dist) in a private, encrypted, TLS-only S3 bucket, both served
 * by CloudFront through origin access control, with the HTTP API on the same domain under /api
 * (so the browser needs no CORS).
 *
 * - Default behaviour (the render function's URL, IAM-authorised, reached only through origin
 *   access control): each page's HTML with its own status (404 for unknown paths, 410 for a
 *   gone job), cached at the edge as the page says (`s-maxage=300, stale-while-revalidate=600`:
 *   a crawl's change reaches visitors within about five minutes, no invalidation calls needed),
 *   keyed on the query string (list pages, search). A viewer-request CloudFront Function copies
 *   the viewer's Host into `x-forwarded-host`, so the page's loaders call `/api` on the site
 *   itself. The function gets the site build (index.html, the Vite manifest, the server build and
 *   the stylesheets it inlines, which the CSP allows by hash) beside its bundle, with react,
 *   react-dom and react-router as files.
 * - /assets/* (S3): the hashed script, style and image files the pages load.
 * - /api/*: a CloudFront Function strips the /api prefix, so API Gateway sees the same route
 *   keys as lambdas/http/routes.ts (the local adapter serves them under /api too); every viewer
 *   header but Host forwarded, all methods allowed. Its cache policy keys on Authorization with
 *   a 0 s default and 1 s ceiling: CloudFront forwards Authorization on GET and HEAD only when
 *   it is part of the cache key, and a key needs a non-zero max TTL (CACHING_DISABLED would
 *   drop the token from GET /users/me). Responses are thus effectively uncached and never
 *   shared between callers.
 * - /mcp and its OAuth metadata (`/.well-known/oauth-protected-resource[/mcp]`; the routes marked
 *   `atSiteRoot` in lambdas/http/routes.ts): to the API unchanged, as /api/* is but with the
 *   viewer's Host in `x-forwarded-host`, which the MCP function checks (DNS-rebinding protection).
 * - Per-client limits: a WAF web ACL with a rate rule for the API and feeds and a lower one for
 *   the MCP endpoint (`clientRateLimit`).
 * - Both behaviours carry the security-headers policy (security-headers.ts).
 * - Access logs: S3 server access logs and CloudFront standard logs to one log bucket (90 days).
 * - Deployment: index.html and other root files with `no-cache`; hashed files under assets/
 *   immutable for a year and never pruned, so a page loaded before a deploy keeps its chunks.
 *
 * Throws at synth when the built SPA (index.html and assets/) is missing: run `npm run build:web`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { SITE_ROOT_PATHS, SITE_ROOT_PREFIXES } from '../../../lambdas/http/routes';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../../../lambdas/http/client-address';
import type { CspDirectives } from './security-headers';
import { securityHeadersPolicy } from './security-headers';
import { mergeDirectives } from '../../security-headers';
import { readInlineAssets } from '../../../lambdas/render/inline-assets';
import { REPO_ROOT, ServiceFunction } from './service-function';

/** Path prefix under which CloudFront forwards requests to the HTTP API. */
export const API_PATH_PREFIX = '/api';

/** The render function answers every path but these (S3). */
const ASSETS_PATH = '/assets/*';

const FORWARD_HOST_CODE = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host ? request.headers.host.value : '' };
  return request;
}`;

const STRIP_API_PREFIX_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.substring(${API_PATH_PREFIX.length}) || '/';
  return request;
}`;

export interface WebProps {
  /** Host name of the HTTP API's endpoint (Api.domainName). */
  apiDomainName: string;
  /** The secret CloudFront adds to every API request as x-origin-verify (the Api construct's `originSecret`). */
  apiOriginSecret: ISecret;
  /** Folder with the built SPA; must contain index.html. */
  siteDir: string;
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Custom domain and its us-east-1 ACM certificate; both or neither. */
  domainName?: string;
  certificateArn?: string;
  /** Sources later features add to the Content-Security-Policy. */
  cspExtraSources?: CspDirectives;
  /** The bucket of company logos (Crawler.logoBucket, objects `logos/<key>`), served at /logos/*. */
  logoBucket?: IBucket;
  /**
   * Requests one client (viewer IP) may make to the API and the feeds in 5 minutes before WAF
   * blocks it (429) for the rest of the window; default 1,000.
   */
  apiRequestsPerClientPer5Min?: number;
  /**
   * Calls one client (viewer IP) may make to the MCP endpoint (`/mcp`, `/api/mcp`) in 5 minutes
   * before WAF blocks it (429); default 600 (each agent step is one or two calls).
   */
  mcpRequestsPerClientPer5Min?: number;
  /**
   * A WAF web ACL (scope CLOUDFRONT, made in us-east-1) to attach instead of the one this
   * construct makes; needed when the stack is not in us-east-1, where CloudFront ACLs live.
   */
  webAclArn?: string;
}

export class Web extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly headersPolicy: ResponseHeadersPolicy;
  readonly render: ServiceFunction;
  readonly renderUrl: FunctionUrl;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    for (const required of ['index.html', 'assets', '.vite/manifest.json', 'server/entry-server.js']) {
      if (!existsSync(path.join(props.siteDir, required))) {
        throw new Error(`${path.join(props.siteDir, required)} is missing: build the SPA first with \`npm run build:web\``);
      }
    }

    this.logBucket = new Bucket(this, 'AccessLogBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: props.removalPolicy,
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: props.removalPolicy,
    });

    // The server render inlines the build's stylesheets and hydration loader; the CSP allows each by its hash.
    const inline = readInlineAssets(props.siteDir);
    this.headersPolicy = securityHeadersPolicy(this, 'SecurityHeaders', mergeDirectives(props.cspExtraSources ?? {}, inline.csp));
    const forwardHost = new CloudFrontFunction(this, 'ForwardHost', {
      comment: "Tells the render function the viewer's host (x-forwarded-host)",
      code: FunctionCode.fromInline(FORWARD_HOST_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });
    const site = path.relative(REPO_ROOT, props.siteDir);
    this.render = new ServiceFunction(this, 'Render', {
      entry: 'lambdas/functions/render.ts',
      description: "the server render of the site's pages",
      memorySize: 1024,
      timeout: Duration.seconds(10),
      // react and react-dom ship beside the bundle (nodeModules), so the bundle's build-time
      // NODE_ENV does not reach them: without this they would load their development builds.
      environment: { NODE_ENV: 'production' },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
      copyIntoBundle: ['index.html', '.vite', 'server', ...Object.keys(inline.styles)].map((name) => ({ from: path.join(site, name), to: path.join('site', name) })),
      nodeModules: ['react', 'react-dom', 'react-router'],
    });
    Validations.of(this.render.fn).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason: 'Invoked synchronously by CloudFront for a visitor: a failure is answered to the visitor at once; there is nothing to redeliver.',
    });
    this.renderUrl = this.render.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    const renderUrl = this.renderUrl;
    const pageCachePolicy = new CachePolicy(this, 'PageCachePolicy', {
      comment: 'Latent Jobs pages: as long as the page says (s-maxage), keyed on the query string',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const stripApiPrefix = new CloudFrontFunction(this, 'StripApiPrefix', {
      comment: `Removes ${API_PATH_PREFIX} so API Gateway sees the route table's paths`,
      code: FunctionCode.fromInline(STRIP_API_PREFIX_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    const customDomain =
      props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.apiOriginSecret.secretValue.unsafeUnwrap() },
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    // Answers are kept as long as their Cache-Control says: public GETs (max-age 60 s, with an
    // ETag) at the edge, everything else (no-store) never; keyed per caller (Authorization).
    const apiCachePolicy = new CachePolicy(this, 'ApiCachePolicy', {
      comment: 'Latent Jobs /api and /feeds: per-caller key (Authorization), cached as the answer says',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Every method to the API, cached only as the answer says, through one viewer-request function.
    const apiBehaviour = (viewerRequest: CloudFrontFunction) => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCachePolicy,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.headersPolicy,
      compress: true,
      functionAssociations: [{ function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
    const webAclId = props.webAclArn ?? this.clientRateLimit(props.apiRequestsPerClientPer5Min ?? 1_000, props.mcpRequestsPerClientPer5Min ?? 600);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Latent Jobs: the pages (server-rendered), their files and /api',
      ...(webAclId === undefined ? {} : { webAclId }),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...customDomain,
      defaultBehavior: {
        origin: FunctionUrlOrigin.withOriginAccessControl(renderUrl),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: pageCachePolicy,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.headersPolicy,
        compress: true,
        functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [ASSETS_PATH]: {
          origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.headersPolicy,
          compress: true,
        },
        // Company logos (issue 13.5): immutable objects (a new logo gets a new key), cached long.
        ...(props.logoBucket === undefined
          ? {}
          : {
              '/logos/*': {
                origin: S3BucketOrigin.withOriginAccessControl(props.logoBucket),
                viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cachePolicy: CachePolicy.CACHING_OPTIMIZED,
                responseHeadersPolicy: this.headersPolicy,
              },
            }),
        [`${API_PATH_PREFIX}/*`]: apiBehaviour(stripApiPrefix),
        // The MCP endpoint and its OAuth metadata at the site root (routes marked atSiteRoot in
        // lambdas/http/routes.ts): to the API as they are, every method, with the viewer's host in
        // x-forwarded-host (the function's Host check and links); answers say no-store.
        ...Object.fromEntries(
          SITE_ROOT_PATHS.map((sitePath) => [sitePath, apiBehaviour(forwardHost)]),
        ),
        // Feeds at the site root (lambdas/http/routes.ts SITE_ROOT_PREFIXES): to the API as they are,
        // with the viewer's host in x-forwarded-host for the feed's links.
        ...Object.fromEntries(
          SITE_ROOT_PREFIXES.map((prefix) => [
            `${prefix}*`,
            {
              origin: apiOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
              cachePolicy: apiCachePolicy,
              originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
              responseHeadersPolicy: this.headersPolicy,
              compress: true,
              functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
            },
          ]),
        ),
      },
    });
    if (!props.domainName) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1; deploy with -c domainName=... -c certificateArn=... to enforce TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'A public job board for visitors worldwide: no country is excluded.',
    });
    if (webAclId === undefined) {
      Annotations.of(this).addWarningV2(
        'latent-jobs:no-web-acl',
        'No per-client rate limit: CloudFront web ACLs live in us-east-1; pass -c webAclArn=... (a CLOUDFRONT-scope ACL) when deploying elsewhere.',
      );
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason: 'Stack outside us-east-1 without -c webAclArn: the API is still throttled per stage and route; see the synth warning.',
      });
    }

    this.deploySite(props);
  }

  /**
   * Per-client throttling of the public API (issue 12.4): a WAF web ACL with one rate-based rule
   * counting requests per viewer IP to /api/ and the site-root feeds over 5 minutes (WAF's
   * window) and blocking the excess with 429 and a JSON `{message}`, and a second with its own
   * limit for the MCP endpoint, /mcp and /api/mcp (issue 21). HTTP APIs cannot carry a
   * web ACL, so it sits on the distribution; CLOUDFRONT-scope ACLs exist only in us-east-1, so
   * elsewhere none is made (undefined) and `webAclArn` names one.
   */
  private clientRateLimit(limit: number, mcpLimit: number): string | undefined {
    if (Stack.of(this).region !== 'us-east-1') return undefined;
    const startsWith = (prefix: string) => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const paths = [`${API_PATH_PREFIX}/`, ...SITE_ROOT_PREFIXES].map(startsWith);
    const mcpPaths = ['/mcp', `${API_PATH_PREFIX}/mcp`].map(startsWith);
    const acl = new CfnWebACL(this, 'ClientRateLimit', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'latent-jobs-web', sampledRequestsEnabled: true },
      customResponseBodies: {
        'too-many-requests': { contentType: 'APPLICATION_JSON', content: '{"message":"Too many requests from this address; please try again in a few minutes"}' },
      },
      rules: [
        {
          name: 'api-requests-per-client',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' } } },
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', scopeDownStatement: paths.length === 1 ? paths[0] : { orStatement: { statements: paths } } } },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'api-requests-per-client', sampledRequestsEnabled: true },
        },
        // Agents call in bursts: the MCP endpoint has its own, lower ceiling (issue 21).
        {
          name: 'mcp-requests-per-client',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'too-many-requests' } } },
          statement: { rateBasedStatement: { limit: mcpLimit, aggregateKeyType: 'IP', scopeDownStatement: { orStatement: { statements: mcpPaths } } } },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'mcp-requests-per-client', sampledRequestsEnabled: true },
        },
      ],
    });
    return acl.attrArn;
  }

  /**
   * Uploads the SPA with two BucketDeployments sharing CDK's deployment handler, which runs
   * with a role of ours (no AWS-managed policy) logging to a log group of ours.
   */
  private deploySite(props: WebProps): void {
    const stack = Stack.of(this);
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runs the CDK handler that copies the built SPA into the site bucket',
    });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    const common = { destinationBucket: this.bucket, logGroup, role, memoryLimit: 512 };
    // Hashed chunks first (the handler and its layer live under this one), then the pages that
    // reference them: a visitor never gets an index.html whose chunks are not uploaded yet.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      ...common,
      sources: [Source.asset(path.join(props.siteDir, 'assets'))],
      destinationKeyPrefix: 'assets/',
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      ...common,
      sources: [Source.asset(props.siteDir, { exclude: ['assets', 'assets/**'] })],
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets);

    const grants: Array<[string, string]> = [
      ['Action::s3:GetObject*', 'CDK grants the handler read access to the deployment asset objects and the site bucket.'],
      ['Action::s3:GetBucket*', 'CDK grants the handler read access to the asset and site buckets.'],
      ['Action::s3:List*', 'The handler lists the site bucket to prune files the new build no longer has.'],
      ['Action::s3:DeleteObject*', 'The handler deletes pruned files of the site bucket.'],
      ['Action::s3:Abort*', 'The handler aborts failed multipart uploads to the site bucket.'],
      [`Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${stack.account}-${stack.region}/*`, "Objects of CDK's bootstrap asset bucket: the zipped builds to deploy."],
      [`Resource::<${stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*`, 'Objects of the site bucket, the only deployment target.'],
      ['Resource::*', 'CDK grants cloudfront:CreateInvalidation and GetInvalidation on "*" to invalidate the distribution after a deploy.'],
    ];
    for (const [finding, reason] of grants) {
      Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    }
    for (const handler of stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      const reasonOwned = "CDK's own BucketDeployment handler (aws-cdk-lib 2.276.0) picks its Python runtime; it runs only during deploys.";
      Validations.of(handler).acknowledge({ id: 'AwsSolutions-L1', reason: reasonOwned });
      Validations.of(handler).acknowledge({ id: 'Serverless-LambdaLatestVersion', reason: reasonOwned });
      Validations.of(handler).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason: 'A CloudFormation custom-resource handler: a failure fails the stack update, which reports it; there is nothing to redeliver.',
      });
      Validations.of(handler).acknowledge({
        id: 'Serverless-LambdaTracing',
        reason: 'Runs only during deploys to copy files; its logs go to the deployment log group, traces would add nothing.',
      });
    }
  }
}
