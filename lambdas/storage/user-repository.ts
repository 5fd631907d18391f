/**
 * DynamoUserRepository: the UserRepository port (shared/users/user-ports.ts) on the users table
 * (lambdas/storage/tables.ts, USERS_TABLE). One item per user, the User fields as they are
 * (shared/users/user.ts) plus a top-level `stripe_customer_id` copied from the subscription, which
 * puts the user into the sparse `by-stripe-customer` index.
 *
 * - `upsertFromClaims`: one UpdateItem that creates the user (version 0, no groups, no
 *   subscription) or refreshes email and name, never touching groups, subscription or version.
 * - `saveGroups` / `saveSubscription`: UpdateItem conditional on `version = expected`, which
 *   then becomes expected + 1; a failed condition throws ConflictError (or NotFoundError when the
 *   user does not exist) and writes nothing.
 * Reads are strongly consistent, so a version read is never older than the last write.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Department } from '../../shared/departments/department';
import { ConflictError, NotFoundError } from '../../shared/errors';
import type { UserRepository } from '../../shared/users/user-ports';
import { UserSchema, type Identity, type Subscription, type User } from '../../shared/users/user';

export const STRIPE_CUSTOMER_INDEX = 'by-stripe-customer';

/** The message a lost race answers with (409). */
export const VERSION_CONFLICT_MESSAGE =
  'Your account was changed elsewhere (another tab or device) since you loaded it: reload to see the current state, then save again.';

const fromItem = (item: Record<string, unknown>): User => {
  const { stripe_customer_id: _indexKey, ...user } = item;
  return UserSchema.parse(user);
};

export class DynamoUserRepository implements UserRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the users table. */
    private readonly table: string,
  ) {}

  async get(userId: string): Promise<User | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { user_id: userId }, ConsistentRead: true }));
    return out.Item === undefined ? null : fromItem(out.Item);
  }

  async upsertFromClaims(identity: Identity, at: string): Promise<User> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { user_id: identity.user_id },
        UpdateExpression:
          'SET email = :email, #name = :name, updated_at = :at, created_at = if_not_exists(created_at, :at), ' +
          '#groups = if_not_exists(#groups, :none), subscription = if_not_exists(subscription, :null), ' +
          '#version = if_not_exists(#version, :zero)',
        ExpressionAttributeNames: { '#name': 'name', '#groups': 'groups', '#version': 'version' },
        ExpressionAttributeValues: { ':email': identity.email, ':name': identity.name, ':at': at, ':none': [], ':null': null, ':zero': 0 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes ?? {});
  }

  saveGroups(userId: string, groups: readonly Department[], expectedVersion: number, at: string): Promise<User> {
    return this.conditionalUpdate(userId, expectedVersion, 'SET #groups = :groups', { '#groups': 'groups' }, { ':groups': [...groups] }, at);
  }

  saveSubscription(userId: string, subscription: Subscription | null, expectedVersion: number, at: string): Promise<User> {
    const customerId = subscription?.stripe_customer_id ?? null;
    return customerId === null
      ? this.conditionalUpdate(userId, expectedVersion, 'SET subscription = :subscription', {}, { ':subscription': subscription }, at, 'REMOVE stripe_customer_id')
      : this.conditionalUpdate(
          userId,
          expectedVersion,
          'SET subscription = :subscription, stripe_customer_id = :customer',
          {},
          { ':subscription': subscription, ':customer': customerId },
          at,
        );
  }

  async findByStripeCustomerId(customerId: string): Promise<User | null> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: STRIPE_CUSTOMER_INDEX,
        KeyConditionExpression: 'stripe_customer_id = :customer',
        ExpressionAttributeValues: { ':customer': customerId },
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    return item === undefined ? null : fromItem(item);
  }

  private async conditionalUpdate(
    userId: string,
    expectedVersion: number,
    set: string,
    names: Record<string, string>,
    values: Record<string, unknown>,
    at: string,
    remove?: string,
  ): Promise<User> {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { user_id: userId },
          UpdateExpression: `${set}, #version = :next, updated_at = :at${remove === undefined ? '' : ` ${remove}`}`,
          ConditionExpression: 'attribute_exists(user_id) AND #version = :expected',
          ExpressionAttributeNames: { ...names, '#version': 'version' },
          ExpressionAttributeValues: { ...values, ':expected': expectedVersion, ':next': expectedVersion + 1, ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(out.Attributes ?? {});
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      if ((await this.get(userId)) === null) throw new NotFoundError('No account for this sign-in yet');
      throw new ConflictError(VERSION_CONFLICT_MESSAGE);
    }
  }
}
