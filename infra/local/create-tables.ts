/**
 * Creates the project's DynamoDB tables (lambdas/storage/tables.ts, TABLES) under their physical
 * names from the configuration, in DynamoDB Local (or any endpoint the client points at).
 * On-demand billing, the same keys and indexes CDK declares. Idempotent: a table that exists
 * keeps its keys; an index it lacks (one added since the data folder was made, e.g. the sharded
 * open-jobs index) is added with UpdateTable, one at a time as DynamoDB requires.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { Config } from '../../lambdas/config';
import { TABLES, type IndexDefinition, type KeyAttribute, type TableDefinition, type TableName } from '../../lambdas/storage/tables';

/** The physical name configured for a table of TABLES. */
export const physicalName = (table: TableDefinition<TableName>, tables: Config['dynamodb']['tables']): string => tables[table.name];

const keySchema = (partitionKey: KeyAttribute, sortKey?: KeyAttribute) => [
  { AttributeName: partitionKey.name, KeyType: 'HASH' as const },
  ...(sortKey === undefined ? [] : [{ AttributeName: sortKey.name, KeyType: 'RANGE' as const }]),
];

const attributeDefinitions = (keys: readonly (KeyAttribute | undefined)[]): AttributeDefinition[] => {
  const attributes = new Map<string, AttributeDefinition>();
  for (const key of keys) if (key !== undefined) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  return [...attributes.values()];
};

const indexInput = (index: IndexDefinition) => ({
  IndexName: index.indexName,
  KeySchema: keySchema(index.partitionKey, index.sortKey),
  Projection:
    index.projection === 'ALL' ? { ProjectionType: 'ALL' as const } : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] },
});

/** The CreateTable request for one definition (on-demand billing). */
export const createTableInput = (table: TableDefinition, tableName: string): CreateTableCommandInput => {
  const keys = [table.partitionKey, table.sortKey, ...table.indexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    AttributeDefinitions: attributeDefinitions(keys),
    ...(table.indexes.length === 0 ? {} : { GlobalSecondaryIndexes: table.indexes.map(indexInput) }),
  };
};

/** Waits (up to `seconds`) until the table and all its indexes are ACTIVE. */
const waitUntilActive = async (client: DynamoDBClient, tableName: string, seconds = 60): Promise<void> => {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE' && (Table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')) return;
    if (Date.now() > deadline) throw new Error(`Table ${tableName} is not ACTIVE after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** Adds the indexes of `table` that the existing table lacks; returns their names. */
const addMissingIndexes = async (client: DynamoDBClient, table: TableDefinition, tableName: string): Promise<string[]> => {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const added: string[] = [];
  for (const index of table.indexes) {
    if (present.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions([index.partitionKey, index.sortKey]),
        GlobalSecondaryIndexUpdates: [{ Create: indexInput(index) }],
      }),
    );
    await waitUntilActive(client, tableName);
    added.push(`${tableName}.${index.indexName}`);
  }
  return added;
};

const listTableNames = async (client: DynamoDBClient): Promise<Set<string>> => {
  const names = new Set<string>();
  let start: string | undefined;
  do {
    const out = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of out.TableNames ?? []) names.add(name);
    start = out.LastEvaluatedTableName;
  } while (start !== undefined);
  return names;
};

export interface EnsureTablesOptions {
  /**
   * Turn on TTL expiry for tables that define it (default true, as on AWS). Tests that run a
   * simulated clock turn it off: DynamoDB Local's TTL sweep deletes by the real time, so items
   * stamped with a simulated past expiry would vanish mid-test.
   */
  timeToLive?: boolean;
}

/**
 * Creates every table of TABLES that does not exist yet and waits (up to 60 s each) until it is
 * ACTIVE, and adds the indexes an existing table lacks. Returns the physical names it created
 * (and "table.index" for each index added). Throws the SDK's error when a call fails.
 */
export const ensureTables = async (
  client: DynamoDBClient,
  config: Pick<Config, 'dynamodb'>,
  options: EnsureTablesOptions = {},
): Promise<string[]> => {
  const existing = await listTableNames(client);
  const created: string[] = [];
  for (const table of TABLES) {
    const tableName = physicalName(table, config.dynamodb.tables);
    if (existing.has(tableName)) {
      created.push(...(await addMissingIndexes(client, table, tableName)));
      continue;
    }
    try {
      await client.send(new CreateTableCommand(createTableInput(table, tableName)));
      created.push(tableName);
    } catch (error) {
      // Another process created it between ListTables and CreateTable: fine.
      if (!(error instanceof ResourceInUseException)) throw error;
    }
    await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
    if (table.timeToLiveAttribute !== undefined && options.timeToLive !== false) {
      await client
        .send(
          new UpdateTimeToLiveCommand({
            TableName: tableName,
            TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
          }),
        )
        .catch((error: unknown) => {
          // Another process that raced us to create the table enabled it first: fine, as above.
          if (!(error instanceof Error && error.name === 'ValidationException' && /already enabled/i.test(error.message))) throw error;
        });
    }
  }
  return created;
};
