/**
 * DynamoPaymentEventLog: the PaymentEventLog port (shared/payments/payment-ports.ts) on the
 * stripe_events table (lambdas/storage/tables.ts): one item per Stripe event id,
 * `{ event_id, type, created (Stripe epoch s), user_id, outcome, received_at (ISO), expires_at }`,
 * written with a conditional put (`attribute_not_exists(event_id)`), so a replayed event is
 * recorded once. Items expire by TTL after `RETENTION_DAYS` (Stripe retries a delivery for up to
 * three days; a replay after that still changes nothing, by the billing reducer's rule).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PaymentEventLog, ProcessedEvent } from '../../shared/payments/payment-ports';

export const RETENTION_DAYS = 30;

export class DynamoPaymentEventLog implements PaymentEventLog {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the stripe_events table. */
    private readonly table: string,
  ) {}

  async has(eventId: string): Promise<boolean> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { event_id: eventId }, ConsistentRead: true, ProjectionExpression: 'event_id' }));
    return out.Item !== undefined;
  }

  async record(event: ProcessedEvent, at: string): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            event_id: event.id,
            type: event.type,
            created: event.created,
            user_id: event.userId,
            outcome: event.outcome,
            received_at: at,
            expires_at: Math.floor(Date.parse(at) / 1000) + RETENTION_DAYS * 86_400,
          },
          ConditionExpression: 'attribute_not_exists(event_id)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
