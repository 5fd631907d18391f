/**
 * Batch reads and writes over DynamoDB's limits: BatchGetItem takes at most 100 keys and
 * BatchWriteItem at most 25 requests per call, and either may hand back part of a request as
 * `UnprocessedKeys` / `UnprocessedItems` (throttling, 16 MB response cap). Those are re-sent with
 * exponential backoff and full jitter (exponential-backoff 3.1.3) until done or the attempts run
 * out, which throws `UnprocessedBatchError`. Up to 4 calls run at once. Errors of the calls
 * themselves (throttling, 5xx) are retried by the SDK first.
 *
 * Writes can instead go as TransactWriteItems of up to 100 items (`WriteMode` 'transaction'):
 * DynamoDB Local commits each item of a BatchWriteItem in its own SQLite transaction (about 30 ms
 * an item on this machine's disk), a transaction in one (5x faster when seeding onto disk). On
 * AWS a transactional write costs twice the write units, so 'batch' is the default there.
 */
import { BatchGetCommand, BatchWriteCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backOff } from 'exponential-backoff';

type Item = Record<string, unknown>;
type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

export const BATCH_GET_LIMIT = 100;
export const BATCH_WRITE_LIMIT = 25;

/** Batch calls in flight at once per operation. */
const CONCURRENCY = 4;

/** Runs `work` on every item, at most `limit` at a time; rejects with the first error. */
const forEachConcurrently = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

/** Attempts per chunk (the first call included) before giving up on unprocessed items. */
const ATTEMPTS = 8;
const BACKOFF = { numOfAttempts: ATTEMPTS, startingDelay: 50, maxDelay: 2_000, jitter: 'full' } as const;

/** Thrown when DynamoDB still reports unprocessed keys or items after every retry. */
export class UnprocessedBatchError extends Error {
  override name = 'UnprocessedBatchError';
  constructor(
    readonly table: string,
    readonly remaining: number,
  ) {
    super(`DynamoDB left ${remaining} batch item(s) of table ${table} unprocessed after ${ATTEMPTS} attempts`);
  }
}

/** Splits a list into consecutive chunks of at most `size` elements. */
export const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

/**
 * Reads the items with the given primary keys from one table (any order; missing items are
 * left out). Keys must be distinct: DynamoDB rejects a batch with duplicate keys.
 */
export const batchGetAll = async (doc: DynamoDBDocumentClient, table: string, keys: readonly Item[]): Promise<Item[]> => {
  const found: Item[] = [];
  await forEachConcurrently(chunk(keys, BATCH_GET_LIMIT), CONCURRENCY, async (part) => {
    let pending: Item[] = part;
    await backOff(async () => {
      const out = await doc.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      found.push(...(out.Responses?.[table] ?? []));
      pending = (out.UnprocessedKeys?.[table]?.Keys as Item[] | undefined) ?? [];
      if (pending.length > 0) throw new UnprocessedBatchError(table, pending.length);
    }, { ...BACKOFF, retry: (error: unknown) => error instanceof UnprocessedBatchError });
  });
  return found;
};

/**
 * Applies put and delete requests to one table, 25 per call. Requests for the same key must
 * not share a call (DynamoDB rejects it): callers pass each key at most once.
 */
export const batchWriteAll = async (doc: DynamoDBDocumentClient, table: string, requests: readonly WriteRequest[]): Promise<void> => {
  await forEachConcurrently(chunk(requests, BATCH_WRITE_LIMIT), CONCURRENCY, async (part) => {
    let pending: WriteRequest[] = part;
    await backOff(async () => {
      const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (out.UnprocessedItems?.[table] as WriteRequest[] | undefined) ?? [];
      if (pending.length > 0) throw new UnprocessedBatchError(table, pending.length);
    }, { ...BACKOFF, retry: (error: unknown) => error instanceof UnprocessedBatchError });
  });
};

export type WriteMode = 'batch' | 'transaction';

const TRANSACTION_ITEMS = 100;
/** Below TransactWriteItems' 4 MB cap, with room for the size estimate's error. */
const TRANSACTION_BYTES = 3_000_000;

const requestBytes = (request: WriteRequest): number =>
  Buffer.byteLength(JSON.stringify('PutRequest' in request ? request.PutRequest.Item : request.DeleteRequest.Key));

/** Groups requests into transactions of at most 100 items and about 3 MB. */
const transactionChunks = (requests: readonly WriteRequest[]): WriteRequest[][] => {
  const chunks: WriteRequest[][] = [];
  let current: WriteRequest[] = [];
  let bytes = 0;
  for (const request of requests) {
    const size = requestBytes(request);
    if (current.length > 0 && (current.length === TRANSACTION_ITEMS || bytes + size > TRANSACTION_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(request);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
};

const isRetryableTransactionError = (error: unknown): boolean =>
  error instanceof Error && ['TransactionCanceledException', 'TransactionInProgressException'].includes(error.name);

/** Applies put and delete requests to one table as TransactWriteItems (each key at most once). */
export const transactWriteAll = async (doc: DynamoDBDocumentClient, table: string, requests: readonly WriteRequest[]): Promise<void> => {
  await forEachConcurrently(transactionChunks(requests), CONCURRENCY, async (part) => {
    const items = part.map((request) =>
      'PutRequest' in request
        ? { Put: { TableName: table, Item: request.PutRequest.Item } }
        : { Delete: { TableName: table, Key: request.DeleteRequest.Key } },
    );
    await backOff(() => doc.send(new TransactWriteCommand({ TransactItems: items })), {
      ...BACKOFF,
      retry: isRetryableTransactionError,
    });
  });
};

/** Writes with BatchWriteItem ('batch') or TransactWriteItems ('transaction'); see the module comment. */
export const writeAll = (doc: DynamoDBDocumentClient, table: string, requests: readonly WriteRequest[], mode: WriteMode): Promise<void> =>
  mode === 'batch' ? batchWriteAll(doc, table, requests) : transactWriteAll(doc, table, requests);

/** Keeps the last of the items that share a key (as a sequence of puts would). */
export const lastPerKey = <T>(items: readonly T[], keyOf: (item: T) => string): T[] => {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    byKey.delete(key);
    byKey.set(key, item);
  }
  return [...byKey.values()];
};
