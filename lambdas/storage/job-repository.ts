/**
 * DynamoJobRepository: the JobRepository port (shared/jobs/job-ports.ts) on the jobs table
 * (lambdas/storage/tables.ts, JOBS_TABLE).
 *
 * Item shape: the Job (shared/jobs/job.ts) as is, keyed by (company_key, slug_url), plus the
 * sparse attribute `open` = OPEN_MARKER while `closed_at` is null. Only items carrying `open`
 * appear in the `open-by-date` index (partition `open`, sort `date_posted`), so listing open
 * jobs is one Query of that index and a closed job drops out of it when it is written back.
 * No method scans the table.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { JobSchema, type Job } from '../../shared/jobs/job';
import { toJobSummary, type JobKey, type JobSummary } from '../../shared/jobs/job-summary';
import { JOBS_TABLE, OPEN_MARKER } from './tables';
import { batchGetAll, lastPerKey, writeAll, type WriteMode } from './batch';
import { queryAll } from './paginate';

/** The stored form of a job: the Job plus the sparse `open` marker. */
export type JobItem = Job & { open?: typeof OPEN_MARKER };

const OPEN_INDEX = JOBS_TABLE.indexes[0]!.indexName;

const keyString = (key: JobKey): string => `${key.company_key}\u0000${key.slug_url}`;

/** The item written for a job: `open` only while the job is open. */
export const toJobItem = (job: Job): JobItem => (job.closed_at === null ? { ...job, open: OPEN_MARKER } : { ...job });

/** The job an item holds, without the storage-only `open` marker. */
export const fromJobItem = (item: Record<string, unknown>): Job => {
  const { open: _open, ...job } = item;
  return job as Job;
};

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

  /** One Query on the sparse `open-by-date` index, every page; newest `date_posted` first. */
  async listOpenSummaries(): Promise<JobSummary[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      IndexName: OPEN_INDEX,
      KeyConditionExpression: '#open = :open',
      ExpressionAttributeNames: { '#open': 'open' },
      ExpressionAttributeValues: { ':open': OPEN_MARKER },
      ScanIndexForward: false,
    });
    // The index holds exactly the summary's attributes (JOB_SUMMARY_FIELDS), locations as places.
    return items.map((item) => toJobSummary(item as unknown as Job));
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
