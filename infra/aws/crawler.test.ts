/**
 * The crawler's part of the prod stack as CloudFormation receives it (infra/aws/constructs/crawler.ts):
 * synthesised once, in-process, through composeApp with function bundling skipped (`npm run synth`
 * bundles and loads every function; stack.test.ts runs cdk-nag over the whole stack).
 * Needs the built SPA (frontend/dist), like stack.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT, VISIBILITY_FACTOR, WORKERS, metricsNamespace } from './constructs/crawler';
import { READ_ACTIONS, WRITE_ACTIONS } from './constructs/data';
import type { ServiceFunction } from './constructs/service-function';
import type { LatentJobsStack } from './latent-jobs-stack';
import { synthesizeStack, type Json, type Resource, type Statement, type SynthesizedStack } from '../../tests/support/synthesized-stack';


let synthesized: SynthesizedStack;
let stack: LatentJobsStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  synthesized = synthesizeStack('crawler', { stage: 'prod' });
  ({ stack, resources } = synthesized);
});

afterAll(() => synthesized.cleanup());

const ofType = (type: string): [string, Resource][] => synthesized.ofType(type);
const idOf: SynthesizedStack['idOf'] = (construct) => synthesized.idOf(construct);
const propsOf = (construct: { node: { defaultChild?: unknown } }): Json => resources[idOf(construct)]!.Properties!;
const arnOf = (construct: { node: { defaultChild?: unknown } }) => ({ 'Fn::GetAtt': [idOf(construct), 'Arn'] });
const crawler = () => stack.crawler;
const functions = (): [string, ServiceFunction][] => [
  ['dispatcher', crawler().dispatcher],
  ['json worker', crawler().workers.json],
  ['careers worker', crawler().workers.careers],
];
/** The statements of every policy attached to a role. */
const statementsOf: SynthesizedStack['statementsOf'] = (role) => synthesized.statementsOf(role);
const actions = (statement: Statement): string[] => [statement.Action].flat();

describe('crawler schedules', () => {
  it('start the dispatcher every hour for JSON boards and every day for career pages, with the kind in the event, retries and a dead-letter queue', () => {
    const rules = ofType('AWS::Events::Rule').map(([, r]) => r.Properties!);
    const byRate = new Map(rules.map((rule) => [rule.ScheduleExpression, rule]));
    for (const [rate, kind] of [
      ['rate(1 hour)', 'json'],
      ['rate(1 day)', 'careers_page'],
    ] as const) {
      const rule = byRate.get(rate);
      expect(rule, rate).toBeDefined();
      const [target] = rule!.Targets as Json[];
      expect(target!.Arn).toEqual(arnOf(crawler().dispatcher.fn));
      const transformer = target!.InputTransformer as { InputTemplate: string; InputPathsMap: Record<string, string> };
      expect(transformer.InputTemplate).toContain(`"detail":{"kind":"${kind}"}`);
      expect(transformer.InputTemplate).toContain('"time":<time>');
      expect(Object.values(transformer.InputPathsMap)).toContain('$.time');
      expect(target!.DeadLetterConfig).toEqual({ Arn: arnOf(crawler().dispatchFailures) });
      expect(target!.RetryPolicy).toMatchObject({ MaximumRetryAttempts: expect.any(Number), MaximumEventAgeInSeconds: 3600 });
    }
  });
});

describe('crawler queues', () => {
  it('redrive crawl messages to the dead-letter queue after a few receives, and outlast the worker six times over', () => {
    for (const name of ['json', 'careers'] as const) {
      const queue = propsOf(crawler().queues[name]);
      expect(queue.RedrivePolicy, name).toEqual({ deadLetterTargetArn: arnOf(crawler().deadLetters), maxReceiveCount: MAX_RECEIVE_COUNT });
      expect(MAX_RECEIVE_COUNT).toBeLessThanOrEqual(5);
      const timeout = propsOf(crawler().workers[name].fn).Timeout as number;
      expect(queue.VisibilityTimeout, name).toBeGreaterThanOrEqual(VISIBILITY_FACTOR * timeout);
      expect(VISIBILITY_FACTOR).toBeGreaterThanOrEqual(6);
    }
  });

  it('are encrypted and refuse requests without TLS', () => {
    const queues = [crawler().queues.json, crawler().queues.careers, crawler().deadLetters, crawler().dispatchFailures];
    const policies = ofType('AWS::SQS::QueuePolicy').map(([, r]) => r.Properties!);
    for (const queue of queues) {
      expect(propsOf(queue).SqsManagedSseEnabled ?? propsOf(queue).KmsMasterKeyId, queue.node.id).toBeTruthy();
      const tlsDeny = policies.some(
        (policy) =>
          JSON.stringify(policy.Queues).includes(`"${idOf(queue)}"`) &&
          (policy.PolicyDocument as { Statement: (Statement & { Condition?: Json })[] }).Statement.some(
            (s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('"aws:SecureTransport":"false"'),
          ),
      );
      expect(tlsDeny, queue.node.id).toBe(true);
    }
  });
});

describe('crawler functions', () => {
  it('bound their concurrency; workers take small batches and report failed messages one by one', () => {
    expect(propsOf(crawler().dispatcher.fn).ReservedConcurrentExecutions).toBe(1);
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, r]) => r.Properties!);
    for (const name of ['json', 'careers'] as const) {
      const fn = propsOf(crawler().workers[name].fn);
      expect(fn.ReservedConcurrentExecutions, name).toBe(WORKERS[name].concurrency);
      const mapping = mappings.find((m) => JSON.stringify(m.FunctionName).includes(`"${idOf(crawler().workers[name].fn)}"`));
      expect(mapping, name).toBeDefined();
      expect(mapping!.EventSourceArn).toEqual(arnOf(crawler().queues[name]));
      expect(mapping!.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(mapping!.BatchSize as number).toBeLessThanOrEqual(5);
      expect((mapping!.ScalingConfig as { MaximumConcurrency: number }).MaximumConcurrency).toBeLessThanOrEqual(Math.max(2, WORKERS[name].concurrency));
    }
  });

  it('run the career-page worker with Chromium on x86_64 and about 1,600 MB, the others on arm64', () => {
    const careers = propsOf(crawler().workers.careers.fn);
    expect(careers.MemorySize).toBe(1600);
    expect(careers.Architectures).toEqual(['x86_64']);
    expect((careers.Environment as { Variables: Json }).Variables.CRAWL_SINGLE_PROCESS).toBe('true');
    expect(propsOf(crawler().workers.json.fn).Architectures).toEqual(['arm64']);
    expect(propsOf(crawler().dispatcher.fn).Architectures).toEqual(['arm64']);
  });

  it('keep every asynchronous path: the dispatcher has an on-failure destination, the queues a dead-letter queue', () => {
    const configs = ofType('AWS::Lambda::EventInvokeConfig').map(([, r]) => r.Properties!);
    const dispatcherConfig = configs.find((c) => JSON.stringify(c.FunctionName).includes(`"${idOf(crawler().dispatcher.fn)}"`));
    expect(dispatcherConfig?.DestinationConfig).toEqual({ OnFailure: { Destination: arnOf(crawler().dispatchFailures) } });
    expect(dispatcherConfig?.MaximumRetryAttempts).toBe(2);
    // Every queue of the crawler either redrives to a dead-letter queue or is one.
    const deadLetterIds = new Set([idOf(crawler().deadLetters), idOf(crawler().dispatchFailures)]);
    for (const [id, queue] of ofType('AWS::SQS::Queue').filter(([id]) => id.includes('Crawler'))) {
      expect(queue.Properties!.RedrivePolicy !== undefined || deadLetterIds.has(id), id).toBe(true);
    }
  });

  it('reach only their own tables and queues, with no wildcard action', () => {
    const tables = { jobs: idOf(stack.data.table('jobs')), companies: idOf(stack.data.table('companies')), state: idOf(stack.data.table('state')) };
    const queueIds = {
      json: idOf(crawler().queues.json),
      careers: idOf(crawler().queues.careers),
      failures: idOf(crawler().dispatchFailures),
    };
    const crawlWrites = [...READ_ACTIONS, ...WRITE_ACTIONS].sort();
    const expected: Record<string, { dynamodb: Record<string, string[]>; sqs: string[] }> = {
      dispatcher: {
        dynamodb: { [tables.companies]: [...READ_ACTIONS, 'dynamodb:Scan'].sort(), [tables.state]: crawlWrites },
        sqs: [queueIds.careers, queueIds.failures, queueIds.json].sort(),
      },
      'json worker': { dynamodb: { [tables.jobs]: crawlWrites, [tables.companies]: crawlWrites, [tables.state]: crawlWrites }, sqs: [queueIds.json] },
      'careers worker': { dynamodb: { [tables.jobs]: crawlWrites, [tables.companies]: crawlWrites, [tables.state]: crawlWrites }, sqs: [queueIds.careers] },
    };
    const allTableIds = stack.data.tables;
    for (const [name, service] of functions()) {
      const statements = statementsOf(service.role);
      for (const statement of statements) {
        expect(actions(statement).filter((a) => a === '*' || a.endsWith(':*')), name).toEqual([]);
      }
      const dynamodb: Record<string, string[]> = {};
      const sqs = new Set<string>();
      for (const statement of statements) {
        const text = JSON.stringify(statement.Resource);
        if (actions(statement).some((a) => a.startsWith('dynamodb:'))) {
          const tableIds = [...allTableIds.values()].map(idOf).filter((id) => text.includes(`"${id}"`));
          expect(tableIds, `${name}: ${text}`).toHaveLength(1);
          dynamodb[tableIds[0]!] = [...new Set([...(dynamodb[tableIds[0]!] ?? []), ...actions(statement)])].sort();
        }
        if (actions(statement).some((a) => a.startsWith('sqs:'))) {
          for (const [, id] of Object.entries(queueIds).concat([['dead', idOf(crawler().deadLetters)]])) if (text.includes(`"${id}"`)) sqs.add(id);
          expect(text, `${name} reaches a queue of its own`).toMatch(/Crawler/);
        }
      }
      expect(dynamodb, name).toEqual(expected[name]!.dynamodb);
      expect([...sqs].sort(), name).toEqual(expected[name]!.sqs);
    }
  });
});

describe('search-engine notifications', () => {
  it('the workers, and no other function, may read the Indexing API key secret, whose value is not in the template; they get its ARN', () => {
    const secretId = idOf(crawler().indexingKey);
    const secret = resources[secretId]!.Properties!;
    expect(secret).not.toHaveProperty('SecretString');
    // The placeholder the workers take for "no key yet": generated, with no client_email.
    expect(JSON.parse((secret.GenerateSecretString as { SecretStringTemplate: string }).SecretStringTemplate)).not.toHaveProperty('client_email');
    const readers = ofType('AWS::IAM::Policy')
      .filter(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement.some((s) => actions(s).includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(`"${secretId}"`)))
      .flatMap(([, r]) => (r.Properties!.Roles as { Ref: string }[]).map((role) => role.Ref))
      .sort();
    expect(readers).toEqual([idOf(crawler().workers.careers.role), idOf(crawler().workers.json.role)].sort());
    for (const name of ['json', 'careers'] as const) {
      expect((propsOf(crawler().workers[name].fn).Environment as { Variables: Json }).Variables.GOOGLE_INDEXING_KEY_ARN, name).toEqual({ Ref: secretId });
    }
  });
});

describe('crawler alarms', () => {
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);

  it('watch errors and throttles of each crawler function', () => {
    for (const [name, service] of functions()) {
      const on = (metric: string) => alarms().filter((a) => a.MetricName === metric && JSON.stringify(a.Dimensions).includes(`"${idOf(service.fn)}"`));
      expect(on('Errors'), name).toHaveLength(1);
      expect(on('Throttles'), name).toHaveLength(1);
    }
  });

  it('fire on any message in a dead-letter queue', () => {
    for (const queue of [crawler().deadLetters, crawler().dispatchFailures]) {
      const alarm = alarms().find((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(`"${idOf(queue)}"`));
      expect(alarm, queue.node.id).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
  });

  it('fire when the hourly JSON crawl saw no job (or did not run)', () => {
    const alarm = alarms().find((a) => a.MetricName === 'JobsSeen');
    expect(alarm).toMatchObject({
      Namespace: metricsNamespace({ name: 'prod' }),
      Dimensions: [
        { Name: 'Kind', Value: 'json' },
        { Name: 'service', Value: 'crawler' },
      ],
      Statistic: 'Sum',
      Period: 3600,
      Threshold: 0,
      ComparisonOperator: 'LessThanOrEqualToThreshold',
      TreatMissingData: 'breaching',
    });
    const topic = idOf(stack.monitoring.topic);
    expect(alarm!.AlarmActions).toEqual([{ Ref: topic }]);
  });
});

describe('company logos (issue 13.5)', () => {
  it('the workers may write and read logos/* in the logo bucket, named to them as LOGO_BUCKET, and nothing else may', () => {
    const bucket = idOf(crawler().logoBucket);
    for (const [name, worker] of functions().slice(1)) {
      expect((propsOf(worker.fn).Environment as { Variables: Json }).Variables.LOGO_BUCKET, name).toEqual({ Ref: bucket });
      const onLogos = statementsOf(worker.role).filter((statement) => JSON.stringify(statement.Resource).includes(bucket));
      const granted = onLogos.flatMap(actions);
      expect(granted, name).toContain('s3:PutObject');
      expect(granted.some((action) => action.startsWith('s3:GetObject')), name).toBe(true);
      expect(JSON.stringify(onLogos.map((statement) => statement.Resource)), name).toContain('/logos/*');
      expect(granted.some((action) => action === 's3:DeleteObject' || action === 's3:*'), name).toBe(false);
    }
    expect(JSON.stringify(statementsOf(crawler().dispatcher.role))).not.toContain(bucket);
  });

  it('CloudFront serves /logos/* from the logo bucket through origin access control, cached', () => {
    const config = ofType('AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as { CacheBehaviors: Json[]; Origins: Json[] };
    const behaviour = config.CacheBehaviors.find((b) => b.PathPattern === '/logos/*');
    expect(behaviour).toBeDefined();
    const origin = config.Origins.find((o) => o.Id === behaviour!.TargetOriginId)!;
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [idOf(crawler().logoBucket), 'RegionalDomainName'] });
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(behaviour!.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(behaviour!.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    const policy = ofType('AWS::S3::BucketPolicy').find(([, r]) => JSON.stringify(r.Properties!.Bucket) === JSON.stringify({ Ref: idOf(crawler().logoBucket) }));
    expect(JSON.stringify(policy![1].Properties!.PolicyDocument)).toContain('cloudfront.amazonaws.com');
  });
});
