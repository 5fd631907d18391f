/**
 * Alert groups as saved searches (issue 20.2): the original product's alert groups (department
 * names chosen with `POST /users/subscribe`, kept on the user as `groups`) are carried by one saved
 * search per group, `{ departments: [group] }`, daily, marked `from_group`. `groups` stays the
 * source of truth for which group searches exist:
 *
 * - `syncGroupSearches` makes a user's group searches agree with `groups` (creates the missing
 *   ones, deletes those of groups no longer chosen) and answers the user's searches after it. It
 *   is the migration, run lazily wherever saved searches are read for a user (the dashboard's
 *   `GET /users/me/searches` and the digest), so a subscriber of the group era keeps every alert
 *   without a one-off step; and `POST /users/subscribe` runs it after saving groups.
 * - Deleting a group search, or changing what it searches, drops its group from `groups`
 *   (saved-searches-api.ts), so the next sync does not bring it back.
 *
 * Group search ids are fixed per department (`group-data-science`), so two syncs racing create
 * one record, never two (the second finds it 'exists'). Group searches count towards the user's
 * saved searches but are made whatever the count: a chosen group is never silently lost.
 */
import type { Department } from '../departments/department';
import type { Clock } from '../time/clock';
import type { SavedSearchIds, SavedSearchRepository, StoredSavedSearch } from './saved-search-ports';

/** The id of a group's saved search, e.g. "group-data-science". */
export const groupSearchId = (group: Department): string => `group-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The saved search standing for an alert group, created at `at` (UTC ISO-8601). */
export const groupSearch = (userId: string, group: Department, feedToken: string, at: string): StoredSavedSearch => ({
  user_id: userId,
  search_id: groupSearchId(group),
  name: group,
  search: { departments: [group] },
  frequency: 'daily',
  paused: false,
  from_group: group,
  feed_token: feedToken,
  created_at: at,
  updated_at: at,
});

export interface GroupSyncDeps {
  searches: Pick<SavedSearchRepository, 'create' | 'delete'>;
  ids: Pick<SavedSearchIds, 'newFeedToken'>;
  clock: Clock;
}

/**
 * Makes `stored` (the user's saved searches, oldest first) agree with `groups`: see the module
 * comment. Answers the user's saved searches afterwards, oldest first (new group searches last,
 * in the groups' order). Writes nothing when they already agree.
 */
export const syncGroupSearches = async (
  user: { user_id: string; groups: readonly Department[] },
  stored: readonly StoredSavedSearch[],
  deps: GroupSyncDeps,
): Promise<StoredSavedSearch[]> => {
  const wanted = new Set(user.groups);
  const stale = stored.filter((search) => search.from_group !== null && !wanted.has(search.from_group));
  const present = new Set(stored.flatMap((search) => (search.from_group === null ? [] : [search.from_group])));
  const at = deps.clock().toISOString();
  const added = user.groups.filter((group) => !present.has(group)).map((group) => groupSearch(user.user_id, group, deps.ids.newFeedToken(), at));
  await Promise.all([...stale.map((search) => deps.searches.delete(user.user_id, search.search_id)), ...added.map((search) => deps.searches.create(search, null))]);
  return [...stored.filter((search) => !stale.includes(search)), ...added];
};
