/**
 * The functions of a synthesized assembly (e.g. cdk.out/dev, written by `npm run synth`) as the
 * Lambda runtime would run them, for tests/bundles/bundles.test.ts and bench/cold-start-bundle.ts.
 *
 * - `readAssembly(dir)` → every NodejsFunction of the stage's template: its asset folder,
 *   handler, timeout (ms), memory (MB), environment variables and the input transformer of the
 *   schedule that invokes it. @throws Error when the template is missing.
 * - `readEvent(file)`, `scheduledEvent(fn)`: captured events (../shared/data/aws/events), the latter
 *   as the function's schedule delivers it.
 * - `apiEvent(routeKey, parts)` → a payload-2.0 event as CloudFront forwards it to the API.
 * - `functionEnvironment(fn, stand-ins)` → the function's template environment with the local
 *   stand-ins put in: table names of `config`, its DynamoDB Local endpoint, the S3 (and SES)
 *   stand-in's endpoint, plain-value variants of the secrets' ARNs (lambdas/config.ts takes either),
 *   placeholders for other deploy-time references. @throws Error naming a variable nothing here
 *   stands in for.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readConfig, type Config } from '../../lambdas/config';
import { TABLES, tableEnvironmentVariable } from '../../lambdas/storage/tables';
import { LOCAL_SNAPSHOT_BUCKET } from '../../infra/local/s3-stand-in';
import { sampleEvent } from '../support/sample-event';

export interface LambdaFunction {
  logicalId: string;
  /** The EventBridge rule target's input transformer that invokes it (`InputTemplate`, `InputPathsMap`), if any. */
  schedule?: { InputTemplate: string; InputPathsMap: Record<string, string> };
  dir: string;
  handler: string;
  timeoutMs: number;
  memoryMb: number;
  variables: Record<string, unknown>;
}

/** The template of the dev stage in an assembly folder. */
export const templateFileOf = (assembly: string): string => path.join(assembly, 'LatentJobs-dev.template.json');

export const readAssembly = (assembly: string): LambdaFunction[] => {
  const templateFile = templateFileOf(assembly);
  if (!existsSync(templateFile)) throw new Error(`${templateFile} is missing: run npm run synth`);
  const template = JSON.parse(readFileSync(templateFile, 'utf8')) as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
  const targets = Object.values(template.Resources)
    .filter((resource) => resource.Type === 'AWS::Events::Rule')
    .flatMap((rule) => rule.Properties.Targets as { Arn: { 'Fn::GetAtt'?: [string, string] }; InputTransformer?: LambdaFunction['schedule'] }[]);
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([logicalId, { Properties: p }]) => {
      const key = (p.Code as { S3Key?: string }).S3Key ?? '';
      return {
        logicalId,
        dir: path.join(assembly, `asset.${key.replace(/\.zip$/, '')}`),
        handler: p.Handler as string,
        timeoutMs: ((p.Timeout as number | undefined) ?? 3) * 1000,
        memoryMb: (p.MemorySize as number | undefined) ?? 128,
        schedule: targets.find((target) => target.Arn['Fn::GetAtt']?.[0] === logicalId)?.InputTransformer,
        variables: (p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
      };
    })
    // Our functions (NodejsFunction bundles); CDK's own custom-resource handlers are Python.
    .filter((fn) => existsSync(path.join(fn.dir, 'index.mjs')));
};

/** The origin secret the stand-in environment gives the API functions (requests carry it as CloudFront's `x-origin-verify`). */
const ORIGIN_SECRET = 'bundle-test-origin-verify-secret-0123456789';

/** A payload-2.0 event for `routeKey` as CloudFront forwards it (origin header), see tests/support/sample-event.ts. */
export const apiEvent = (routeKey: string, parts: Parameters<typeof sampleEvent>[1] = {}) =>
  sampleEvent(routeKey, { ...parts, headers: { 'x-origin-verify': ORIGIN_SECRET, 'cloudfront-viewer-address': '203.0.113.9:443', ...parts.headers } });

/** Template variables whose value is a secret's ARN, and the plain-value variable lambdas/config.ts takes instead. */
const PLAIN_SECRETS: Record<string, [string, string]> = {
  STRIPE_KEY_ARN: ['STRIPE_SECRET_KEY', 'sk_test_bundletest0123456789'],
  STRIPE_WEBHOOK_SIGNING_ARN: ['STRIPE_WEBHOOK_SECRET', 'whsec_bundletest0123456789'],
  EMAIL_LINK_KEY_ARN: ['EMAIL_TOKEN_SECRET', 'bundle-test-email-link-key-0123456789abcdef'],
  EMAIL_TOKEN_SECRET_ARN: ['EMAIL_TOKEN_SECRET', 'bundle-test-email-link-key-0123456789abcdef'],
  ORIGIN_VERIFY_ARN: ['ORIGIN_VERIFY_SECRET', ORIGIN_SECRET],
  CONTENTFUL_ACCESS_TOKEN_SECRET_ARN: ['CONTENTFUL_ACCESS_TOKEN', 'bundle-test-token'],
  // What the stack's secret holds until the service account key is put there: pages are only logged.
  GOOGLE_INDEXING_KEY_ARN: ['GOOGLE_INDEXING_KEY', '{"set_me":"the Google service account JSON key file","placeholder":"bundletest"}'],
};

/** Stand-in values for the other references the template resolves at deploy time. */
const STAND_INS: Record<string, string> = {
  SITE_URL: 'https://latentjobs.example',
  SES_CONFIGURATION_SET: 'latent-jobs-bundles',
  SES_EVENTS_TOPIC_ARN: 'arn:aws:sns:us-east-2:123456789012:ExampleTopic',
  COGNITO_USER_POOL_ID: 'us-east-1_Bundles01',
  COGNITO_CLIENT_ID: 'bundlesclient01',
  // The crawl's logo bucket: no case here stores a logo (S3 is not stood in for).
  LOGO_BUCKET: 'latent-jobs-bundles-logos',
  // The search snapshots' bucket on the S3 stand-in (S3_ENDPOINT): empty until the builder writes to it.
  SEARCH_SNAPSHOT_BUCKET: LOCAL_SNAPSHOT_BUCKET,
  // Nothing listens there: a function that sends to a queue fails loudly instead of reaching AWS.
  CRAWL_JSON_QUEUE_URL: 'http://127.0.0.1:9/000000000000/crawl-json',
  CRAWL_CAREERS_QUEUE_URL: 'http://127.0.0.1:9/000000000000/crawl-careers',
  DIGEST_QUEUE_URL: 'http://127.0.0.1:9/000000000000/digest-batches',
};

const TABLE_OF_VARIABLE = new Map(TABLES.map((table) => [tableEnvironmentVariable(table.name), table.name]));

export interface StandIns {
  /** Table names and the DynamoDB Local endpoint. */
  config: Pick<Config, 'dynamodb'>;
  s3Endpoint: string;
  /** The SES stand-in, for the functions that send mail. */
  sesEndpoint?: string;
}

/** The function's environment: its template's, with the stand-ins put in. @throws for a reference nothing here stands in for. */
export const functionEnvironment = (fn: LambdaFunction, standIns: StandIns): Record<string, string> => {
  const tables = standIns.config.dynamodb.tables as unknown as Record<string, string>;
  const environment: Record<string, string> = {
    DYNAMODB_ENDPOINT: standIns.config.dynamodb.endpoint!,
    S3_ENDPOINT: standIns.s3Endpoint,
    ...(standIns.sesEndpoint === undefined ? {} : { SES_ENDPOINT: standIns.sesEndpoint }),
  };
  for (const [name, value] of Object.entries(fn.variables)) {
    const table = TABLE_OF_VARIABLE.get(name);
    if (name in PLAIN_SECRETS) {
      const [plain, secret] = PLAIN_SECRETS[name]!;
      environment[plain] = secret;
    } else if (table !== undefined) environment[name] = tables[table]!;
    else if (name in STAND_INS) environment[name] = STAND_INS[name]!;
    else if (typeof value === 'string') environment[name] = value.replace(/^\/var\/task(?=\/|$)/, fn.dir);
    else throw new Error(`${fn.logicalId}: no local stand-in for ${name} = ${JSON.stringify(value)}; add one to tests/bundles/assembly.ts`);
  }
  return environment;
};

const EVENTS = path.join(readConfig({}).sharedDataDir, 'aws', 'events');

/** A captured event of ../shared/data/aws/events (README there), its placeholders filled. */
export const readEvent = <T>(file: string): T =>
  JSON.parse(
    readFileSync(path.join(EVENTS, file), 'utf8')
      .replaceAll('{{{account_id}}}', '000000000000')
      .replaceAll('{{{region}}}', 'us-east-1')
      .replaceAll('{{{partition}}}', 'aws')
      .replaceAll('{{{rule}}}', 'bundle-test'),
  ) as T;

/**
 * ScheduledEvent.json as the function's rule delivers it: through the target's input transformer
 * (e.g. the crawl dispatcher's `"detail":{"kind":"json"}`), whose `<name>` placeholders take the
 * JSON of the event's top-level field `InputPathsMap` names.
 */
export const scheduledEvent = (fn: LambdaFunction): unknown => {
  const event = readEvent<Record<string, unknown>>('ScheduledEvent.json');
  if (fn.schedule === undefined) return event;
  const { InputTemplate, InputPathsMap } = fn.schedule;
  return JSON.parse(
    Object.entries(InputPathsMap).reduce((text, [name, jsonPath]) => text.replaceAll(`<${name}>`, JSON.stringify(event[jsonPath.replace(/^\$\./, '')])), InputTemplate),
  ) as unknown;
};

