/**
 * DynamoJobRepository: the JobRepository port (shared/jobs/job-ports.ts) on the jobs table
 * (lambdas/storage/tables.ts, JOBS_TABLE).
 *
 * Item shape: the Job (shared/jobs/job.ts) as is, keyed by (company_key, slug_url), plus the
 * sparse attribute `open_shard` = "OPEN#k" (`openShardOf`, k < OPEN_SHARDS) while `closed_at` is
 * null. Only items carrying it appear in the `open-by-shard-v1` index (partition `open_shard`,
 * sort `date_posted`), so listing open jobs is one Query per shard, in parallel, and a closed job
 * drops out when it is written back. Items written before the shards may still carry the retired
 * `open` marker instead (until their next write or crawl touch moves them). No method scans the table.
 *
 * The description (sanitised HTML, three quarters of a job's bytes) is stored gzipped, as the
 * binary attribute `description_gz` in place of `description` (`null` stays `description: null`):
 * about 2.4 instead of 5.3 KB for the captured postings, so an item is about 4.1 KB instead of 7.0.
 * DynamoDB charges a write one unit per KB of the whole item, a crawl's `last_seen_at` touch
 * included (README, "Crawling the whole registry every hour"), and the crawl sends and DynamoDB
 * reads fewer bytes. Items written before keep a plain `description` until their next write; both
 * forms read the same.
 */
import { gunzipSync, gzipSync, constants as zlib } from 'node:zlib';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { JobSchema, type Job } from '../../shared/jobs/job';
import { toJobSummary, type JobKey, type JobSummary } from '../../shared/jobs/job-summary';
import { LEGACY_OPEN_INDEX, LEGACY_OPEN_MARKER, OPEN_INDEX, OPEN_SHARD_VALUES, openShardOf } from './tables';
import { batchGetAll, lastPerKey, writeAll, type WriteMode } from './batch';
import { queryAll } from './paginate';

/**
 * The stored form of a job: the Job, its description gzipped (`description_gz`, UTF-8) unless it
 * is null, plus the sparse `open_shard` marker (or, written before the shards, `open`).
 */
export type JobItem = Omit<Job, 'description'> & { description?: null; description_gz?: Uint8Array; open_shard?: string; open?: typeof LEGACY_OPEN_MARKER };

const keyString = (key: JobKey): string => `${key.company_key}\u0000${key.slug_url}`;

/** gzip's fastest level: a description shrinks to 45% at it, to 43% at the default level for about 1.4 times the CPU. */
const GZIP_LEVEL = zlib.Z_BEST_SPEED;

/** The item written for a job: the description gzipped, `open_shard` only while the job is open. */
export const toJobItem = (job: Job): JobItem => {
  const { description, ...rest } = job;
  const item: JobItem = description === null ? { ...rest, description } : { ...rest, description_gz: gzipSync(description, { level: GZIP_LEVEL }) };
  if (job.closed_at === null) item.open_shard = openShardOf(job);
  return item;
};

/** The job an item holds (either description form), without the storage-only markers. */
export const fromJobItem = (item: Record<string, unknown>): Job => {
  const { open: _open, open_shard: _shard, description_gz: packed, ...job } = item;
  if (packed instanceof Uint8Array) job.description = gunzipSync(packed).toString('utf8');
  return job as Job;
};

/**
 * Items a page of the read of every open job asks for (`Limit`). On DynamoDB the 1 MB page cap
 * binds first (about 850 summaries of 1.2 KB). DynamoDB Local without a Limit reads every item
 * left in the partition for each page and keeps the first megabyte, so a listing cost the square
 * of a shard's jobs: 20,000 jobs in one partition took 4.7 s in 23 pages, the first 0.5 s; with
 * this Limit 1.0 s, 33 ms a page (measured 2026-11-27).
 */
const OPEN_PAGE_ITEMS = 800;

/** Newest `date_posted` first; ties by key, so the merged order does not depend on which Query answered first. */
const newestFirst = (a: JobSummary, b: JobSummary): number =>
  a.date_posted < b.date_posted ? 1 : a.date_posted > b.date_posted ? -1 : keyString(a).localeCompare(keyString(b));

export class DynamoJobRepository implements JobRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the jobs table. */
    private readonly table: string,
    /** How putMany writes: BatchWriteItem (default) or TransactWriteItems (faster on DynamoDB Local). */
    private readonly writeMode: WriteMode = 'batch',
  ) {}

  async get(key: JobKey): Promise<Job | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { company_key: key.company_key, slug_url: key.slug_url } }),
    );
    return out.Item === undefined ? null : fromJobItem(out.Item);
  }

  /** BatchGetItem in chunks of 100 (unprocessed keys retried with backoff); result in the keys' order. */
  async getMany(keys: readonly JobKey[]): Promise<Job[]> {
    const distinct = lastPerKey(keys, keyString).map((key) => ({ company_key: key.company_key, slug_url: key.slug_url }));
    const items = await batchGetAll(this.doc, this.table, distinct);
    const byKey = new Map(items.map((item) => [keyString(item as unknown as JobKey), fromJobItem(item)]));
    return keys.flatMap((key) => {
      const job = byKey.get(keyString(key));
      return job === undefined ? [] : [job];
    });
  }

  /** One Query on the table's partition key, every page; jobs in slug order. */
  async listByCompany(companyKey: string): Promise<Job[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'company_key = :company',
      ExpressionAttributeValues: { ':company': companyKey },
    });
    return items.map(fromJobItem);
  }

  /**
   * Every open job's summary: one Query per shard of the sparse `open-by-shard-v1` index, all in
   * parallel, every page, merged newest `date_posted` first; plus (until the deploy that removes
   * it) one Query of the retired `open-by-date` index for jobs not yet moved to a shard. A job
   * found in both (moved between the two reads) is listed once. A summary field added after the
   * index was made is absent here (tables.ts, OPEN_BY_SHARD_V1_FIELDS); the warm index fills it in.
   */
  async listOpenSummaries(): Promise<JobSummary[]> {
    const query = (index: typeof OPEN_INDEX, value: string) =>
      queryAll(this.doc, {
        TableName: this.table,
        IndexName: index.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey.name },
        ExpressionAttributeValues: { ':pk': value },
        ScanIndexForward: false,
        Limit: OPEN_PAGE_ITEMS,
      });
    const pages = await Promise.all([...OPEN_SHARD_VALUES.map((shard) => query(OPEN_INDEX, shard)), query(LEGACY_OPEN_INDEX, LEGACY_OPEN_MARKER)]);
    const byKey = new Map<string, JobSummary>();
    for (const item of pages.flat()) {
      const summary = toJobSummary(item as unknown as Job);
      if (!byKey.has(keyString(summary))) byKey.set(keyString(summary), summary);
    }
    return [...byKey.values()].sort(newestFirst);
  }

  /**
   * Validates every job (JobSchema; throws a ZodError naming the field before anything is
   * written) and writes them with BatchWriteItem, 25 per call. A job listed twice is written
   * once, as its last occurrence.
   */
  async putMany(jobs: readonly Job[]): Promise<void> {
    const valid = jobs.map((job) => JobSchema.parse(job));
    const requests = lastPerKey(valid, keyString).map((job) => ({ PutRequest: { Item: toJobItem(job) } }));
    await writeAll(this.doc, this.table, requests, this.writeMode);
  }
}
