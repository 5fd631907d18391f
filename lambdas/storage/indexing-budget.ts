/**
 * DynamoIndexingBudget: the Indexing API's daily quota (lambdas/crawler/search-engines.ts
 * `IndexingBudget`) as one counter a UTC day in the state table, shared by every crawl worker:
 * item `{ id: "indexing-api#2026-11-26", used }` (about 40 bytes a day; the state table has no
 * TTL). `take(now)` is one conditional UpdateItem adding 1 while `used` is under the quota; false
 * (nothing written) once it is spent.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { INDEXING_DAILY_QUOTA, type IndexingBudget } from '../crawler/search-engines';

export class DynamoIndexingBudget implements IndexingBudget {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the state table. */
    private readonly table: string,
    private readonly quota: number = INDEXING_DAILY_QUOTA,
  ) {}

  async take(now: Date): Promise<boolean> {
    const day = now.toISOString().slice(0, 10);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { id: `indexing-api#${day}` },
          UpdateExpression: 'SET used = if_not_exists(used, :zero) + :one',
          ConditionExpression: 'attribute_not_exists(used) OR used < :quota',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':quota': this.quota },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
