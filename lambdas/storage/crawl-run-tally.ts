/**
 * The record of one distributed crawl run on AWS, in the state table (tables.ts, STATE_TABLE):
 * `{ id: "crawl-run#<run_id>", run_id, kind, scheduled_at, dispatched_at, companies_queued,
 *    companies_ok, companies_failing, companies_skipped, jobs_new, jobs_changed, jobs_reopened,
 *    jobs_closed, jobs_seen, counted (string set of company keys), last_finished_at, expires_at }`.
 *
 * The dispatcher opens it (`openRun`: SET only, so a retried dispatch rewrites the same values);
 * each worker adds its company (`countCompany`: ADD, on the condition that the company is not in
 * `counted` yet), so a message delivered twice, or a run dispatched twice, counts each company
 * once. `expires_at` (epoch seconds, 30 days on) is there for a TTL. Times are UTC ISO-8601.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CompanyCrawlResult } from '../../shared/crawl/crawl-summary';

const RUN_DAYS = 30;
const idOf = (runId: string) => `crawl-run#${runId}`;
const expiresAt = (at: string) => Math.floor(Date.parse(at) / 1000) + RUN_DAYS * 86_400;

export interface RunOpening {
  run_id: string;
  kind: string;
  scheduled_at: string;
  dispatched_at: string;
  companies_queued: number;
}

export interface RunTally extends RunOpening {
  companies_ok: number;
  companies_failing: number;
  companies_skipped: number;
  jobs_new: number;
  jobs_changed: number;
  jobs_reopened: number;
  jobs_closed: number;
  /** Open jobs the ok companies listed. */
  jobs_seen: number;
  /** Company keys counted so far. */
  counted: string[];
}

/** Jobs a company's board listed in this run (0 unless it was read in full). */
export const jobsSeen = (result: CompanyCrawlResult): number => (result.outcome === 'ok' ? result.openJobs : 0);

export class DynamoCrawlRunTally {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the state table. */
    private readonly table: string,
  ) {}

  /** Opens (or, dispatched again, rewrites) the run's record; counters are left as they are. */
  async openRun(run: RunOpening): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { id: idOf(run.run_id) },
        UpdateExpression: 'SET run_id = :run, kind = :kind, scheduled_at = :scheduled, companies_queued = :queued, dispatched_at = if_not_exists(dispatched_at, :dispatched), expires_at = :expires',
        ExpressionAttributeValues: {
          ':run': run.run_id,
          ':kind': run.kind,
          ':scheduled': run.scheduled_at,
          ':queued': run.companies_queued,
          ':dispatched': run.dispatched_at,
          ':expires': expiresAt(run.scheduled_at),
        },
      }),
    );
  }

  /**
   * Adds one company's result to the run, once: returns false (and changes nothing) when the
   * company was already counted in this run.
   */
  async countCompany(runId: string, result: CompanyCrawlResult, finishedAt: string): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { id: idOf(runId) },
          UpdateExpression:
            'ADD counted :company, #outcome :one, jobs_new :new, jobs_changed :changed, jobs_reopened :reopened, jobs_closed :closed, jobs_seen :seen SET last_finished_at = :at, expires_at = if_not_exists(expires_at, :expires)',
          ConditionExpression: 'attribute_not_exists(counted) OR NOT contains(counted, :key)',
          ExpressionAttributeNames: { '#outcome': `companies_${result.outcome}` },
          ExpressionAttributeValues: {
            ':company': new Set([result.company_key]),
            ':key': result.company_key,
            ':one': 1,
            ':new': result.counts.new,
            ':changed': result.counts.changed,
            ':reopened': result.counts.reopened,
            ':closed': result.counts.closed,
            ':seen': jobsSeen(result),
            ':at': finishedAt,
            ':expires': expiresAt(finishedAt),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** The run's record, or null. */
  async get(runId: string): Promise<RunTally | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { id: idOf(runId) }, ConsistentRead: true }));
    if (out.Item === undefined) return null;
    const { id: _id, expires_at: _expires, counted, ...rest } = out.Item;
    const number = (key: string) => (typeof rest[key] === 'number' ? (rest[key] as number) : 0);
    return {
      ...(rest as RunOpening),
      companies_ok: number('companies_ok'),
      companies_failing: number('companies_failing'),
      companies_skipped: number('companies_skipped'),
      jobs_new: number('jobs_new'),
      jobs_changed: number('jobs_changed'),
      jobs_reopened: number('jobs_reopened'),
      jobs_closed: number('jobs_closed'),
      jobs_seen: number('jobs_seen'),
      counted: counted instanceof Set ? [...(counted as Set<string>)].sort() : [],
    };
  }
}
