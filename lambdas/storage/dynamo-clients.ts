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
 * request; unprocessed batch items are retried by lambdas/storage/batch.ts.
 *
 * Timeouts (`REQUEST_TIMEOUTS`, the default): a connection must open within 1 s and a request must
 * not sit 1.5 s without a byte from the store, 2 attempts, so a store that accepts connections and
 * never answers fails a call in about 3 s (2 × 1.5 s plus the SDK's sub-second backoff) with the
 * SDK's `TimeoutError`, which the API answers 503 (lambdas/http/storage-outage.ts) within 5 s. The
 * SDK's defaults have no timeout at all: a frozen store held every request until Lambda's own
 * timeout. DynamoDB answers a request in milliseconds and streams a 1 MB Query page well within
 * that; the idle (not total) timeout lets a slow but flowing page finish, and 1.5 s leaves
 * DynamoDB Local room on a busy machine. A throttled request still gets one retry (the SDK's
 * backoff), and unprocessed batch items their own (batch.ts).
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

/** Per-attempt limits of a storage call, ms, and the attempts the SDK makes. */
export interface StorageTimeouts {
  connectMs: number;
  idleMs: number;
  maxAttempts: number;
}

/** For everything that serves a request (the default; see above): a frozen store costs about 3 s. */
export const REQUEST_TIMEOUTS: StorageTimeouts = { connectMs: 1_000, idleMs: 1_500, maxAttempts: 2 };

/**
 * For bulk work nobody waits on (the local seed and commands writing 100-item transactions to
 * DynamoDB Local, which can sit several seconds on one when the machine is busy).
 */
export const BULK_TIMEOUTS: StorageTimeouts = { connectMs: 2_000, idleMs: 30_000, maxAttempts: 3 };

/** Builds the low-level and document clients for the configured endpoint and region. */
export const createDynamoClients = (config: Pick<Config, 'region' | 'dynamodb'>, timeouts: StorageTimeouts = REQUEST_TIMEOUTS): DynamoClients => {
  const endpoint = config.dynamodb.endpoint;
  const client = traced(
    new DynamoDBClient({
      region: config.region,
      maxAttempts: timeouts.maxAttempts,
      requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
      ...(endpoint === undefined ? {} : { endpoint, credentials: LOCAL_CREDENTIALS }),
    }),
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
  return { client, doc };
};
