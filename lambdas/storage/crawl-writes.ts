/**
 * The crawler's job and company writes (the job half of the CrawlStore port,
 * shared/crawl/crawl-store.ts) on the jobs and companies tables (tables.ts).
 *
 * Versioning: a job item the crawler writes carries `crawl_version` (a number, absent on seeded
 * items = version 0). Every crawl write is conditional on the version the crawl read and sets
 * the next one, so of two crawls racing on one job the second write fails its condition
 * (ConditionalCheckFailedException) and is counted as a conflict instead of clobbering the
 * first. A new job is written only if no item has its key. `crawl_version` stays on the item;
 * readers that go through `JobSchema` or `toPublicJob` never see it.
 *
 * Write modes (as repositories.ts chooses for the other writes): 'single' (AWS) sends each write
 * as its own conditional PutItem / UpdateItem (batch writes take no conditions), up to 8 in
 * flight; 'transaction' (DynamoDB Local, which commits each call in its own SQLite transaction
 * and is many times faster with fewer calls) sends up to 100 writes per TransactWriteItems with
 * the same conditions: when some fail theirs, the transaction is cancelled, the failed ones
 * (CancellationReasons "ConditionalCheckFailed") are counted as conflicts and the others sent
 * again. A touch (unchanged job) updates only `last_seen_at` and the version.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import PQueue from 'p-queue';
import type { JobWrite, StoredJob, WriteOutcome } from '../../shared/crawl/crawl-store';
import { chunk } from './batch';
import { fromJobItem, toJobItem } from './job-repository';
import { queryAll } from './paginate';
import { LEGACY_OPEN_MARKER, LISTED_MARKER, openShardOf } from './tables';

/** The attribute holding a job item's crawl write version. */
export const CRAWL_VERSION = 'crawl_version';

const WRITES_IN_FLIGHT = 8;

const versionOf = (item: Record<string, unknown>): number => {
  const version = item[CRAWL_VERSION];
  return typeof version === 'number' ? version : 0;
};

/** Condition "still at version `expected`" (version 0: no crawl_version attribute, or 0). */
const versionCondition = (expected: number) =>
  expected === 0
    ? { ConditionExpression: 'attribute_not_exists(#v) OR #v = :expected', ExpressionAttributeNames: { '#v': CRAWL_VERSION }, ExpressionAttributeValues: { ':expected': 0 } }
    : { ConditionExpression: '#v = :expected', ExpressionAttributeNames: { '#v': CRAWL_VERSION }, ExpressionAttributeValues: { ':expected': expected } };

export type CrawlWriteMode = 'single' | 'transaction';

/**
 * The crawl's write mode for a configured DynamoDB endpoint: single conditional writes on AWS
 * (no endpoint), transactions against DynamoDB Local, which commits them several times faster.
 */
export const crawlWriteModeFor = (dynamodb: { endpoint: string | undefined }): CrawlWriteMode => (dynamodb.endpoint === undefined ? 'single' : 'transaction');

/** Writes per TransactWriteItems (its limit is 100 items and 4 MB). */
const TRANSACTION_WRITES = 25;

export class DynamoCrawlJobs {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tables: { jobs: string; companies: string },
    private readonly mode: CrawlWriteMode = 'single',
  ) {}

  /** Every job of the company (one Query of the table's partition), with versions. */
  async listCompanyJobs(companyKey: string): Promise<StoredJob[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tables.jobs,
      KeyConditionExpression: 'company_key = :company',
      ExpressionAttributeValues: { ':company': companyKey },
    });
    return items.map((item) => {
      const { [CRAWL_VERSION]: _version, ...rest } = item;
      return { job: fromJobItem(rest), version: versionOf(item) };
    });
  }

  /** Open jobs of the company: a Query of its partition returning only a count. */
  async countOpenJobs(companyKey: string): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.tables.jobs,
          KeyConditionExpression: 'company_key = :company',
          // `open` marks jobs written before the shards (tables.ts, LEGACY_OPEN_INDEX) until they are moved.
          FilterExpression: 'attribute_exists(open_shard) OR #open = :open',
          ExpressionAttributeNames: { '#open': 'open' },
          ExpressionAttributeValues: { ':company': companyKey, ':open': LEGACY_OPEN_MARKER },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
    return count;
  }

  /** The write as PutItem / UpdateItem input (also a TransactWriteItems element). */
  private request(write: JobWrite): { Put: Record<string, unknown> } | { Update: Record<string, unknown> } {
    if (write.kind === 'insert') {
      return { Put: { TableName: this.tables.jobs, Item: { ...toJobItem(write.job), [CRAWL_VERSION]: 1 }, ConditionExpression: 'attribute_not_exists(company_key)' } };
    }
    const condition = versionCondition(write.expectedVersion);
    if (write.kind === 'replace') {
      return { Put: { TableName: this.tables.jobs, Item: { ...toJobItem(write.job), [CRAWL_VERSION]: write.expectedVersion + 1 }, ...condition } };
    }
    return {
      Update: {
        TableName: this.tables.jobs,
        Key: { company_key: write.key.company_key, slug_url: write.key.slug_url },
        // A touched job is open and unchanged; the touch also moves a job written before the
        // shards from the retired `open` marker to its shard (the lazy backfill, tables.ts).
        UpdateExpression: 'SET last_seen_at = :seen, #v = :next, open_shard = :shard REMOVE #open',
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, '#open': 'open' },
        ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':seen': write.lastSeenAt, ':next': write.expectedVersion + 1, ':shard': openShardOf(write.key) },
      },
    };
  }

  private async writeOne(write: JobWrite): Promise<boolean> {
    const request = this.request(write);
    try {
      if ('Put' in request) await this.doc.send(new PutCommand(request.Put as unknown as ConstructorParameters<typeof PutCommand>[0]));
      else await this.doc.send(new UpdateCommand(request.Update as unknown as ConstructorParameters<typeof UpdateCommand>[0]));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** One transaction of writes; a cancelled one is sent again without the writes whose condition failed. Returns conflicts. */
  private async writeTransaction(writes: readonly JobWrite[]): Promise<number> {
    let pending = [...writes];
    let conflicts = 0;
    while (pending.length > 0) {
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: pending.map((write) => this.request(write)) as never }));
        return conflicts;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        const failed = new Set(reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : [])));
        if (failed.size === 0) {
          // Cancelled for another reason (a conflicting transaction): write one by one instead.
          const results = await Promise.all(pending.map((write) => this.writeOne(write)));
          return conflicts + results.filter((ok) => !ok).length;
        }
        conflicts += failed.size;
        pending = pending.filter((_write, index) => !failed.has(index));
      }
    }
    return conflicts;
  }

  /** Applies the writes (each conditional, see the module comment); lost races are counted, not thrown. */
  async writeJobs(writes: readonly JobWrite[]): Promise<WriteOutcome> {
    if (this.mode === 'transaction') {
      let conflicts = 0;
      for (const part of chunk(writes, TRANSACTION_WRITES)) conflicts += await this.writeTransaction(part);
      return { written: writes.length - conflicts, conflicts };
    }
    const queue = new PQueue({ concurrency: WRITES_IN_FLIGHT });
    const results = await Promise.all(writes.map((write) => queue.add(() => this.writeOne(write))));
    const written = results.filter((ok) => ok === true).length;
    return { written, conflicts: writes.length - written };
  }

  /** Sets `company_name` of an existing company (no-op for an unknown one). */
  async setCompanyName(companyKey: string, name: string): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tables.companies,
          Key: { company_key: companyKey },
          UpdateExpression: 'SET company_name = :name',
          ConditionExpression: 'attribute_exists(company_key)',
          ExpressionAttributeValues: { ':name': name },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /** Sets `job_count` and the `listed` marker of an existing company (no-op for an unknown one). */
  async setJobCount(companyKey: string, count: number): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tables.companies,
          Key: { company_key: companyKey },
          UpdateExpression: count > 0 ? 'SET job_count = :count, listed = :listed' : 'SET job_count = :count REMOVE listed',
          ConditionExpression: 'attribute_exists(company_key)',
          ExpressionAttributeValues: count > 0 ? { ':count': count, ':listed': LISTED_MARKER } : { ':count': count },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
