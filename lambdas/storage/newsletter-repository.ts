/**
 * DynamoNewsletterSubscriberRepository: the NewsletterSubscriberRepository port (shared/email/email-ports.ts)
 * on the newsletter_subscribers table (tables.ts): one item per address,
 * `{ email, status, nonce, requested_at, confirmed_at, confirmed? }`; confirmed sign-ups carry
 * `confirmed = CONFIRMED_MARKER`, which puts them into the sparse `confirmed-by-email` index
 * the weekly send queries (no scan).
 *
 * - `requestSignUp`: UpdateItem conditional on the sign-up not being confirmed (unless
 *   `replaceConfirmed`): sets status pending, the nonce and requested_at; a confirmed one is left as it is.
 * - `confirm`: UpdateItem conditional on `status = pending AND nonce = :nonce`; a used or
 *   replaced nonce (replayed link) changes nothing.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EmailAddress } from '../../shared/email/address';
import { NewsletterSubscriptionSchema, type ConfirmOutcome, type NewsletterSubscription } from '../../shared/email/newsletter-subscription';
import type { NewsletterSubscriberRepository } from '../../shared/email/email-ports';
import { queryAll } from './paginate';
import { CONFIRMED_MARKER } from './tables';

export const CONFIRMED_INDEX = 'confirmed-by-email';

const fromItem = (item: Record<string, unknown>): NewsletterSubscription => {
  const { confirmed: _indexKey, ...rest } = item;
  return NewsletterSubscriptionSchema.parse(rest);
};

export class DynamoNewsletterSubscriberRepository implements NewsletterSubscriberRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the newsletter_subscribers table. */
    private readonly table: string,
  ) {}

  async get(email: EmailAddress): Promise<NewsletterSubscription | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { email }, ConsistentRead: true }));
    return out.Item === undefined ? null : fromItem(out.Item);
  }

  async requestSignUp(email: EmailAddress, nonce: string, at: string, replaceConfirmed = false): Promise<NewsletterSubscription> {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { email },
          UpdateExpression: 'SET #status = :pending, nonce = :nonce, requested_at = :at, confirmed_at = :null REMOVE confirmed',
          ...(replaceConfirmed ? {} : { ConditionExpression: 'attribute_not_exists(email) OR #status <> :confirmed' }),
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending', ':nonce': nonce, ':at': at, ':null': null, ...(replaceConfirmed ? {} : { ':confirmed': 'confirmed' }) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(out.Attributes ?? {});
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const stored = await this.get(email);
      if (stored === null) throw error;
      return stored;
    }
  }

  async confirm(email: EmailAddress, nonce: string, at: string): Promise<ConfirmOutcome> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { email },
          UpdateExpression: 'SET #status = :confirmed, confirmed_at = :at, confirmed = :marker, nonce = :null',
          ConditionExpression: '#status = :pending AND nonce = :nonce',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':confirmed': 'confirmed', ':pending': 'pending', ':nonce': nonce, ':at': at, ':marker': CONFIRMED_MARKER, ':null': null },
        }),
      );
      return 'confirmed';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return (await this.get(email))?.status === 'confirmed' ? 'already-confirmed' : 'not-pending';
    }
  }

  async listConfirmed(): Promise<EmailAddress[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      IndexName: CONFIRMED_INDEX,
      KeyConditionExpression: 'confirmed = :marker',
      ExpressionAttributeValues: { ':marker': CONFIRMED_MARKER },
      ProjectionExpression: 'email',
    });
    return items.map((item) => String(item.email));
  }
}
