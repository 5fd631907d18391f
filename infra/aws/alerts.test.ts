/**
 * The digest's part of the prod stack as CloudFormation receives it (infra/aws/constructs/alerts.ts):
 * synthesised once, in-process, with function bundling skipped (stack.test.ts runs cdk-nag over
 * the whole stack). Needs the built SPA (frontend/dist), like stack.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ACTIONS, WRITE_ACTIONS } from './constructs/data';
import type { LatentJobsStack } from './latent-jobs-stack';
import { synthesizeStack, type Json, type Resource, type Statement, type SynthesizedStack } from '../../tests/support/synthesized-stack';


let synthesized: SynthesizedStack;
let stack: LatentJobsStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  synthesized = synthesizeStack('alerts', { stage: 'prod', digestHourUtc: '6', mailDomain: 'mail.latentjobs.example' });
  ({ stack, resources } = synthesized);
});

afterAll(() => synthesized.cleanup());

const ofType = (type: string): [string, Resource][] => synthesized.ofType(type);
const idOf: SynthesizedStack['idOf'] = (construct) => synthesized.idOf(construct);
const actions = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('the daily digest on AWS', () => {
  it('runs daily at the configured hour UTC, with retries and a failure queue', () => {
    const rule = resources[idOf(stack.alerts.schedule)]!.Properties!;
    expect(rule.ScheduleExpression).toBe('cron(0 6 * * ? *)');
    const target = (rule.Targets as Json[])[0]!;
    expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [idOf(stack.alerts.failures), 'Arn'] } });
    const invokeConfig = ofType('AWS::Lambda::EventInvokeConfig').map(([, r]) => r.Properties!).find((p) => JSON.stringify(p.FunctionName).includes(idOf(stack.alerts.digest.fn)))!;
    expect(invokeConfig.MaximumRetryAttempts).toBe(2);
    expect(JSON.stringify(invokeConfig.DestinationConfig)).toContain(idOf(stack.alerts.failures));
  });

  it('reads users, open jobs, suppressions and unsubscribes, writes only its ledger, and sends only through its identity and configuration set', () => {
    const roleId = idOf(stack.alerts.digest.role);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, r]) => (r.Properties!.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
      .flatMap(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
    const tableOf = (name: string) => idOf(stack.data.table(name));
    for (const statement of statements.filter((s) => actions(s).some((a) => a.startsWith('dynamodb:')))) {
      const text = JSON.stringify(statement.Resource);
      if (actions(statement).includes('dynamodb:Scan')) expect(text).toContain(tableOf('users'));
      else if (actions(statement).some((a) => (WRITE_ACTIONS as readonly string[]).includes(a))) expect(text).toContain(tableOf('digest_ledger'));
      else expect(actions(statement).every((a) => (READ_ACTIONS as readonly string[]).includes(a))).toBe(true);
      for (const other of ['companies', 'state', 'newsletter_subscribers', 'rate_limits']) expect(text).not.toContain(tableOf(other));
    }
    const ses = statements.filter((s) => actions(s).some((a) => a.startsWith('ses:')));
    expect(ses.flatMap(actions)).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain('identity/mail.latentjobs.example');
    expect(JSON.stringify(ses[0]!.Resource)).toContain('configuration-set/');
  });

  it('has a DKIM-signed domain identity and a configuration set the function sends with', () => {
    const identity = resources[idOf(stack.alerts.identity)]!.Properties!;
    expect(identity.EmailIdentity).toBe('mail.latentjobs.example');
    expect(identity.DkimAttributes).toEqual({ SigningEnabled: true });
    const variables = (resources[idOf(stack.alerts.digest.fn)]!.Properties!.Environment as { Variables: Json }).Variables;
    expect(variables.SES_CONFIGURATION_SET).toEqual({ Ref: idOf(stack.alerts.configurationSet) });
    expect(variables.MAIL_FROM).toBe('Latent Jobs <alerts@mail.latentjobs.example>');
    expect(Object.keys(variables).filter((key) => key.endsWith('_TABLE')).sort()).toEqual(['DIGEST_LEDGER_TABLE', 'EMAIL_PREFERENCES_TABLE', 'JOBS_TABLE', 'SUPPRESSIONS_TABLE', 'USERS_TABLE']);
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
