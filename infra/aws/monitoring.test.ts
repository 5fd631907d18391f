/**
 * The CloudWatch dashboard (infra/aws/constructs/monitoring.ts) as CloudFormation receives it:
 * an operator opening it sees every alarm of the stack, and every function's invocations, errors
 * and duration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeStack, type SynthesizedStack } from '../../tests/support/synthesized-stack';

let synthesized: SynthesizedStack;

beforeAll(() => {
  synthesized = synthesizeStack('monitoring', { stage: 'prod', mailDomain: 'mail.latentjobs.example' });
});

afterAll(() => synthesized.cleanup());

/** The dashboard body with CloudFormation's Fn::Join of references flattened into one string. */
const dashboardBody = (): string => {
  const dashboards = synthesized.ofType('AWS::CloudWatch::Dashboard');
  expect(dashboards).toHaveLength(1);
  return JSON.stringify(dashboards[0]![1].Properties?.DashboardBody);
};

describe('the operations dashboard', () => {
  it('shows the state of every alarm of the stack', () => {
    const body = dashboardBody();
    const alarms = synthesized.ofType('AWS::CloudWatch::Alarm').map(([id]) => id);
    expect(alarms.length).toBeGreaterThan(10);
    for (const id of alarms) expect(body, id).toContain(`"${id}"`);
  });

  it('graphs the invocations, errors and duration of every function', () => {
    const body = dashboardBody();
    // The product's functions (service-function.ts), not the CDK's own custom-resource handlers.
    const functions = synthesized
      .ofType('AWS::Lambda::Function')
      .filter(([, r]) => (r.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.NODE_OPTIONS === '--enable-source-maps')
      .map(([id]) => id);
    expect(functions.length).toBeGreaterThan(8);
    for (const id of functions) expect(body, id).toContain(`"${id}"`);
    for (const metric of ['Invocations', 'Errors', 'Throttles', 'Duration']) expect(body).toContain(`\\"${metric}\\"`);
  });
});
