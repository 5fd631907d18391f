/**
 * The daily ECB rate refresh as CloudFormation receives it (infra/aws/constructs/ecb-rates.ts):
 * the prod stack synthesised once, in-process, with function bundling skipped (stack.test.ts
 * runs cdk-nag over the whole stack). Needs the built SPA (frontend/dist), like stack.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatentJobsStack } from './latent-jobs-stack';
import { synthesizeStack, type Json, type Resource, type Statement, type SynthesizedStack } from '../../tests/support/synthesized-stack';

let synthesized: SynthesizedStack;
let stack: LatentJobsStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  synthesized = synthesizeStack('ecb-rates', { stage: 'prod' });
  ({ stack, resources } = synthesized);
});

afterAll(() => synthesized.cleanup());

const idOf: SynthesizedStack['idOf'] = (construct) => synthesized.idOf(construct);
const actions = (statement: Statement): string[] => [statement.Action].flat();

describe('the daily ECB rate refresh on AWS', () => {
  it('runs the refresh function every working day at 16:30 UTC, after ECB publishes, with retries and a failure queue', () => {
    const rule = resources[idOf(stack.ecbRates.schedule)]!.Properties!;
    expect(rule.ScheduleExpression).toBe('cron(30 16 ? * MON-FRI *)');
    const target = (rule.Targets as Json[])[0]!;
    expect(JSON.stringify(target.Arn)).toContain(idOf(stack.ecbRates.refresh.fn));
    expect(JSON.stringify(target.DeadLetterConfig)).toContain(idOf(stack.ecbRates.failures));
    const invokeConfig = synthesized.ofType('AWS::Lambda::EventInvokeConfig').map(([, r]) => r.Properties!).find((p) => JSON.stringify(p.FunctionName).includes(idOf(stack.ecbRates.refresh.fn)))!;
    expect(JSON.stringify(invokeConfig.DestinationConfig)).toContain(idOf(stack.ecbRates.failures));
  });

  it('lets the function reach only the state table, where the crawl workers read the rates', () => {
    const dynamo = synthesized.statementsOf(stack.ecbRates.refresh.role).filter((statement) => actions(statement).some((action) => action.startsWith('dynamodb:')));
    const tables = ['jobs', 'companies', 'state', 'users'].filter((name) => JSON.stringify(dynamo).includes(`"${idOf(stack.data.table(name))}"`));
    expect(tables).toEqual(['state']);
    expect(dynamo.flatMap(actions)).toContain('dynamodb:PutItem');
    const environment = (resources[idOf(stack.ecbRates.refresh.fn)]!.Properties!.Environment as Json).Variables as Json;
    expect(Object.keys(environment)).toContain('STATE_TABLE');
  });
});
