/**
 * DynamoSavedSearchRepository: the SavedSearchRepository port (shared/alerts/saved-search-ports.ts)
 * on the saved_searches table (lambdas/storage/tables.ts, SAVED_SEARCHES_TABLE): one item per saved
 * search, the StoredSavedSearch fields as they are; pk `user_id`, sk `search_id`, so every read
 * and write names the owner's id and can never reach another user's item.
 *
 * - `list`: Query on user_id (strongly consistent), oldest first (the digest reads each
 *   subscriber's so).
 * - `get`, `put`, `delete`: GetItem, PutItem, DeleteItem by (user_id, search_id); delete says
 *   whether there was an item (ReturnValues ALL_OLD).
 * - `findByFeedToken`: Query on the `by-feed-token` index (eventually consistent: a new token
 *   works within a second or so; a replaced one stops as fast).
 * Items that no longer parse are left out of every answer rather than failing it.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { DepartmentSchema } from '../../shared/departments/department';
import { SavedSearchFrequencySchema, type SavedSearchQuery } from '../../shared/alerts/saved-search';
import type { SavedSearchRepository, StoredSavedSearch } from '../../shared/alerts/saved-search-ports';
import { queryAll } from './paginate';

export const FEED_TOKEN_INDEX = 'by-feed-token';

const StoredSchema = z.object({
  user_id: z.string().min(1),
  search_id: z.string().min(1),
  name: z.string(),
  search: z.record(z.string(), z.unknown()),
  frequency: SavedSearchFrequencySchema,
  paused: z.boolean(),
  from_group: DepartmentSchema.nullable(),
  feed_token: z.string().min(1),
  created_at: z.string(),
  updated_at: z.string(),
});

const fromItems = (items: readonly Record<string, unknown>[]): StoredSavedSearch[] =>
  items
    .flatMap((item) => {
      const parsed = StoredSchema.safeParse(item);
      return parsed.success ? [{ ...parsed.data, search: parsed.data.search as SavedSearchQuery }] : [];
    })
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.search_id.localeCompare(b.search_id));

export class DynamoSavedSearchRepository implements SavedSearchRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the saved_searches table. */
    private readonly table: string,
  ) {}

  async list(userId: string): Promise<StoredSavedSearch[]> {
    return fromItems(await queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'user_id = :user', ExpressionAttributeValues: { ':user': userId }, ConsistentRead: true }));
  }

  async get(userId: string, searchId: string): Promise<StoredSavedSearch | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { user_id: userId, search_id: searchId }, ConsistentRead: true }));
    return out.Item === undefined ? null : (fromItems([out.Item])[0] ?? null);
  }

  async put(search: StoredSavedSearch): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...search } }));
  }

  async delete(userId: string, searchId: string): Promise<boolean> {
    const out = await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { user_id: userId, search_id: searchId }, ReturnValues: 'ALL_OLD' }));
    return out.Attributes !== undefined;
  }

  async findByFeedToken(token: string): Promise<StoredSavedSearch | null> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, IndexName: FEED_TOKEN_INDEX, KeyConditionExpression: 'feed_token = :token', ExpressionAttributeValues: { ':token': token }, Limit: 1 }),
    );
    return fromItems(out.Items ?? [])[0] ?? null;
  }
}
