/**
 * DynamoEmailPreferencesRepository: the EmailPreferencesRepository port (shared/email/email-ports.ts) on the
 * email_preferences table (tables.ts, EMAIL_PREFERENCES_TABLE): one item per (email, list) the
 * address left, `{ email, list, unsubscribed_at }`. Unsubscribing is a conditional UpdateItem that
 * sets `unsubscribed_at` only when unset (repeat: nothing changes); resubscribing removes it.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmailAddress } from '../../shared/email/address';
import { MAIL_LISTS, type MailList } from '../../shared/email/lists';
import type { EmailPreferencesRepository } from '../../shared/email/email-ports';
import { batchGetAll } from './batch';
import { queryAll } from './paginate';

export class DynamoEmailPreferencesRepository implements EmailPreferencesRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the email_preferences table. */
    private readonly table: string,
  ) {}

  async unsubscribedLists(email: EmailAddress): Promise<MailList[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'email = :email',
      ExpressionAttributeValues: { ':email': email },
      ConsistentRead: true,
    });
    return items
      .filter((item) => typeof item.unsubscribed_at === 'string')
      .map((item) => item.list as MailList)
      .filter((list) => MAIL_LISTS.includes(list));
  }

  async unsubscribedAmong(emails: readonly EmailAddress[], list: MailList): Promise<Set<EmailAddress>> {
    const unique = [...new Set(emails)];
    const items = await batchGetAll(this.doc, this.table, unique.map((email) => ({ email, list })));
    return new Set(items.filter((item) => typeof item.unsubscribed_at === 'string').map((item) => String(item.email)));
  }

  async unsubscribe(email: EmailAddress, list: MailList, at: string): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { email, list },
          UpdateExpression: 'SET unsubscribed_at = :at',
          ConditionExpression: 'attribute_not_exists(unsubscribed_at)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async resubscribe(email: EmailAddress, list: MailList, at: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { email, list },
        UpdateExpression: 'SET resubscribed_at = :at REMOVE unsubscribed_at',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  }
}
