/**
 * DynamoSuppressionRepository: the SuppressionRepository port (shared/email/email-ports.ts) on the
 * suppressions table (tables.ts, SUPPRESSIONS_TABLE): one item `{ email, reason, suppressed_at }`
 * per suppressed address. `suppress` is a PutItem conditional on the address not being there
 * yet, so the first reason and time are kept and a repeat changes nothing. Reads are strongly
 * consistent: a bounce recorded a moment ago already stops the next send.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmailAddress } from '../../shared/email/address';
import { SuppressionSchema, type Suppression, type SuppressionReason } from '../../shared/email/suppression';
import type { SuppressionRepository } from '../../shared/email/email-ports';
import { batchGetAll } from './batch';

/** Puts an item unless one with the same key exists; false when it did (nothing written). */
export const putIfAbsent = async (doc: DynamoDBDocumentClient, table: string, item: Record<string, unknown>, keyAttribute: string): Promise<boolean> => {
  try {
    await doc.send(new PutCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(#key)', ExpressionAttributeNames: { '#key': keyAttribute } }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

export class DynamoSuppressionRepository implements SuppressionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the suppressions table. */
    private readonly table: string,
  ) {}

  async get(email: EmailAddress): Promise<Suppression | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { email }, ConsistentRead: true }));
    return out.Item === undefined ? null : SuppressionSchema.parse(out.Item);
  }

  async isSuppressed(email: EmailAddress): Promise<boolean> {
    return (await this.get(email)) !== null;
  }

  async suppressedAmong(emails: readonly EmailAddress[]): Promise<Set<EmailAddress>> {
    const unique = [...new Set(emails)];
    const items = await batchGetAll(this.doc, this.table, unique.map((email) => ({ email })));
    return new Set(items.map((item) => String(item.email)));
  }

  suppress(email: EmailAddress, reason: SuppressionReason, at: string): Promise<boolean> {
    return putIfAbsent(this.doc, this.table, { email, reason, suppressed_at: at }, 'email');
  }
}
