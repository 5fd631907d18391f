/**
 * The latest ECB euro reference rates as one item of the state table:
 * `{ id: 'ecb-rates', date: 'YYYY-MM-DD', per_eur: { USD: 1.0705, ... }, fetched_at: ISO-8601 }`
 * (`per_eur`: units of each currency for 1 EUR, shared/normalise/fx.ts). Written by the daily
 * refresh (lambdas/functions/ecb-rates.ts), read by the crawl workers for `salary_usd_year`.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EcbRates } from '../../shared/normalise/fx';
import { ECB_SNAPSHOT_RATES } from '../../shared/normalise/fx-snapshot';
import type { Clock } from '../../shared/time/clock';

const ECB_RATES_ID = 'ecb-rates';

export class DynamoEcbRates {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the state table. */
    private readonly table: string,
  ) {}

  /** The stored rates, or null when none were stored or the item is not a rates table. */
  async latest(): Promise<EcbRates | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { id: ECB_RATES_ID } }));
    const date: unknown = out.Item?.['date'];
    const perEur: unknown = out.Item?.['per_eur'];
    if (typeof date !== 'string' || !perEur || typeof perEur !== 'object') return null;
    const entries = Object.entries(perEur).filter((entry): entry is [string, number] => /^[A-Z]{3}$/.test(entry[0]) && typeof entry[1] === 'number' && entry[1] > 0);
    return entries.some(([code]) => code === 'USD') ? { date, perEur: Object.fromEntries(entries) } : null;
  }

  /** Stores `rates` (replacing the previous day's) unless the stored ones are of a later ECB date. */
  async put(rates: EcbRates, fetchedAt: string): Promise<void> {
    await this.doc
      .send(
        new PutCommand({
          TableName: this.table,
          Item: { id: ECB_RATES_ID, date: rates.date, per_eur: rates.perEur, fetched_at: fetchedAt },
          ConditionExpression: 'attribute_not_exists(#date) OR #date <= :date',
          ExpressionAttributeNames: { '#date': 'date' },
          ExpressionAttributeValues: { ':date': rates.date },
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return;
        throw error;
      });
  }
}

/**
 * The rates a crawl should use: the stored ones, read at most once per `ttlMs` (default one hour),
 * else the committed snapshot (shared/normalise/fx-snapshot.ts) when none are stored or the
 * read fails (a crawl never fails for want of rates).
 */
export const latestRates = (store: Pick<DynamoEcbRates, 'latest'>, clock: Clock, ttlMs = 3_600_000): (() => Promise<EcbRates>) => {
  // The read in flight is kept, so the records of one SQS batch, crawled at once, share one read.
  let cached: { rates: Promise<EcbRates>; at: number } | null = null;
  return () => {
    const now = clock().getTime();
    if (cached === null || now - cached.at >= ttlMs) {
      cached = { rates: store.latest().then((stored) => stored ?? ECB_SNAPSHOT_RATES, () => ECB_SNAPSHOT_RATES), at: now };
    }
    return cached.rates;
  };
};
