/**
 * What the digest reads besides its ledger, once per run:
 *
 * - `listDigestSubscribers(doc, usersTable)`: every user whose stored subscription status is
 *   'active' or 'trialing' (a Scan of the users table with a filter, every page, strongly
 *   consistent). The digest is a once-a-day batch over all subscribers, never a request path,
 *   so one paginated Scan is the access pattern (a sparse subscriber index would save read units
 *   once the table holds many unpaid users). Final eligibility (period end, groups, suppression,
 *   unsubscribes) is decided per user by shared/alerts/eligibility.ts.
 * - `listDigestSubscriberIds(doc, usersTable, cadence)`: the same Scan projected to `user_id` (the
 *   planner's listing: a million ids, not a million parsed users); for the hourly alerts, only
 *   subscribers on the yearly plan.
 * - `getDigestSubscribers(doc, usersTable, userIds)`: the users with those ids (BatchGetItem, any
 *   order, missing ones left out): one queued batch of a digest worker (shared/alerts/digest-plan.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UserSchema, type User } from '../../shared/users/user';
import { batchGetAll } from '../storage/batch';
import { scanAll } from '../storage/paginate';

/** The Scan of users whose subscription is active or trialing. */
const SUBSCRIBERS_SCAN = {
  ConsistentRead: true,
  FilterExpression: 'subscription.#status IN (:active, :trialing)',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':active': 'active', ':trialing': 'trialing' },
} as const;

export const listDigestSubscribers = async (doc: DynamoDBDocumentClient, usersTable: string): Promise<User[]> =>
  usersOf(await scanAll(doc, { TableName: usersTable, ...SUBSCRIBERS_SCAN }));

/** Subscribers on the yearly plan: the hourly alerts' listing. */
const HOURLY_SCAN = {
  ...SUBSCRIBERS_SCAN,
  FilterExpression: `${SUBSCRIBERS_SCAN.FilterExpression} AND subscription.#plan = :yearly`,
  ExpressionAttributeNames: { ...SUBSCRIBERS_SCAN.ExpressionAttributeNames, '#plan': 'plan' },
  ExpressionAttributeValues: { ...SUBSCRIBERS_SCAN.ExpressionAttributeValues, ':yearly': 'yearly' },
} as const;

export const listDigestSubscriberIds = async (doc: DynamoDBDocumentClient, usersTable: string, cadence: 'daily' | 'hourly' = 'daily'): Promise<string[]> =>
  (await scanAll(doc, { TableName: usersTable, ...(cadence === 'hourly' ? HOURLY_SCAN : SUBSCRIBERS_SCAN), ProjectionExpression: 'user_id' })).flatMap((item) =>
    typeof item.user_id === 'string' ? [item.user_id] : [],
  );

/** The stored items that parse as users (the table's index key attribute left out). */
const usersOf = (items: readonly Record<string, unknown>[]): User[] =>
  items.flatMap((item) => {
    const { stripe_customer_id: _indexKey, ...rest } = item;
    const parsed = UserSchema.safeParse(rest);
    return parsed.success ? [parsed.data] : [];
  });

export const getDigestSubscribers = async (doc: DynamoDBDocumentClient, usersTable: string, userIds: readonly string[]): Promise<User[]> =>
  usersOf(await batchGetAll(doc, usersTable, [...new Set(userIds)].map((user_id) => ({ user_id }))));
