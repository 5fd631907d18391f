/**
 * The site: the built SPA (frontend/dist) in a private, encrypted, TLS-only S3 bucket, served by
 * CloudFront through origin access control, with the HTTP API on the same domain under /api
 * (so the browser needs no CORS).
 *
 * - Default behaviour (S3): a viewer-request CloudFront Function rewrites client routes (paths
 *   whose last segment is not a static file, e.g. /company/OpenAI) to /index.html. This is
 *   used instead of distribution error responses (403/404 -> index.html), which would also
 *   turn the API's real 404s under /api into the SPA page with status 200.
 * - /api/*: a CloudFront Function strips the /api prefix, so API Gateway sees the same route
 *   keys as lambdas/http/routes.ts (the local adapter serves them under /api too); every viewer
 *   header but Host forwarded, all methods allowed. Its cache policy keys on Authorization with
 *   a 0 s default and 1 s ceiling: CloudFront forwards Authorization on GET and HEAD only when
 *   it is part of the cache key, and a key needs a non-zero max TTL (CACHING_DISABLED would
 *   drop the token from GET /users/me). Responses are thus effectively uncached and never
 *   shared between callers.
 * - Both behaviours carry the security-headers policy (security-headers.ts).
 * - Access logs: S3 server access logs and CloudFront standard logs to one log bucket (90 days).
 * - Deployment: index.html and other root files with `no-cache`; hashed files under assets/
 *   immutable for a year and never pruned, so a page loaded before a deploy keeps its chunks.
 *
 * Throws at synth when the built SPA (index.html and assets/) is missing: run `npm run build:web`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
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
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../../../lambdas/http/client-address';
import type { CspDirectives } from './security-headers';
import { securityHeadersPolicy } from './security-headers';

/** Path prefix under which CloudFront forwards requests to the HTTP API. */
export const API_PATH_PREFIX = '/api';

/** Files with these extensions are served as they are; every other path is a client route. */
const STATIC_FILE = /\.(?:html|js|mjs|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|webmanifest)$/i;

const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  if (!${STATIC_FILE.toString()}.test(request.uri)) request.uri = '/index.html';
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
}

export class Web extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly headersPolicy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    for (const required of ['index.html', 'assets']) {
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

    this.headersPolicy = securityHeadersPolicy(this, 'SecurityHeaders', props.cspExtraSources);
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Client routes of the SPA get index.html; static files keep their path',
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
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
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Latent Jobs: the SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headersPolicy,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${API_PATH_PREFIX}/*`]: {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.apiOriginSecret.secretValue.unsafeUnwrap() },
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: new CachePolicy(this, 'ApiCachePolicy', {
            comment: 'Latent Jobs /api: per-caller key (Authorization), effectively uncached',
            defaultTtl: Duration.seconds(0),
            minTtl: Duration.seconds(0),
            maxTtl: Duration.seconds(1),
            headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
            queryStringBehavior: CacheQueryStringBehavior.all(),
            cookieBehavior: CacheCookieBehavior.none(),
            enableAcceptEncodingGzip: true,
            enableAcceptEncodingBrotli: true,
          }),
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headersPolicy,
          compress: true,
          functionAssociations: [{ function: stripApiPrefix, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
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
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF yet: the site serves public read-only data and the API is throttled per stage and route; a WAF web ACL (us-east-1) is planned with the accounts and payments routes.',
    });

    this.deploySite(props);
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
