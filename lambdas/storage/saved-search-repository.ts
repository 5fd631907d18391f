/**
 * DynamoSavedSearchRepository: the SavedSearchRepository port (shared/alerts/saved-search-ports.ts)
 * on the saved_searches table (lambdas/storage/tables.ts, SAVED_SEARCHES_TABLE): one item per saved
 * search, the StoredSavedSearch fields as they are; pk `user_id`, sk `search_id`, so every read
 * and write names the owner's id and can never reach another user's item.
 *
 * - `list`: Query on user_id (strongly consistent), oldest first (the digest reads each
 *   subscriber's so).
 * - `get`: GetItem by (user_id, search_id); `replace`: PutItem of an existing search only.
 * - `create` and `delete` keep the user's count atomically (issue 20.6): a counter item per user
 *   (sk `#count`, `searches`: how many saved searches the user holds; never a search id, which
 *   SavedSearchIdSchema refuses) is written in ONE TransactWriteItems with the search's put
 *   (condition: no such search yet; counter `searches < max`) or delete (condition: the search
 *   exists; counter decremented), so concurrent creates can never pass the limit. A user without
 *   a counter (searches saved before it existed) gets one on their next create, counted from
 *   their items (conditional put: two first creates cannot both start it). Transactions that
 *   collide (TransactionConflict) are retried.
 * - `findByFeedToken`: Query on the `by-feed-token` index (eventually consistent: a new token
 *   works within a second or so; a replaced one stops as fast).
 * Items that no longer parse are left out of every answer rather than failing it.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { DepartmentSchema } from '../../shared/departments/department';
import { SavedSearchFrequencySchema, type SavedSearchQuery } from '../../shared/alerts/saved-search';
import type { CreateOutcome, SavedSearchRepository, StoredSavedSearch } from '../../shared/alerts/saved-search-ports';
import { queryAll } from './paginate';

export const FEED_TOKEN_INDEX = 'by-feed-token';

/** The sort key of a user's counter item (see the module comment). */
export const COUNT_ITEM_ID = '#count';

/** Attempts of a create or delete whose transaction collided with another on the same user. */
const ATTEMPTS = 12;

/** Why each item of a cancelled transaction failed ('None' when it did not), by position. */
const reasonsOf = (error: TransactionCanceledException): string[] => (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');

/** A short, growing, jittered wait before another attempt (ms). */
const backOff = (attempt: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 6)));

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
    return fromItems(await this.items(userId));
  }

  private async items(userId: string): Promise<Record<string, unknown>[]> {
    return (await queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'user_id = :user', ExpressionAttributeValues: { ':user': userId }, ConsistentRead: true })).filter((item) => item.search_id !== COUNT_ITEM_ID);
  }

  async get(userId: string, searchId: string): Promise<StoredSavedSearch | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { user_id: userId, search_id: searchId }, ConsistentRead: true }));
    return out.Item === undefined ? null : (fromItems([out.Item])[0] ?? null);
  }

  async replace(search: StoredSavedSearch): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...search }, ConditionExpression: 'attribute_exists(search_id)' }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async create(search: StoredSavedSearch, max: number | null): Promise<CreateOutcome> {
    const counterKey = { user_id: search.user_id, search_id: COUNT_ITEM_ID };
    for (let attempt = 0; ; attempt += 1) {
      const counter = (await this.doc.send(new GetCommand({ TableName: this.table, Key: counterKey, ConsistentRead: true }))).Item;
      let counterWrite: Record<string, unknown>;
      if (counter === undefined) {
        // Searches saved before the counter existed: start it from the items, once (conditional put).
        const held = (await this.items(search.user_id)).length;
        if (max !== null && held >= max) return 'full';
        counterWrite = { Put: { TableName: this.table, Item: { ...counterKey, searches: held + 1 }, ConditionExpression: 'attribute_not_exists(search_id)' } };
      } else {
        counterWrite = {
          Update: {
            TableName: this.table,
            Key: counterKey,
            UpdateExpression: 'SET searches = searches + :one',
            ...(max === null ? {} : { ConditionExpression: 'searches < :max' }),
            ExpressionAttributeValues: { ':one': 1, ...(max === null ? {} : { ':max': max }) },
          },
        };
      }
      try {
        await this.doc.send(
          new TransactWriteCommand({
            TransactItems: [{ Put: { TableName: this.table, Item: { ...search }, ConditionExpression: 'attribute_not_exists(search_id)' } }, counterWrite as never],
          }),
        );
        return 'created';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [searchReason, counterReason] = reasonsOf(error);
        if (searchReason === 'ConditionalCheckFailed') return 'exists';
        // The counter was at the limit; or another first create started it meanwhile: read it again.
        if (counterReason === 'ConditionalCheckFailed' && counter !== undefined) return 'full';
        if (attempt + 1 >= ATTEMPTS) throw error;
        await backOff(attempt);
      }
    }
  }

  async delete(userId: string, searchId: string): Promise<boolean> {
    const key = { user_id: userId, search_id: searchId };
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: this.table, Key: key, ConditionExpression: 'attribute_exists(search_id)' } },
              {
                Update: {
                  TableName: this.table,
                  Key: { user_id: userId, search_id: COUNT_ITEM_ID },
                  UpdateExpression: 'SET searches = searches - :one',
                  ConditionExpression: 'searches >= :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const [searchReason, counterReason] = reasonsOf(error);
        if (searchReason === 'ConditionalCheckFailed') return false;
        if (counterReason === 'ConditionalCheckFailed') {
          // No counter yet (searches saved before it existed): the next create counts the items.
          const out = await this.doc.send(new DeleteCommand({ TableName: this.table, Key: key, ReturnValues: 'ALL_OLD' }));
          return out.Attributes !== undefined;
        }
        if (attempt + 1 >= ATTEMPTS) throw error;
        await backOff(attempt);
      }
    }
  }

  async findByFeedToken(token: string): Promise<StoredSavedSearch | null> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, IndexName: FEED_TOKEN_INDEX, KeyConditionExpression: 'feed_token = :token', ExpressionAttributeValues: { ':token': token }, Limit: 1 }),
    );
    return fromItems(out.Items ?? [])[0] ?? null;
  }
}
