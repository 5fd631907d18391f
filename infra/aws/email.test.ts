/**
 * Who may be emailed, on AWS (infra/aws/constructs/email.ts), as CloudFormation receives it:
 * the prod stack synthesised in-process with bundling skipped (stack.test.ts runs cdk-nag).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatentJobsStack } from './latent-jobs-stack';
import { synthesizeStack, type Json, type Resource, type Statement, type SynthesizedStack } from '../../tests/support/synthesized-stack';


let synthesized: SynthesizedStack;
let stack: LatentJobsStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  synthesized = synthesizeStack('email', { stage: 'prod', mailDomain: 'mail.latentjobs.example' });
  ({ stack, resources } = synthesized);
});

afterAll(() => synthesized.cleanup());

const ofType = (type: string): [string, Resource][] => synthesized.ofType(type);
const idOf: SynthesizedStack['idOf'] = (construct) => synthesized.idOf(construct);
const statementsOf: SynthesizedStack['statementsOf'] = (role) => synthesized.statementsOf(role);
const actions = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const tablesReached = (role: { node: { defaultChild?: unknown } }): string[] => {
  const names = new Map([...['suppressions', 'email_events', 'jobs', 'newsletter_subscribers', 'email_preferences', 'rate_limits', 'users'].map((name) => [idOf(stack.data.table(name)), name] as const)]);
  const reached = new Set<string>();
  for (const statement of statementsOf(role).filter((s) => actions(s).some((a) => a.startsWith('dynamodb:')))) {
    for (const [id, name] of names) if (JSON.stringify(statement.Resource).includes(`"${id}"`)) reached.add(name);
  }
  return [...reached].sort();
};

describe('who may be emailed, on AWS', () => {
  it('publishes SES bounces and complaints to an encrypted, TLS-only topic subscribed by the SES events function, with a failure queue', () => {
    const destination = ofType('AWS::SES::ConfigurationSetEventDestination').map(([, r]) => r.Properties!.EventDestination as Json)[0]!;
    expect([...(destination.MatchingEventTypes as string[])].sort()).toEqual(['bounce', 'complaint']);
    expect(JSON.stringify(destination.SnsDestination)).toContain(idOf(stack.email.topic!));
    expect(resources[idOf(stack.email.topic!)]!.Properties!.KmsMasterKeyId).toBeDefined();
    const subscription = ofType('AWS::SNS::Subscription').map(([, r]) => r.Properties!).find((p) => JSON.stringify(p.TopicArn).includes(idOf(stack.email.topic!)))!;
    expect(subscription.Protocol).toBe('lambda');
    expect(JSON.stringify(subscription.Endpoint)).toContain(idOf(stack.email.sesEvents!.fn));
    expect(subscription.RedrivePolicy).toBeDefined();
    const permission = ofType('AWS::Lambda::Permission').map(([, r]) => r.Properties!).find((p) => JSON.stringify(p.FunctionName).includes(idOf(stack.email.sesEvents!.fn)))!;
    expect([permission.Principal, JSON.stringify(permission.SourceArn)]).toEqual(['sns.amazonaws.com', JSON.stringify({ Ref: idOf(stack.email.topic!) })]);
    expect(tablesReached(stack.email.sesEvents!.role)).toEqual(['email_events', 'suppressions']);
  });

  it('sends the weekly newsletter on Mondays at 08:00 UTC to confirmed sign-ups only through its identity, with retries and a failure queue', () => {
    const rule = ofType('AWS::Events::Rule').map(([, r]) => r.Properties!).find((p) => JSON.stringify(p.Targets).includes(idOf(stack.email.newsletter!.fn)))!;
    expect(rule.ScheduleExpression).toBe('cron(0 8 ? * MON *)');
    expect(((rule.Targets as Json[])[0] as Json).DeadLetterConfig).toBeDefined();
    expect(tablesReached(stack.email.newsletter!.role)).toEqual(['email_events', 'email_preferences', 'jobs', 'newsletter_subscribers', 'suppressions']);
    const ses = statementsOf(stack.email.newsletter!.role).filter((s) => actions(s).includes('ses:SendEmail'));
    expect(JSON.stringify(ses)).toContain('identity/mail.latentjobs.example');
  });

  it('gives the email API function, the digest and the newsletter the generated link key by ARN only, and lets the API send mail', () => {
    const secretId = idOf(stack.email.tokenSecret);
    expect(resources[secretId]!.Properties!.GenerateSecretString).toBeDefined();
    expect(resources[secretId]!.Properties!.SecretString).toBeUndefined();
    const api = stack.api.functions.get('email')!;
    for (const fn of [api.fn, stack.alerts.digest.fn, stack.email.newsletter!.fn]) {
      const variables = (resources[idOf(fn)]!.Properties!.Environment as { Variables: Json }).Variables;
      expect(variables.EMAIL_LINK_KEY_ARN).toEqual({ Ref: secretId });
    }
    expect(statementsOf(api.role).some((s) => actions(s).includes('ses:SendEmail'))).toBe(true);
  });
});
