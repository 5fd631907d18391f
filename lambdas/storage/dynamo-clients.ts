/**
 * DynamoDB clients for the storage adapters, built from the configuration (lambdas/config.ts).
 *
 * - On AWS (`config.dynamodb.endpoint` undefined) the SDK's default credential chain and the
 *   configured region apply.
 * - Against DynamoDB Local (an endpoint is configured) fixed dummy credentials are used: DynamoDB
 *   Local accepts any, and fixing them means no real AWS credentials are looked up or leaked.
 *
 * The document client converts plain JS values (strings, numbers, null, arrays, objects) to
 * DynamoDB attribute values and back, dropping `undefined` properties (`removeUndefinedValues`).
 * The SDK's own retry (standard mode, 3 attempts) covers throttling and transient errors of each
 * request; unprocessed batch items are retried by lambdas/storage/batch.ts. Requests are traced
 * in X-Ray on Lambda (lambdas/observability/tracer.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../config';
import { traced } from '../observability/tracer';

export interface DynamoClients {
  /** The low-level client (table administration: CreateTable, DescribeTable, ListTables). */
  client: DynamoDBClient;
  /** The document client the repositories use. */
  doc: DynamoDBDocumentClient;
}

/** Credentials DynamoDB Local is given; it does not check them. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** Builds the low-level and document clients for the configured endpoint and region. */
export const createDynamoClients = (config: Pick<Config, 'region' | 'dynamodb'>): DynamoClients => {
  const endpoint = config.dynamodb.endpoint;
  const client = traced(
    new DynamoDBClient({
      region: config.region,
      ...(endpoint === undefined ? {} : { endpoint, credentials: LOCAL_CREDENTIALS }),
    }),
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
  return { client, doc };
};
