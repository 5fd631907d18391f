/**
 * The digest's part of the prod stack as CloudFormation receives it (infra/aws/constructs/alerts.ts):
 * synthesised once, in-process, with function bundling skipped (stack.test.ts runs cdk-nag over
 * the whole stack). Needs the built SPA (frontend/dist), like stack.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_WORKERS } from './constructs/alerts';
import { READ_ACTIONS, WRITE_ACTIONS } from './constructs/data';
import type { LatentJobsStack } from './latent-jobs-stack';
import { synthesizeStack, type Json, type Resource, type Statement, type SynthesizedStack } from '../../tests/support/synthesized-stack';


let synthesized: SynthesizedStack;
let stack: LatentJobsStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  synthesized = synthesizeStack('alerts', { stage: 'prod', digestHourUtc: '6', mailDomain: 'mail.latentjobs.example', sesSendRate: '50' });
  ({ stack, resources } = synthesized);
});

afterAll(() => synthesized.cleanup());

const ofType = (type: string): [string, Resource][] => synthesized.ofType(type);
const idOf: SynthesizedStack['idOf'] = (construct) => synthesized.idOf(construct);
const actions = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const statementsOf: SynthesizedStack['statementsOf'] = (role) => synthesized.statementsOf(role);

describe('the daily digest on AWS', () => {
  it('plans daily at the configured hour UTC: the schedule invokes the planner, with retries and a failure queue', () => {
    const rule = resources[idOf(stack.alerts.schedule)]!.Properties!;
    expect(rule.ScheduleExpression).toBe('cron(0 6 * * ? *)');
    const target = (rule.Targets as Json[])[0]!;
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [idOf(stack.alerts.planner.fn), 'Arn'] });
    expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [idOf(stack.alerts.failures), 'Arn'] } });
    const invokeConfig = ofType('AWS::Lambda::EventInvokeConfig').map(([, r]) => r.Properties!).find((p) => JSON.stringify(p.FunctionName).includes(idOf(stack.alerts.planner.fn)))!;
    expect(invokeConfig.MaximumRetryAttempts).toBe(2);
    expect(JSON.stringify(invokeConfig.DestinationConfig)).toContain(idOf(stack.alerts.failures));
    // One scheduled digest function: no rule targets the worker.
    expect(ofType('AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties!.Targets).includes(idOf(stack.alerts.digest.fn)))).toEqual([]);
  });

  it('queues batches the planner may send, that the workers take one at a time with partial failures, and that go to a dead-letter queue after 3 receives', () => {
    const queue = resources[idOf(stack.alerts.queue)]!.Properties!;
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [idOf(stack.alerts.deadLetters), 'Arn'] }, maxReceiveCount: 3 });
    expect(queue.VisibilityTimeout).toBe(6 * 900);
    const planner = (resources[idOf(stack.alerts.planner.fn)]!.Properties!.Environment as { Variables: Json }).Variables;
    expect(planner.DIGEST_QUEUE_URL).toEqual({ Ref: idOf(stack.alerts.queue) });
    expect(statementsOf(stack.alerts.planner.role).some((s) => actions(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(idOf(stack.alerts.queue)))).toBe(true);
    const [mapping, ...others] = ofType('AWS::Lambda::EventSourceMapping')
      .map(([, r]) => r.Properties!)
      .filter((p) => JSON.stringify(p.EventSourceArn).includes(idOf(stack.alerts.queue)));
    expect(others).toEqual([]);
    expect(mapping!.FunctionName).toEqual({ Ref: idOf(stack.alerts.digest.fn) });
    expect(mapping!.BatchSize).toBe(1);
    expect(mapping!.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping!.ScalingConfig).toEqual({ MaximumConcurrency: DIGEST_WORKERS });
    const alarm = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!).find((p) => String(p.AlarmDescription).startsWith('Digest batches failed'))!;
    expect(JSON.stringify(alarm.Dimensions)).toContain(idOf(stack.alerts.deadLetters));
  });

  it('shares the SES account rate among the workers: reserved concurrency W, each sending at the rate / W, in batches that take half a worker timeout', () => {
    const worker = resources[idOf(stack.alerts.digest.fn)]!.Properties!;
    expect(worker.ReservedConcurrentExecutions).toBe(DIGEST_WORKERS);
    // sesSendRate 50/s (the context above) over 10 workers: 5 a second each; 450 s × 5 = 2,250, capped at 500 a batch.
    expect((worker.Environment as { Variables: Json }).Variables.DIGEST_SEND_RATE).toBe(String(50 / DIGEST_WORKERS));
    const planner = (resources[idOf(stack.alerts.planner.fn)]!.Properties!.Environment as { Variables: Json }).Variables;
    expect(planner.DIGEST_BATCH_SIZE).toBe('500');
  });

  it('the worker reads users, open jobs, saved searches, suppressions and unsubscribes (no Scan), writes only its ledger and saved searches, and sends only through its identity and configuration set', () => {
    const statements = statementsOf(stack.alerts.digest.role);
    const tableOf = (name: string) => idOf(stack.data.table(name));
    for (const statement of statements.filter((s) => actions(s).some((a) => a.startsWith('dynamodb:')))) {
      const text = JSON.stringify(statement.Resource);
      expect(actions(statement)).not.toContain('dynamodb:Scan');
      if (actions(statement).some((a) => [...WRITE_ACTIONS, 'dynamodb:DeleteItem'].includes(a))) expect([tableOf('digest_ledger'), tableOf('saved_searches')].some((id) => text.includes(id))).toBe(true);
      else expect(actions(statement).every((a) => (READ_ACTIONS as readonly string[]).includes(a))).toBe(true);
      for (const other of ['companies', 'state', 'newsletter_subscribers', 'rate_limits']) expect(text).not.toContain(tableOf(other));
    }
    const ses = statements.filter((s) => actions(s).some((a) => a.startsWith('ses:')));
    expect(ses.flatMap(actions)).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain('identity/mail.latentjobs.example');
    expect(JSON.stringify(ses[0]!.Resource)).toContain('configuration-set/');
  });

  it('the planner only scans users and reads them, and sends no email', () => {
    const statements = statementsOf(stack.alerts.planner.role);
    const dynamodb = statements.filter((s) => actions(s).some((a) => a.startsWith('dynamodb:')));
    for (const statement of dynamodb) {
      expect(JSON.stringify(statement.Resource)).toContain(idOf(stack.data.table('users')));
      expect(actions(statement).every((a) => a === 'dynamodb:Scan' || (READ_ACTIONS as readonly string[]).includes(a))).toBe(true);
    }
    expect(statements.flatMap(actions).filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('has a DKIM-signed domain identity and a configuration set the function sends with', () => {
    const identity = resources[idOf(stack.alerts.identity)]!.Properties!;
    expect(identity.EmailIdentity).toBe('mail.latentjobs.example');
    expect(identity.DkimAttributes).toEqual({ SigningEnabled: true });
    const variables = (resources[idOf(stack.alerts.digest.fn)]!.Properties!.Environment as { Variables: Json }).Variables;
    expect(variables.SES_CONFIGURATION_SET).toEqual({ Ref: idOf(stack.alerts.configurationSet) });
    expect(variables.MAIL_FROM).toBe('Latent Jobs <alerts@mail.latentjobs.example>');
    expect(Object.keys(variables).filter((key) => key.endsWith('_TABLE')).sort()).toEqual(['DIGEST_LEDGER_TABLE', 'EMAIL_PREFERENCES_TABLE', 'JOBS_TABLE', 'SAVED_SEARCHES_TABLE', 'SUPPRESSIONS_TABLE', 'USERS_TABLE']);
  });

  it('alarms when the digest sent fewer emails than it should', () => {
    const alarm = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!).find((p) => String(p.AlarmDescription).startsWith('The daily digest sent fewer emails'))!;
    const metrics = alarm.Metrics as Json[];
    expect(metrics.find((m) => m.Expression !== undefined)!.Expression).toBe('FILL(expected, 0) - FILL(sent, 0)');
    expect(JSON.stringify(metrics)).toContain('DigestEmailsExpected');
    expect(alarm.ComparisonOperator).toBe('GreaterThanThreshold');
    expect(alarm.Threshold).toBe(0);
  });
});
