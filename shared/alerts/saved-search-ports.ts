/**
 * The saved-search context's ports and stored record, implemented by a DynamoDB adapter in
 * lambdas/storage (saved-search-repository.ts) and by in-memory fakes in unit tests.
 */
import type { Department } from '../departments/department';
import type { SavedSearchFrequency, SavedSearchQuery } from './saved-search';

/**
 * One saved search as stored: owned by `user_id` (the Cognito `sub` of the verified token that
 * created it, never taken from a request). `feed_token` is the random, URL-safe secret of its
 * private feed (at least 32 bytes of randomness), looked up by the feed route. Times UTC ISO-8601.
 */
export interface StoredSavedSearch {
  user_id: string;
  search_id: string;
  name: string;
  search: SavedSearchQuery;
  frequency: SavedSearchFrequency;
  paused: boolean;
  /** The department when made from an alert group (shared/alerts/group-searches.ts), else null. */
  from_group: Department | null;
  feed_token: string;
  created_at: string;
  updated_at: string;
}

/** What `SavedSearchRepository.create` did. */
export type CreateOutcome = 'created' | 'full' | 'exists';

/** A user's saved searches, keyed by (user_id, search_id); a user's list is read by user_id only. */
export interface SavedSearchRepository {
  /** The user's saved searches, oldest first (strongly consistent). */
  list(userId: string): Promise<StoredSavedSearch[]>;
  /** One of the user's saved searches, or null (also when the id is another user's). */
  get(userId: string, searchId: string): Promise<StoredSavedSearch | null>;
  /**
   * Creates a new record unless the user already holds `max` saved searches (null: no limit),
   * counted atomically with the write, so concurrent creates never pass the limit: 'created',
   * 'full', or 'exists' when the user has a record with this id already (nothing written).
   */
  create(search: StoredSavedSearch, max: number | null): Promise<CreateOutcome>;
  /** Replaces an existing record (by user_id and search_id); false when there is none (nothing written). */
  replace(search: StoredSavedSearch): Promise<boolean>;
  /** Deletes one of the user's saved searches (and counts it out); false when the user has none with this id. */
  delete(userId: string, searchId: string): Promise<boolean>;
  /** The saved search whose feed token this is, or null. */
  findByFeedToken(token: string): Promise<StoredSavedSearch | null>;
}

/** Random values the use cases need (node:crypto in lambdas/, counters in tests). */
export interface SavedSearchIds {
  /** A new, URL-safe saved-search id. */
  newId(): string;
  /** A new, unguessable, URL-safe feed token. */
  newFeedToken(): string;
}
