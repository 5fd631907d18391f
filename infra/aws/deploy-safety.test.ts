/**
 * The next deploy cannot break a stateful resource (issue 23.2): the prod stack is synthesized
 * as it is and again after a change of the job schema (a field added to JobSchema, so to the job
 * summary), and the two templates are compared (stateful-changes.ts): no table, index, user pool
 * or bucket may be replaced, deleted or changed in a way CloudFormation refuses, and every one
 * is retained on delete. The rules themselves are checked on edited copies of the template.
 * Needs the built SPA (frontend/dist), as every template test.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as JobModule from '../../shared/jobs/job';
import type { SynthesizedStack } from '../../tests/support/synthesized-stack';
import { STATEFUL_TYPES, unsafeChanges, type CloudFormationTemplate } from './stateful-changes';

const ADDED_FIELD = 'team_size';

let before: SynthesizedStack;
let after: SynthesizedStack;
let summaryFieldsAfter: readonly string[];

const templateOf = (stack: SynthesizedStack): CloudFormationTemplate => ({ Resources: structuredClone(stack.resources) as CloudFormationTemplate['Resources'] });

beforeAll(async () => {
  const { synthesizeStack } = await import('../../tests/support/synthesized-stack');
  before = synthesizeStack('deploy-before', { stage: 'prod' });
  vi.resetModules();
  vi.doMock('../../shared/jobs/job', async (importOriginal) => {
    const original = await importOriginal<typeof JobModule>();
    return { ...original, JobSchema: original.JobSchema.extend({ [ADDED_FIELD]: z.number().int().nullable().default(null) }) };
  });
  summaryFieldsAfter = (await import('../../shared/jobs/job-summary')).JOB_SUMMARY_FIELDS;
  after = (await import('../../tests/support/synthesized-stack')).synthesizeStack('deploy-after', { stage: 'prod' });
  vi.doUnmock('../../shared/jobs/job');
}, 240_000);

afterAll(() => {
  before?.cleanup();
  after?.cleanup();
});

/** The template's jobs table (the one keyed by company_key and slug_url). */
const jobsTableId = (template: CloudFormationTemplate): string =>
  Object.entries(template.Resources).find(
    ([, resource]) =>
      resource.Type === 'AWS::DynamoDB::Table' &&
      JSON.stringify(resource.Properties?.KeySchema) === JSON.stringify([{ AttributeName: 'company_key', KeyType: 'HASH' }, { AttributeName: 'slug_url', KeyType: 'RANGE' }]),
  )![0];

type Index = { IndexName: string; Projection: { NonKeyAttributes?: string[] } };
const indexesOf = (template: CloudFormationTemplate, id: string): Index[] => template.Resources[id]!.Properties!.GlobalSecondaryIndexes as Index[];

describe('a deploy after a job field is added', () => {
  it('really changes the job summary', () => {
    expect(summaryFieldsAfter).toContain(ADDED_FIELD);
  });

  it('replaces, deletes or changes in place no table, index, user pool or bucket', () => {
    expect(unsafeChanges(templateOf(before), templateOf(after))).toEqual([]);
  });

  it('keeps every stateful resource retained on delete and replacement', () => {
    const template = templateOf(after);
    const stateful = Object.values(template.Resources).filter((resource) => STATEFUL_TYPES.includes(resource.Type));
    expect(new Set(stateful.map((resource) => resource.Type))).toEqual(new Set(['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::S3::Bucket']));
    for (const resource of stateful) expect([resource.Type, resource.DeletionPolicy, resource.UpdateReplacePolicy]).toEqual([resource.Type, 'Retain', 'Retain']);
  });
});

describe('the comparison refuses', () => {
  it('an index projection that follows the job schema (the deploy that used to fail)', () => {
    const next = templateOf(before);
    const id = jobsTableId(next);
    const index = indexesOf(next, id).find((candidate) => candidate.Projection.NonKeyAttributes !== undefined)!;
    index.Projection.NonKeyAttributes = [...index.Projection.NonKeyAttributes!, ADDED_FIELD];
    expect(unsafeChanges(templateOf(before), next)).toEqual([
      `${id}: index ${index.IndexName} changes its Projection, which CloudFormation cannot do in place (add a new index instead)`,
    ]);
  });

  it('renaming an index (one added and one removed in one update), and a new key schema', () => {
    const next = templateOf(before);
    const id = jobsTableId(next);
    indexesOf(next, id)[0]!.IndexName = 'renamed';
    next.Resources[id]!.Properties!.KeySchema = [{ AttributeName: 'job_id', KeyType: 'HASH' }];
    const problems = unsafeChanges(templateOf(before), next);
    expect(problems).toContain(`${id}: changing KeySchema replaces the AWS::DynamoDB::Table`);
    expect(problems.some((problem) => problem.startsWith(`${id}: one update may add or remove only one index`))).toBe(true);
  });

  it('a renamed table construct, a bucket name, a user pool attribute changed, a table no longer retained', () => {
    const next = templateOf(before);
    const [tableId] = Object.entries(next.Resources).find(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')!;
    next.Resources[`${tableId}Renamed`] = next.Resources[tableId]!;
    delete next.Resources[tableId];
    next.Resources[`${tableId}Renamed`]!.DeletionPolicy = 'Delete';
    const [bucketId, bucket] = Object.entries(next.Resources).find(([, resource]) => resource.Type === 'AWS::S3::Bucket')!;
    bucket.Properties = { ...bucket.Properties, BucketName: 'a-new-name' };
    const [poolId, pool] = Object.entries(next.Resources).find(([, resource]) => resource.Type === 'AWS::Cognito::UserPool')!;
    const schema = (pool.Properties!.Schema ?? [{ Name: 'email', Required: true, Mutable: true }]) as { Name: string; Mutable?: boolean }[];
    pool.Properties!.Schema = schema.map((attribute, i) => (i === 0 ? { ...attribute, Mutable: !attribute.Mutable } : attribute));
    const problems = unsafeChanges(templateOf(before), next);
    expect(problems).toContain(`${tableId} (AWS::DynamoDB::Table) would leave the stack: deleted, or orphaned when retained (was its construct renamed?)`);
    expect(problems).toContain(`${bucketId}: changing BucketName replaces the AWS::S3::Bucket`);
    expect(problems).toContain(`${tableId}Renamed (AWS::DynamoDB::Table) is not retained on delete and replacement (DeletionPolicy Delete, UpdateReplacePolicy Retain)`);
    if (before.resources[poolId]!.Properties!.Schema !== undefined) {
      expect(problems).toContain(`${poolId}: user pool attribute ${schema[0]!.Name} would change, which Cognito refuses`);
    }
  });
});
