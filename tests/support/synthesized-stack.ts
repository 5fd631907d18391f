/**
 * For template tests: the stack synthesised once in-process, with bundling skipped, and small
 * readers of its CloudFormation template (resources by type, a construct's logical id, the IAM
 * statements of a role).
 *
 * `synthesizeStack(name, context)` → `SynthesizedStack`; `cleanup()` removes its output folder.
 * cdk-nag findings make `app.synth()` throw after the template is written; they are reported by
 * stack.test.ts, so here the template is read regardless.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { composeApp } from '../../infra/aws/compose';
import type { LatentJobsStack } from '../../infra/aws/latent-jobs-stack';

export type Json = Record<string, unknown>;

export interface Resource {
  Type: string;
  Properties?: Json;
}

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
}

type WithDefaultChild = { node: { defaultChild?: unknown } };

export interface SynthesizedStack {
  stack: LatentJobsStack;
  resources: Record<string, Resource>;
  ofType(type: string): [string, Resource][];
  /** The logical id of a construct's CloudFormation resource. */
  idOf(construct: WithDefaultChild): string;
  /** Every statement of the IAM policies attached to a role. */
  statementsOf(role: WithDefaultChild): Statement[];
  cleanup(): void;
}

/** Synthesises the stack for `context` (CDK context values, e.g. `{ stage: 'prod' }`). */
export const synthesizeStack = (name: string, context: Record<string, string>): SynthesizedStack => {
  const outdir = mkdtempSync(path.join(tmpdir(), `latent-jobs-${name}-`));
  const app = new App({ outdir, builtinCloudFormationValidation: false, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = composeApp(app);
  try {
    app.synth();
  } catch {
    // cdk-nag findings fail the synth after the template is written; stack.test.ts reports them.
  }
  const resources = (JSON.parse(readFileSync(path.join(outdir, stack.templateFile), 'utf8')) as { Resources: Record<string, Resource> }).Resources;
  const ofType = (type: string): [string, Resource][] => Object.entries(resources).filter(([, r]) => r.Type === type);
  const idOf = (construct: WithDefaultChild): string =>
    stack.getLogicalId(construct.node.defaultChild as Parameters<LatentJobsStack['getLogicalId']>[0]);
  const statementsOf = (role: WithDefaultChild): Statement[] =>
    ofType('AWS::IAM::Policy')
      .filter(([, r]) => (r.Properties!.Roles as { Ref: string }[]).some((ref) => ref.Ref === idOf(role)))
      .flatMap(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
  return { stack, resources, ofType, idOf, statementsOf, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
};
