/**
 * What a deploy would do to the stack's stateful resources, read from two synthesized
 * CloudFormation templates (the deployed one and the next): `unsafeChanges(before, after)` lists,
 * one sentence each, every change that would replace or delete a table, user pool or bucket, or
 * that CloudFormation refuses to make in place; empty when the deploy is safe for the data.
 *
 * The rules, from the CloudFormation resource reference ("Update requires: Replacement") and the
 * DynamoDB update rules for AWS::DynamoDB::Table GlobalSecondaryIndexes:
 * - a stateful resource (STATEFUL_TYPES) present before must keep its logical id and type
 *   (a renamed construct is a new resource: the old one is deleted or, retained, orphaned);
 * - tables: TableName, KeySchema and LocalSecondaryIndexes replace the table; an existing global
 *   secondary index cannot change its KeySchema or Projection; one update may add OR remove one
 *   index, not more and not both (renaming an index is both);
 * - user pools: UserPoolName, UsernameAttributes and AliasAttributes replace the pool; a schema
 *   attribute, once there, can be neither changed nor removed (new ones may be added);
 * - buckets: BucketName replaces the bucket;
 * - and after the change every stateful resource is retained on delete and on replacement
 *   (DeletionPolicy and UpdateReplacePolicy "Retain").
 */

export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export interface CloudFormationTemplate {
  Resources: Record<string, TemplateResource>;
}

/** The resource types holding data a deploy must never lose. */
export const STATEFUL_TYPES: readonly string[] = ['AWS::DynamoDB::Table', 'AWS::DynamoDB::GlobalTable', 'AWS::Cognito::UserPool', 'AWS::S3::Bucket'];

/** Properties whose change replaces the resource, by type. */
const REPLACING: Readonly<Record<string, readonly string[]>> = {
  'AWS::DynamoDB::Table': ['TableName', 'KeySchema', 'LocalSecondaryIndexes'],
  'AWS::DynamoDB::GlobalTable': ['TableName', 'KeySchema', 'LocalSecondaryIndexes'],
  'AWS::Cognito::UserPool': ['UserPoolName', 'UsernameAttributes', 'AliasAttributes'],
  'AWS::S3::Bucket': ['BucketName'],
};

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

interface IndexProps {
  IndexName: string;
  KeySchema?: unknown;
  Projection?: unknown;
}

const indexesOf = (resource: TemplateResource): Map<string, IndexProps> =>
  new Map(((resource.Properties?.GlobalSecondaryIndexes ?? []) as IndexProps[]).map((index) => [index.IndexName, index]));

const indexChanges = (id: string, before: TemplateResource, after: TemplateResource): string[] => {
  const [old, next] = [indexesOf(before), indexesOf(after)];
  const problems: string[] = [];
  for (const [name, index] of old) {
    const changed = next.get(name);
    if (changed === undefined) continue;
    for (const property of ['KeySchema', 'Projection'] as const) {
      if (canonical(index[property]) !== canonical(changed[property])) {
        problems.push(`${id}: index ${name} changes its ${property}, which CloudFormation cannot do in place (add a new index instead)`);
      }
    }
  }
  const added = [...next.keys()].filter((name) => !old.has(name));
  const removed = [...old.keys()].filter((name) => !next.has(name));
  if (added.length + removed.length > 1) {
    problems.push(
      `${id}: one update may add or remove only one index; this adds [${added.join(', ')}] and removes [${removed.join(', ')}] (split it over deploys)`,
    );
  }
  return problems;
};

interface SchemaAttribute {
  Name: string;
}

const schemaChanges = (id: string, before: TemplateResource, after: TemplateResource): string[] => {
  const next = new Map(((after.Properties?.Schema ?? []) as SchemaAttribute[]).map((attribute) => [attribute.Name, attribute]));
  return ((before.Properties?.Schema ?? []) as SchemaAttribute[]).flatMap((attribute) => {
    const changed = next.get(attribute.Name);
    if (changed === undefined) return [`${id}: user pool attribute ${attribute.Name} would be removed, which Cognito refuses`];
    return canonical(changed) === canonical(attribute) ? [] : [`${id}: user pool attribute ${attribute.Name} would change, which Cognito refuses`];
  });
};

/** Every unsafe change from `before` to `after` (see the module's rules); [] when none. */
export const unsafeChanges = (before: CloudFormationTemplate, after: CloudFormationTemplate): string[] => {
  const problems: string[] = [];
  for (const [id, old] of Object.entries(before.Resources)) {
    if (!STATEFUL_TYPES.includes(old.Type)) continue;
    const next = after.Resources[id];
    if (next === undefined) {
      problems.push(`${id} (${old.Type}) would leave the stack: deleted, or orphaned when retained (was its construct renamed?)`);
      continue;
    }
    if (next.Type !== old.Type) {
      problems.push(`${id} would change type from ${old.Type} to ${next.Type}: replaced`);
      continue;
    }
    for (const property of REPLACING[old.Type] ?? []) {
      if (canonical(old.Properties?.[property]) !== canonical(next.Properties?.[property])) problems.push(`${id}: changing ${property} replaces the ${old.Type}`);
    }
    if (old.Type === 'AWS::DynamoDB::Table' || old.Type === 'AWS::DynamoDB::GlobalTable') problems.push(...indexChanges(id, old, next));
    if (old.Type === 'AWS::Cognito::UserPool') problems.push(...schemaChanges(id, old, next));
  }
  for (const [id, resource] of Object.entries(after.Resources)) {
    if (!STATEFUL_TYPES.includes(resource.Type)) continue;
    if (resource.DeletionPolicy !== 'Retain' || resource.UpdateReplacePolicy !== 'Retain') {
      problems.push(`${id} (${resource.Type}) is not retained on delete and replacement (DeletionPolicy ${resource.DeletionPolicy ?? 'Delete'}, UpdateReplacePolicy ${resource.UpdateReplacePolicy ?? 'Delete'})`);
    }
  }
  return problems;
};
