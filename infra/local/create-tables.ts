/**
 * Creates the project's DynamoDB tables (lambdas/storage/tables.ts, TABLES) under their physical
 * names from the configuration, in DynamoDB Local (or any endpoint the client points at).
 * On-demand billing, the same keys and indexes CDK declares. Idempotent: tables that exist are
 * left as they are (their shape is not compared).
 */
import {
  CreateTableCommand,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { Config } from '../../lambdas/config';
import { TABLES, type KeyAttribute, type TableDefinition, type TableName } from '../../lambdas/storage/tables';

/** The physical name configured for a table of TABLES. */
export const physicalName = (table: TableDefinition<TableName>, tables: Config['dynamodb']['tables']): string => tables[table.name];

const keySchema = (partitionKey: KeyAttribute, sortKey?: KeyAttribute) => [
  { AttributeName: partitionKey.name, KeyType: 'HASH' as const },
  ...(sortKey === undefined ? [] : [{ AttributeName: sortKey.name, KeyType: 'RANGE' as const }]),
];

/** The CreateTable request for one definition (on-demand billing). */
export const createTableInput = (table: TableDefinition, tableName: string): CreateTableCommandInput => {
  const keys = [table.partitionKey, table.sortKey, ...table.indexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  const attributes = new Map<string, AttributeDefinition>();
  for (const key of keys) if (key !== undefined) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    AttributeDefinitions: [...attributes.values()],
    ...(table.indexes.length === 0
      ? {}
      : {
          GlobalSecondaryIndexes: table.indexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection:
              index.projection === 'ALL'
                ? { ProjectionType: 'ALL' as const }
                : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] },
          })),
        }),
  };
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
 * ACTIVE. Returns the physical names it created. Throws the SDK's error when a call fails.
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
    if (existing.has(tableName)) continue;
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
