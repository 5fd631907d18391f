/**
 * The blog's Contentful wiring in the stack (`-c contentfulSpaceId=...`): the content function
 * gets the space, the environment and the ARN of a Secrets Manager secret it alone may read;
 * the token's value is never in the template. Without the context the function serves its
 * bundled Markdown articles and no secret exists. Bundling is skipped (npm run synth bundles).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { composeApp } from './compose';

type Resource = { Type: string; Properties?: Record<string, unknown> };

const outdirs: string[] = [];
afterAll(() => outdirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const synth = (context: Record<string, string>) => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'latent-jobs-cdk-content-'));
  outdirs.push(outdir);
  const app = new App({ outdir, builtinCloudFormationValidation: false, context: { stage: 'dev', 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = composeApp(app);
  try {
    app.synth();
  } catch {
    // cdk-nag findings are stack.test.ts's business; the template is written either way.
  }
  const text = readFileSync(path.join(outdir, stack.templateFile), 'utf8');
  const resources = (JSON.parse(text) as { Resources: Record<string, Resource> }).Resources;
  const service = stack.api.functions.get('content')!;
  const fnId = stack.getLogicalId(service.fn.node.defaultChild as never);
  const roleId = stack.getLogicalId(service.role.node.defaultChild as never);
  const variables = (resources[fnId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
  return { text, resources, variables, roleId };
};

describe('the content function on AWS', () => {
  it('reads the configured Contentful space with a token from a secret only it can read', () => {
    const { text, resources, variables, roleId } = synth({ contentfulSpaceId: 'abc123space' });
    expect(variables).toMatchObject({ CONTENTFUL_SPACE_ID: 'abc123space', CONTENTFUL_ENVIRONMENT: 'master', CONTENT_ARTICLES_DIR: '/var/task/articles' });
    expect(variables).not.toHaveProperty('CONTENTFUL_ACCESS_TOKEN');
    // The Contentful token's secret (the auth construct adds the Google client secret).
    const secrets = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::SecretsManager::Secret' && JSON.stringify(r.Properties).includes('Contentful'));
    expect(secrets).toHaveLength(1);
    const [secretId] = secrets[0]!;
    expect(variables.CONTENTFUL_ACCESS_TOKEN_SECRET_ARN).toEqual({ Ref: secretId });
    expect(secrets[0]![1].Properties).not.toHaveProperty('SecretString');

    const readers = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties!.PolicyDocument).includes('secretsmanager:GetSecretValue'))
      .filter((r) => JSON.stringify(r.Properties!.PolicyDocument).includes(`"${secretId}"`))
      .map((r) => JSON.stringify(r.Properties!.Roles));
    expect(readers).toEqual([JSON.stringify([{ Ref: roleId }])]);
    expect(text).not.toMatch(/"Action":\s*"dynamodb:[^"]*"[^}]*ContentFunction/);
  });

  it('serves the bundled Markdown articles when no space is configured', () => {
    const { resources, variables } = synth({});
    expect(variables).not.toHaveProperty('CONTENTFUL_SPACE_ID');
    expect(Object.values(resources).some((r) => r.Type === 'AWS::SecretsManager::Secret' && JSON.stringify(r.Properties).includes('Contentful'))).toBe(false);
  });
});
