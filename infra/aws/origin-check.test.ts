/**
 * The API answers only requests that came through CloudFront (issue 14.2), as CloudFormation
 * receives it: a generated secret, sent by CloudFront's API origin as x-origin-verify and given
 * to every API function by ARN (lambdas/http/origin-check.ts refuses requests without it).
 * The prod stack synthesised once, in-process, with function bundling skipped; needs the built
 * SPA (frontend/dist), like stack.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/client-address';
import type { LatentJobsStack } from './latent-jobs-stack';
import { synthesizeStack, type Json, type Resource, type SynthesizedStack } from '../../tests/support/synthesized-stack';

let synthesized: SynthesizedStack;
let stack: LatentJobsStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  synthesized = synthesizeStack('origin-check', { stage: 'prod' });
  ({ stack, resources } = synthesized);
});

afterAll(() => synthesized.cleanup());

describe('the origin check on AWS', () => {
  it('CloudFront sends the generated secret to the API origin, and every API function may read it by ARN', () => {
    const secretId = synthesized.idOf(stack.api.originSecret);
    expect(resources[secretId]!.Properties!.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    const [, distribution] = synthesized.ofType('AWS::CloudFront::Distribution')[0]!;
    const origins = ((distribution.Properties!.DistributionConfig as Json).Origins as Json[]).filter((origin) => origin.CustomOriginConfig !== undefined && JSON.stringify(origin.DomainName).includes('execute-api'));
    expect(origins).toHaveLength(1);
    const header = (origins[0]!.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[]).find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(JSON.stringify(header?.HeaderValue)).toContain(secretId);
    for (const [name, service] of stack.api.functions) {
      const variables = (resources[synthesized.idOf(service.fn)]!.Properties!.Environment as { Variables: Json }).Variables;
      expect(JSON.stringify(variables.ORIGIN_VERIFY_ARN), name).toContain(secretId);
      const reads = synthesized.statementsOf(service.fn.role!).filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
      expect(JSON.stringify(reads), name).toContain(secretId);
    }
  });
});
