/**
 * DynamoDigestLedger: the DigestLedger port (shared/alerts/digest-ledger.ts) on the digest_ledger
 * table (lambdas/storage/tables.ts, DIGEST_LEDGER_TABLE: pk `user_id`, sk `day`, TTL `expires_at`).
 *
 * - claim: PutItem with `attribute_not_exists(user_id)`: of any number of runs racing for the
 *   same (user, day), exactly one gets true; the others get false and write nothing.
 * - markSent / markFailed: UpdateItem conditional on `#status = claimed AND run_id = :run`, so a
 *   run only ever finishes its own claim and never rewrites a sent entry.
 * - latest: Query on user_id, newest day first, strongly consistent.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DigestLedger, LedgerEntry } from '../../shared/alerts/digest-ledger';

const conditionFailed = (error: unknown): boolean =>
  error instanceof ConditionalCheckFailedException || (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

export class DynamoDigestLedger implements DigestLedger {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the digest_ledger table. */
    private readonly table: string,
  ) {}

  async claim(entry: LedgerEntry): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...entry, status: 'claimed' }, ConditionExpression: 'attribute_not_exists(user_id)' }));
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  }

  markSent(userId: string, day: string, runId: string, messageId: string, at: string): Promise<boolean> {
    return this.finish(userId, day, runId, 'SET #status = :sent, message_id = :message, sent_at = :at', { ':sent': 'sent', ':message': messageId, ':at': at });
  }

  markFailed(userId: string, day: string, runId: string, error: string, maybeSent: boolean, at: string): Promise<boolean> {
    return this.finish(userId, day, runId, 'SET #status = :failed, #error = :error, maybe_sent = :maybe, failed_at = :at', {
      ':failed': 'failed',
      ':error': error.slice(0, 1000),
      ':maybe': maybeSent,
      ':at': at,
    });
  }

  async latest(userId: string, limit: number): Promise<LedgerEntry[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'user_id = :user',
        ExpressionAttributeValues: { ':user': userId },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []) as LedgerEntry[];
  }

  private async finish(userId: string, day: string, runId: string, set: string, values: Record<string, unknown>): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { user_id: userId, day },
          UpdateExpression: set,
          ConditionExpression: '#status = :claimed AND run_id = :run',
          ExpressionAttributeNames: { '#status': 'status', ...(set.includes('#error') ? { '#error': 'error' } : {}) },
          ExpressionAttributeValues: { ...values, ':claimed': 'claimed', ':run': runId },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  }
}
