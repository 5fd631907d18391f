/**
 * DynamoRateLimiter: the RateLimiter port (shared/email/email-ports.ts) as fixed-window counters on the
 * rate_limits table (tables.ts): one item per key and window, `{ id: "<key>#<window start epoch s>",
 * count, expires_at }`, counted with one atomic UpdateItem ADD; items expire by TTL one window
 * after the window ends (DynamoDB deletes expired items within days, and a stale item is never
 * read again because the id names its window).
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateLimiter } from '../../shared/email/email-ports';

export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the rate_limits table. */
    private readonly table: string,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number, at: Date): Promise<{ allowed: boolean; count: number; resetAt: Date }> {
    const nowSeconds = Math.floor(at.getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % windowSeconds);
    const resetSeconds = windowStart + windowSeconds;
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { id: `${key}#${windowStart}` },
        UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':expires': resetSeconds + windowSeconds },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(out.Attributes?.count ?? 1);
    return { allowed: count <= limit, count, resetAt: new Date(resetSeconds * 1000) };
  }
}
