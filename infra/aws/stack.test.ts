/**
 * The prod stack as CloudFormation will receive it: synthesised once, in-process, through the
 * same composeApp as `cdk synth`, with cdk-nag's AwsSolutions and Serverless packs. Function
 * bundling is skipped here (`npm run synth` bundles and loads every function).
 * Needs the built SPA (frontend/dist): `npm test` runs `npm run build:web` first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../lambdas/http/routes';
import { readInlineAssets } from '../../lambdas/render/inline-assets';
import { CLOUDFRONT_CSP_MAX_CHARS } from './constructs/security-headers';
import { OPEN_JOB_INDEX_NAMES, TABLES } from '../../lambdas/storage/tables';
import { composeApp } from './compose';
import { READ_ACTIONS, WRITE_ACTIONS } from './constructs/data';
import { REPO_ROOT } from './constructs/service-function';
import type { LatentJobsStack } from './latent-jobs-stack';

type Json = Record<string, unknown>;
interface Resource {
  Type: string;
  Properties?: Json;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
  Condition?: Json;
}

let outdir: string;
let stack: LatentJobsStack;
let template: Template;
let resources: Record<string, Resource>;
let synthError: Error | undefined;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'latent-jobs-cdk-'));
  const app = new App({
    outdir,
    builtinCloudFormationValidation: false,
    context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] },
  });
  stack = composeApp(app);
  try {
    app.synth();
  } catch (error) {
    // cdk-nag findings fail the synth after the template is written; the nag test reports them.
    synthError = error as Error;
  }
  const json = JSON.parse(readFileSync(path.join(outdir, stack.templateFile), 'utf8')) as { Resources: Record<string, Resource> };
  template = Template.fromJSON(json);
  resources = json.Resources;
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const ofType = (type: string): [string, Resource][] => Object.entries(resources).filter(([, r]) => r.Type === type);
const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<LatentJobsStack['getLogicalId']>[0]);
const actions = (statement: Statement): string[] => [statement.Action].flat();
const resourceList = (statement: Statement): unknown[] => [statement.Resource].flat();

/** Every statement of every policy document in the template, with where it sits. */
const allStatements = (): { where: string; statement: Statement }[] =>
  Object.entries(resources).flatMap(([id, r]) => {
    const p = r.Properties ?? {};
    const docs = [p.PolicyDocument, p.AssumeRolePolicyDocument, ...(Array.isArray(p.Policies) ? (p.Policies as { PolicyDocument: unknown }[]) : []).map((x) => x.PolicyDocument)];
    return docs
      .filter((doc): doc is { Statement: Statement[] } => typeof doc === 'object' && doc !== null)
      .flatMap((doc) => doc.Statement.map((statement) => ({ where: id, statement })));
  });

describe('nag: AwsSolutions and Serverless packs', () => {
  it('leaves no unacknowledged error', () => {
    const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[] }[];
    };
    const errors = report.pluginReports.flatMap((plugin) =>
      plugin.violations
        .filter((v) => v.severity === 'error' || v.severity === 'fatal')
        .flatMap((v) => v.violatingConstructs.map((c) => `${plugin.pluginName} ${v.ruleName} at ${c.constructPath}`)),
    );
    expect(errors).toEqual([]);
    expect(synthError).toBeUndefined();
  });

  it('gives every acknowledgement a written reason', () => {
    const acknowledged = stack.node
      .findAll()
      .flatMap((construct) =>
        construct.node.metadata
          .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((entry) => Object.entries(entry.data as Record<string, string>)),
      );
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) {
      expect(reason.split(/\s+/).length, `reason for ${id}`).toBeGreaterThanOrEqual(8);
    }
  });
});

describe('API', () => {
  it('declares exactly the routes of the route table, each on its function', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!);
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(ROUTES.map(routeKey).sort());
    const integrations = new Map(ofType('AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, r.Properties!]));
    for (const route of ROUTES) {
      const declared = routes.find((r) => r.RouteKey === routeKey(route))!;
      const integrationId = ((declared.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1] as { Ref: string }).Ref;
      const uri = integrations.get(integrationId)!.IntegrationUri as { 'Fn::GetAtt': [string, string] };
      expect(uri['Fn::GetAtt'][0], routeKey(route)).toBe(logicalId(stack.api.functions.get(route.fn)!.fn));
      expect(integrations.get(integrationId)!.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('puts the JWT authorizer on every auth route and on no public one', () => {
    for (const route of ROUTES) {
      const props = ofType('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties!.RouteKey === routeKey(route))![1].Properties!;
      if (route.auth) {
        expect(props.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(props.AuthorizerId, routeKey(route)).toBeDefined();
      } else {
        expect(props.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
  });

  it('throttles the stage and every route, and writes JSON access logs to a log group with retention', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const p = stage.Properties as { DefaultRouteSettings: Json; RouteSettings: Record<string, Json>; AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [string] }; Format: string } };
    expect(p.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: expect.any(Number), ThrottlingBurstLimit: expect.any(Number) });
    expect(Object.keys(p.RouteSettings).sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const settings of Object.values(p.RouteSettings)) {
      expect(settings.ThrottlingRateLimit).toBeLessThanOrEqual(p.DefaultRouteSettings.ThrottlingRateLimit as number);
    }
    expect(JSON.parse(p.AccessLogSettings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    const logGroup = resources[p.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]]!;
    expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
    expect(logGroup.Properties!.RetentionInDays).toBeGreaterThan(0);
  });
});

describe('functions', () => {
  it('run Node.js 22 on arm64, bundled as ESM with the handler export', () => {
    for (const [name, service] of stack.api.functions) {
      const props = resources[logicalId(service.fn)]!.Properties!;
      expect(props.Runtime, name).toBe('nodejs22.x');
      expect(props.Architectures, name).toEqual(['arm64']);
      expect(props.Handler, name).toBe('index.handler');
      expect((props.Environment as { Variables: Json }).Variables.SEARCH_VERSION_CHECK_SECONDS).toBe('60');
    }
    expect([...stack.api.functions.keys()].sort()).toEqual([...new Set(ROUTES.map((r) => r.fn))].sort());
  });

  it("reach only their own tables and indexes, read-only, and know exactly those tables' names", () => {
    const expected: Record<string, Record<string, string[]>> = {
      jobs: { jobs: [...OPEN_JOB_INDEX_NAMES], state: [], saved_searches: ['by-feed-token'] },
      companies: { companies: ['listed-by-name'], jobs: [], state: [] }, // state: the crawl's records behind /coverage
      content: {},
      users: { users: [], saved_searches: [], jobs: [...OPEN_JOB_INDEX_NAMES], state: [] },
      payments: { users: [] },
      webhook: { users: ['by-stripe-customer'], stripe_events: [] },
      email: { suppressions: [], email_preferences: [], newsletter_subscribers: [], rate_limits: [] },
      // The jobs and companies functions' reads, and the users function's saved searches for the signed-in tools.
      mcp: { jobs: [...OPEN_JOB_INDEX_NAMES], companies: ['listed-by-name'], state: [], users: [], saved_searches: [] },
    };
    // Only these functions may write, and only their own tables (PutItem/UpdateItem, no deletes).
    const writers: Record<string, readonly string[]> = {
      users: [...READ_ACTIONS, ...WRITE_ACTIONS, 'dynamodb:DeleteItem'], // DeleteItem: saved searches only (api.ts)
      payments: [...READ_ACTIONS, ...WRITE_ACTIONS],
      webhook: [...READ_ACTIONS, ...WRITE_ACTIONS],
      email: [...READ_ACTIONS, ...WRITE_ACTIONS],
      mcp: [...READ_ACTIONS, ...WRITE_ACTIONS],
    };
    const tableIds = new Map(TABLES.map((t) => [logicalId(stack.data.table(t.name)), t.name]));
    for (const [name, service] of stack.api.functions) {
      const roleId = logicalId(service.role);
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, r]) => (r.Properties!.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
        .flatMap(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
        .filter((s) => actions(s).some((a) => a.startsWith('dynamodb:')));
      const reached: Record<string, string[]> = {};
      for (const statement of statements) {
        expect(actions(statement).every((a) => (writers[name] ?? READ_ACTIONS).includes(a)), `${name} actions`).toBe(true);
        for (const resource of resourceList(statement)) {
          const text = JSON.stringify(resource);
          const tableId = [...tableIds.keys()].find((id) => text.includes(`"${id}"`));
          expect(tableId, `${name} reaches ${text}`).toBeDefined();
          const index = /\/index\/([^"]+)"/.exec(text)?.[1];
          const tableName = tableIds.get(tableId!)!;
          reached[tableName] = [...(reached[tableName] ?? []), ...(index ? [index] : [])];
        }
      }
      expect(reached, name).toEqual(expected[name]);
      const variables = (resources[logicalId(service.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).filter((key) => key.endsWith('_TABLE')).sort(), name).toEqual(
        Object.keys(expected[name]!).map((table) => `${table.toUpperCase()}_TABLE`).sort(),
      );
    }
    // No other role touches DynamoDB but the crawler's, the digest planner's and worker's, the SES events handler's, the
    // newsletter's and the ECB rate refresh's (checked in crawler.test.ts, alerts.test.ts, email.test.ts, ecb-rates.test.ts).
    const crawlerRoles = [stack.crawler.dispatcher, stack.crawler.workers.json, stack.crawler.workers.careers, stack.alerts.planner, stack.alerts.digest, stack.email.sesEvents!, stack.email.newsletter!, stack.ecbRates.refresh, stack.searchSnapshots.builder].map((s) =>
      logicalId(s.role),
    );
    const apiRoles = new Set([...[...stack.api.functions.values()].map((s) => logicalId(s.role)), ...crawlerRoles]);
    const others = ofType('AWS::IAM::Policy').filter(
      ([, r]) =>
        !(r.Properties!.Roles as { Ref: string }[]).some((role) => apiRoles.has(role.Ref)) &&
        (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement.some((s) => actions(s).some((a) => a.startsWith('dynamodb:'))),
    );
    expect(others.map(([id]) => id)).toEqual([]);
  });

  it('raise alarms on errors and throttles, and the API on its 5xx rate, all to the alarm topic', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);
    const topicId = logicalId(stack.monitoring.topic);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
    for (const service of stack.api.functions.values()) {
      const fnId = logicalId(service.fn);
      const metricsOf = (metric: string) =>
        alarms.filter((a) => a.MetricName === metric && JSON.stringify(a.Dimensions).includes(`"${fnId}"`));
      expect(metricsOf('Errors')).toHaveLength(1);
      expect(metricsOf('Throttles')).toHaveLength(1);
    }
    expect(alarms.filter((a) => JSON.stringify(a.Metrics ?? []).includes('"5xx"'))).toHaveLength(1);
  });

  it('raise alarms on rejected webhook signatures (counted from the webhook log) and on the SES bounce and complaint rates', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);
    const webhookLogs = logicalId(stack.api.functions.get('webhook')!.logGroup);
    const [filter] = ofType('AWS::Logs::MetricFilter').filter(([, r]) => JSON.stringify(r.Properties!.LogGroupName) === JSON.stringify({ Ref: webhookLogs }));
    expect(filter![1].Properties!.FilterPattern).toContain('StripeWebhookSignatureFailure');
    expect(alarms.filter((a) => a.MetricName === 'StripeWebhookSignatureFailures')).toHaveLength(1);
    for (const metric of ['Reputation.BounceRate', 'Reputation.ComplaintRate']) {
      expect(alarms.filter((a) => a.Namespace === 'AWS/SES' && a.MetricName === metric), metric).toHaveLength(1);
    }
  });
});

describe('tables', () => {
  it('declares every table of the shared definitions with its keys, indexes and TTL', () => {
    for (const definition of TABLES) {
      const props = resources[logicalId(stack.data.table(definition.name))]!.Properties!;
      expect(props.KeySchema).toEqual([
        { AttributeName: definition.partitionKey.name, KeyType: 'HASH' },
        ...(definition.sortKey ? [{ AttributeName: definition.sortKey.name, KeyType: 'RANGE' }] : []),
      ]);
      const indexes = (props.GlobalSecondaryIndexes as { IndexName: string }[] | undefined) ?? [];
      expect(indexes.map((i) => i.IndexName)).toEqual(definition.indexes.map((i) => i.indexName));
      expect(props.TimeToLiveSpecification).toEqual(
        definition.timeToLiveAttribute ? { AttributeName: definition.timeToLiveAttribute, Enabled: true } : undefined,
      );
    }
    expect(ofType('AWS::DynamoDB::Table')).toHaveLength(TABLES.length);
  });

  it('bill on demand, keep point-in-time recovery and deletion protection, and are retained on prod', () => {
    for (const [id, table] of ofType('AWS::DynamoDB::Table')) {
      expect(table.Properties, id).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      });
      expect(table.DeletionPolicy, id).toBe('Retain');
      expect(table.UpdateReplacePolicy, id).toBe('Retain');
    }
  });
});

describe('web', () => {
  const distribution = (): { DefaultCacheBehavior: Json; CacheBehaviors: Json[]; WebACLId?: Json } =>
    (ofType('AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as { DefaultCacheBehavior: Json; CacheBehaviors: Json[]; WebACLId?: Json });
  const apiBehaviour = (): Json => distribution().CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
  /** Runs the CloudFront Function attached to a behaviour on a request for `uri`. */
  const viewerRequest = (behaviour: Json, uri: string): string => {
    const [association] = behaviour.FunctionAssociations as { FunctionARN: { 'Fn::GetAtt': [string] } }[];
    const code = resources[association!.FunctionARN['Fn::GetAtt'][0]]!.Properties!.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: unknown) => { uri: string };
    return handler({ request: { uri, method: 'GET', headers: {}, querystring: {} } }).uri;
  };

  it('limits each client (viewer IP) on /api/ and the feeds with a WAF rate rule on the distribution, answering 429', () => {
    const acls = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties!.Scope).toBe('CLOUDFRONT');
    expect(distribution().WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const [rule] = acl.Properties!.Rules as { Action: Json; Statement: { RateBasedStatement: { AggregateKeyType: string; Limit: number; ScopeDownStatement: Json } } }[];
    expect(rule!.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: 1000 });
    const scoped = JSON.stringify(rule!.Statement.RateBasedStatement.ScopeDownStatement);
    expect(scoped).toContain('"SearchString":"/api/"');
    expect(scoped).toContain('"SearchString":"/feeds/"');
    expect(rule!.Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
  });

  it('attaches the security headers policy to the default and /api behaviours', () => {
    const policyId = logicalId(stack.web.headersPolicy);
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(apiBehaviour().ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const config = resources[policyId]!.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Json> };
    const headers = config.SecurityHeadersConfig;
    const csp = headers.ContentSecurityPolicy!.ContentSecurityPolicy as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // CloudFront refuses a longer value at deploy time (its quota on response-headers policies).
    expect(csp.length).toBeLessThanOrEqual(CLOUDFRONT_CSP_MAX_CHARS);
    // The stylesheet and hydration loader the render function inlines into every page, allowed by their hashes.
    const inline = readInlineAssets(path.join(REPO_ROOT, 'frontend', 'dist')).csp;
    expect(inline['script-src']).toHaveLength(1);
    expect(csp).toContain(`style-src 'self' ${inline['style-src'][0]}`);
    expect(csp).toContain(`script-src 'self' ${inline['script-src'][0]}`);
    expect(headers.StrictTransportSecurity!.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
  });

  it('renders pages with the render function (cached as each page says), files from S3 under /assets, and /api without its prefix', () => {
    const pages = distribution().DefaultCacheBehavior;
    const [association] = pages.FunctionAssociations as { FunctionARN: { 'Fn::GetAtt': [string] } }[];
    const code = resources[association!.FunctionARN['Fn::GetAtt'][0]]!.Properties!.FunctionCode as string;
    const forwardHost = new Function(`${code}; return handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };
    const forwarded = forwardHost({ request: { uri: '/jobs/Cohere/x', method: 'GET', headers: { host: { value: 'latentjobs.example' }, 'x-forwarded-host': { value: 'evil.example' } }, querystring: {} } });
    expect(forwarded.headers['x-forwarded-host']).toEqual({ value: 'latentjobs.example' });
    const pageCache = resources[(pages.CachePolicyId as { Ref: string }).Ref]!.Properties!.CachePolicyConfig as Json;
    // TTL 0 by default: CloudFront keeps a page as long as its s-maxage says.
    expect(pageCache).toMatchObject({ DefaultTTL: 0, MinTTL: 0 });
    expect(pageCache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({ QueryStringsConfig: { QueryStringBehavior: 'all' } });
    const origins = (ofType('AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as { Origins: Json[] }).Origins;
    const renderOrigin = origins.find((origin) => origin.Id === pages.TargetOriginId)!;
    expect(JSON.stringify(renderOrigin.DomainName)).toContain(logicalId(stack.web.renderUrl));
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
    const assets = distribution().CacheBehaviors.find((b) => b.PathPattern === '/assets/*')!;
    expect(JSON.stringify(origins.find((origin) => origin.Id === assets.TargetOriginId)!.DomainName)).toContain(logicalId(stack.web.bucket));
    const api = apiBehaviour();
    expect(viewerRequest(api, '/api/jobs/Cohere/some-slug')).toBe('/jobs/Cohere/some-slug');
    expect(viewerRequest(api, '/api/companies')).toBe('/companies');
    // Authorization reaches the API on GET too (only a cache-key header is forwarded on GET and
    // HEAD), so nothing is shared between callers; an answer is kept only as its Cache-Control says
    // (public GETs a minute, everything else no-store).
    const apiCache = resources[(api.CachePolicyId as { Ref: string }).Ref]!.Properties!.CachePolicyConfig as Json;
    expect(apiCache).toMatchObject({ DefaultTTL: 0, MinTTL: 0, MaxTTL: 86_400 });
    // Feeds at the site root go to the API as they are, with the viewer's host for their links.
    const feeds = distribution().CacheBehaviors.find((b) => b.PathPattern === '/feeds/*')!;
    expect([feeds.TargetOriginId, feeds.CachePolicyId, feeds.Compress]).toEqual([api.TargetOriginId, api.CachePolicyId, true]);
    expect(JSON.stringify(feeds.FunctionAssociations)).toBe(JSON.stringify(pages.FunctionAssociations));
    expect(apiCache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({ HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] } });
    expect(api.AllowedMethods).toContain('POST');
    // No error-response rewrite: the API's own 404s must reach the browser as 404.
    expect((ofType('AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as Json).CustomErrorResponses).toBeUndefined();
  });

  it('keeps the site bucket private, encrypted and TLS-only, reached through origin access control', () => {
    const bucket = resources[logicalId(stack.web.bucket)]!.Properties!;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.BucketEncryption).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
    const denies = allStatements().filter(
      ({ where, statement }) =>
        resources[where]!.Type === 'AWS::S3::BucketPolicy' && statement.Effect === 'Deny' && JSON.stringify(statement.Condition).includes('aws:SecureTransport'),
    );
    expect(denies.length).toBe(4); // the site bucket, the access-log bucket, the company-logo bucket and the search snapshots' bucket
  });
});

describe('search snapshots', () => {
  const s3Statements = (roleId: string): Statement[] =>
    ofType('AWS::IAM::Policy')
      .filter(([, r]) => (r.Properties!.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
      .flatMap(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((statement) => actions(statement).some((action) => action.startsWith('s3:')) && JSON.stringify(statement.Resource).includes(logicalId(stack.data.snapshotBucket)));

  it('keeps them in a private, encrypted, TLS-only bucket that outlives the stack', () => {
    const bucket = resources[logicalId(stack.data.snapshotBucket)]!;
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.Properties!.BucketEncryption).toBeDefined();
  });

  it('are written by a builder run every 5 minutes, alone, that only reads the tables the jobs function reads', () => {
    const builder = resources[logicalId(stack.searchSnapshots.builder.fn)]!.Properties!;
    expect(builder.ReservedConcurrentExecutions).toBe(1);
    expect((builder.Environment as { Variables: Json }).Variables.SEARCH_SNAPSHOT_BUCKET).toEqual({ Ref: logicalId(stack.data.snapshotBucket) });
    expect(resources[logicalId(stack.searchSnapshots.schedule)]!.Properties!.ScheduleExpression).toBe('rate(5 minutes)');
    const writes = s3Statements(logicalId(stack.searchSnapshots.builder.role)).flatMap(actions);
    expect(writes.sort()).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    const dynamo = ofType('AWS::IAM::Policy')
      .filter(([, r]) => (r.Properties!.Roles as { Ref: string }[]).some((role) => role.Ref === logicalId(stack.searchSnapshots.builder.role)))
      .flatMap(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
      .flatMap(actions)
      .filter((action) => action.startsWith('dynamodb:'));
    expect(dynamo.every((action) => (READ_ACTIONS as readonly string[]).includes(action))).toBe(true);
  });

  it('are read, never written, only by the API functions that hold a search index (jobs, mcp), which are told the bucket', () => {
    const readers = ['jobs', 'mcp'] as const;
    for (const [name, service] of stack.api.functions) {
      const reached = s3Statements(logicalId(service.role)).flatMap(actions).sort();
      expect(reached, name).toEqual((readers as readonly string[]).includes(name) ? ['s3:GetObject', 's3:ListBucket'] : []);
    }
    for (const name of readers) {
      const fn = resources[logicalId(stack.api.functions.get(name)!.fn)]!.Properties!;
      expect((fn.Environment as { Variables: Json }).Variables.SEARCH_SNAPSHOT_BUCKET, name).toEqual({ Ref: logicalId(stack.data.snapshotBucket) });
    }
  });
});

describe('security', () => {
  it('grants no wildcard action ("*" or "service:*"); only TLS-enforcing denials use one', () => {
    const wildcard = (action: string) => action === '*' || /^[a-z0-9-]+:\*$/i.test(action);
    const offenders = allStatements().filter(
      ({ statement }) =>
        actions(statement).some(wildcard) &&
        !(statement.Effect === 'Deny' && JSON.stringify(statement.Condition ?? {}).includes('aws:SecureTransport')),
    );
    expect(offenders).toEqual([]);
  });

  it('holds no secret-looking value', () => {
    const text = JSON.stringify(resources);
    const patterns = [
      /AKIA[0-9A-Z]{16}/, // AWS access key id
      /(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{8,}/, // Stripe secret or restricted key
      /whsec_[0-9a-zA-Z]{8,}/, // Stripe webhook secret
      /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
      /xox[abprs]-[0-9a-zA-Z-]{10,}/, // Slack token
      /GOCSPX-[0-9A-Za-z_-]{10,}/, // Google OAuth client secret
      /eyJ[0-9A-Za-z_-]{10,}\.[0-9A-Za-z_-]{10,}\./, // a JWT
    ];
    for (const pattern of patterns) expect(text, String(pattern)).not.toMatch(pattern);
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const variables = (fn.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const secretNamed = Object.keys(variables).filter((key) => /SECRET|PASSWORD|TOKEN|PRIVATE|API_KEY/i.test(key));
      expect(secretNamed, id).toEqual([]);
    }
  });
});
