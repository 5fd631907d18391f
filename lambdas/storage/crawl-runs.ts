/**
 * The crawler's records in the state table (tables.ts, STATE_TABLE; the state half of the
 * CrawlStore port, shared/crawl/crawl-store.ts):
 * - one source status per company: `{ id: "crawl-source#<company_key>", ...SourceStatus }`;
 * - the run records: `{ id: "crawl-run#last", ...CrawlRunRecord }`, overwritten by each run,
 *   and `{ id: "crawl-run#<started_at>#<run_id>", ..., expires_at }` kept per run (`expires_at`:
 *   epoch seconds 30 days on, for a TTL where one is enabled).
 *
 * `listSourceStatuses` is a Scan filtered on the id prefix: it serves `npm run crawl -- --report`
 * only, never a request; the table holds one small item per company plus the run records.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CrawlRunRecord } from '../../shared/crawl/crawl-summary';
import type { SourceStatus } from '../../shared/crawl/source-status';
import { scanAll } from './paginate';

export const SOURCE_STATUS_PREFIX = 'crawl-source#';
export const LAST_RUN_ID = 'crawl-run#last';
const RUN_PREFIX = 'crawl-run#';
const RUN_RECORD_DAYS = 30;

const withoutId = <T>(item: Record<string, unknown>): T => {
  const { id: _id, expires_at: _expires, ...rest } = item;
  return rest as T;
};

export class DynamoCrawlRuns {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the state table. */
    private readonly table: string,
  ) {}

  async getSourceStatus(companyKey: string): Promise<SourceStatus | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { id: `${SOURCE_STATUS_PREFIX}${companyKey}` } }));
    return out.Item === undefined ? null : withoutId<SourceStatus>(out.Item);
  }

  async putSourceStatus(status: SourceStatus): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { id: `${SOURCE_STATUS_PREFIX}${status.company_key}`, ...status } }));
  }

  /** Every stored source status, by company_key. */
  async listSourceStatuses(): Promise<SourceStatus[]> {
    const items = await scanAll(this.doc, {
      TableName: this.table,
      FilterExpression: 'begins_with(id, :prefix)',
      ExpressionAttributeValues: { ':prefix': SOURCE_STATUS_PREFIX },
    });
    return items.map((item) => withoutId<SourceStatus>(item)).sort((a, b) => (a.company_key < b.company_key ? -1 : 1));
  }

  async recordRun(run: CrawlRunRecord): Promise<void> {
    const expires = Math.floor(Date.parse(run.finished_at) / 1000) + RUN_RECORD_DAYS * 86_400;
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { id: `${RUN_PREFIX}${run.started_at}#${run.run_id}`, ...run, expires_at: expires } }));
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { id: LAST_RUN_ID, ...run } }));
  }

  async lastRun(): Promise<CrawlRunRecord | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { id: LAST_RUN_ID } }));
    return out.Item === undefined ? null : withoutId<CrawlRunRecord>(out.Item);
  }
}
