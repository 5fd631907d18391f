/**
 * The saved-search use cases (issue 20.2), one per route of `/users/me/searches` and shared
 * with the MCP server: each takes the VERIFIED caller's user id (the token's `sub`, never a value
 * from a request body, path or header) and only ever reads or writes that user's records: an id
 * that is another user's is answered exactly as an unknown one (404), so nothing says it exists.
 *
 * - `listSavedSearches(userId, deps)` → `{ searches }` (oldest first), after bringing the user's
 *   alert-group searches in line with their groups (group-searches.ts: the lazy migration);
 * - `createSavedSearch(userId, body, deps)` → SavedSearch;
 * - `updateSavedSearch(userId, id, body, deps)` → SavedSearch;
 * - `deleteSavedSearch(userId, id, deps)` → void;
 * - `rotateFeedToken(userId, id, deps)` → SavedSearch with new feed URLs (the old ones 404 at once).
 *
 * Errors: ZodError (400 naming the field: `name`, `search.min_salary_usd`, `frequency`, ...);
 * NotFoundError (404) for no account (`POST /users` first) or no such saved search of the caller;
 * ForbiddenError (403) for `hourly` without a paid, active yearly plan; ConflictError (409) at
 * MAX_SAVED_SEARCHES (group searches included), checked atomically with the write by the
 * repository's `create`.
 */
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { JobIndex } from '../search/job-search';
import type { Clock } from '../time/clock';
import type { UserRepository } from '../users/user-ports';
import { hasPaidActiveSubscription, type User } from '../users/user';
import { NO_ACCOUNT_MESSAGE } from '../users/users-api';
import {
  CreateSavedSearchRequestSchema,
  HOURLY_NEEDS_YEARLY_MESSAGE,
  MAX_SAVED_SEARCHES,
  NO_SUCH_SAVED_SEARCH_MESSAGE,
  SavedSearchIdSchema,
  TOO_MANY_SAVED_SEARCHES_MESSAGE,
  UpdateSavedSearchRequestSchema,
  type SavedSearch,
  type SavedSearchFrequency,
  type SavedSearchList,
} from './saved-search';
import type { SavedSearchIds, SavedSearchRepository, StoredSavedSearch } from './saved-search-ports';
import { syncGroupSearches } from './group-searches';
import { runSavedSearch } from './saved-search-matching';
import { savedSearchFeedUrls } from './saved-search-feed';

export interface SavedSearchDeps {
  searches: SavedSearchRepository;
  users: Pick<UserRepository, 'get' | 'saveGroups'>;
  ids: SavedSearchIds;
  clock: Clock;
  /** The site's origin for feed URLs, e.g. "https://latentjobs.example". */
  siteUrl: string;
  /** An index over the open jobs first seen in the last 7 days (for `matched_last_7_days`). */
  recentIndex(): Promise<JobIndex>;
}

/** Whether the user may choose hourly alerts: a paid, active yearly plan. */
export const mayAlertHourly = (user: Pick<User, 'subscription'>, clock: Clock): boolean =>
  hasPaidActiveSubscription(user, clock) && user.subscription?.plan === 'yearly';

const accountOf = async (userId: string, deps: SavedSearchDeps): Promise<User> => {
  const user = await deps.users.get(userId);
  if (user === null) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
  return user;
};

const checkFrequency = (frequency: SavedSearchFrequency | undefined, user: User, deps: SavedSearchDeps): void => {
  if (frequency === 'hourly' && !mayAlertHourly(user, deps.clock)) throw new ForbiddenError(HOURLY_NEEDS_YEARLY_MESSAGE);
};

/** The caller's saved search `id`, or 404 (an id that is not valid, unknown, or another user's). */
const ownSearch = async (userId: string, id: unknown, deps: SavedSearchDeps): Promise<StoredSavedSearch> => {
  const parsed = SavedSearchIdSchema.safeParse(id);
  const found = parsed.success ? await deps.searches.get(userId, parsed.data) : null;
  if (found === null) throw new NotFoundError(NO_SUCH_SAVED_SEARCH_MESSAGE);
  return found;
};

/** The API's view of stored searches, each with its count of matches among the last 7 days' new jobs. */
const viewsOf = async (stored: readonly StoredSavedSearch[], deps: SavedSearchDeps): Promise<SavedSearch[]> => {
  const index = await deps.recentIndex();
  const now = deps.clock();
  const matchedCount = (search: StoredSavedSearch): number => {
    try {
      return runSavedSearch(index, search.search, now).length;
    } catch {
      return 0; // a stored search that no longer parses matches nothing
    }
  };
  return stored.map((search) => {
    const matched = matchedCount(search);
    return {
      id: search.search_id,
      name: search.name,
      search: search.search,
      frequency: search.frequency,
      paused: search.paused,
      from_group: search.from_group,
      created_at: search.created_at,
      updated_at: search.updated_at,
      matched_last_7_days: matched,
      feed: savedSearchFeedUrls(deps.siteUrl, search.feed_token),
    };
  });
};

/** Drops `group` from the user's alert groups (one retry when the account changed meanwhile). */
const dropGroup = async (userId: string, group: string, deps: SavedSearchDeps): Promise<void> => {
  for (let attempt = 0; ; attempt += 1) {
    const user = await accountOf(userId, deps);
    if (!user.groups.includes(group as never)) return;
    try {
      await deps.users.saveGroups(userId, user.groups.filter((name) => name !== group), user.version, deps.clock().toISOString());
      return;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt > 0) throw error;
    }
  }
};

export const listSavedSearches = async (userId: string, deps: SavedSearchDeps): Promise<SavedSearchList> => {
  const user = await accountOf(userId, deps);
  const stored = await syncGroupSearches(user, await deps.searches.list(userId), deps);
  return { searches: await viewsOf(stored, deps) };
};

export const createSavedSearch = async (userId: string, body: unknown, deps: SavedSearchDeps): Promise<SavedSearch> => {
  const request = CreateSavedSearchRequestSchema.parse(body ?? {});
  const user = await accountOf(userId, deps);
  checkFrequency(request.frequency, user, deps);
  // Group searches are brought in first: they count towards the limit.
  await syncGroupSearches(user, await deps.searches.list(userId), deps);
  const at = deps.clock().toISOString();
  const created: StoredSavedSearch = {
    user_id: userId,
    search_id: deps.ids.newId(),
    name: request.name,
    search: request.search,
    frequency: request.frequency,
    paused: false,
    from_group: null,
    feed_token: deps.ids.newFeedToken(),
    created_at: at,
    updated_at: at,
  };
  // The limit is checked with the write, atomically (two concurrent creates cannot both pass it).
  const outcome = await deps.searches.create(created, MAX_SAVED_SEARCHES);
  if (outcome === 'full') throw new ConflictError(TOO_MANY_SAVED_SEARCHES_MESSAGE);
  if (outcome === 'exists') throw new Error(`saved search id ${created.search_id} was already taken`);
  return (await viewsOf([created], deps))[0]!;
};

export const updateSavedSearch = async (userId: string, id: unknown, body: unknown, deps: SavedSearchDeps): Promise<SavedSearch> => {
  const request = UpdateSavedSearchRequestSchema.parse(body ?? {});
  const current = await ownSearch(userId, id, deps);
  if (request.frequency !== undefined) checkFrequency(request.frequency, await accountOf(userId, deps), deps);
  const searchChanged = request.search !== undefined && JSON.stringify(request.search) !== JSON.stringify(current.search);
  const updated: StoredSavedSearch = {
    ...current,
    name: request.name ?? current.name,
    search: request.search ?? current.search,
    frequency: request.frequency ?? current.frequency,
    paused: request.paused ?? current.paused,
    // A group search that now searches something else is the user's own search: its group is dropped.
    from_group: searchChanged ? null : current.from_group,
    updated_at: deps.clock().toISOString(),
  };
  if (!(await deps.searches.replace(updated))) throw new NotFoundError(NO_SUCH_SAVED_SEARCH_MESSAGE);
  if (searchChanged && current.from_group !== null) await dropGroup(userId, current.from_group, deps);
  return (await viewsOf([updated], deps))[0]!;
};

export const deleteSavedSearch = async (userId: string, id: unknown, deps: SavedSearchDeps): Promise<void> => {
  const current = await ownSearch(userId, id, deps);
  if (current.from_group !== null) await dropGroup(userId, current.from_group, deps);
  if (!(await deps.searches.delete(userId, current.search_id))) throw new NotFoundError(NO_SUCH_SAVED_SEARCH_MESSAGE);
};

export const rotateFeedToken = async (userId: string, id: unknown, deps: SavedSearchDeps): Promise<SavedSearch> => {
  const current = await ownSearch(userId, id, deps);
  const updated = { ...current, feed_token: deps.ids.newFeedToken(), updated_at: deps.clock().toISOString() };
  if (!(await deps.searches.replace(updated))) throw new NotFoundError(NO_SUCH_SAVED_SEARCH_MESSAGE);
  return (await viewsOf([updated], deps))[0]!;
};
