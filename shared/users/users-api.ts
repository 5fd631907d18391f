/**
 * The users API's domain functions, one per route. Identity always comes from verified token
 * claims (an `Identity`, built by lambdas/auth/identity.ts); no function takes a user id or an
 * email from the request body.
 *
 * - `registerUser` (`POST /users`): create or refresh the caller from the token → UserView.
 * - `getMe` (`GET /users/me`): the caller's account → UserView; NotFoundError (404) before the
 *   first `POST /users`.
 * - `subscribeToAlerts` (`POST /users/subscribe`): save the caller's alert groups → UserView;
 *   ZodError (400) for a bad body, ForbiddenError (403) without a paid, active subscription,
 *   ConflictError (409) when the account changed since `version` (or since it was read). The
 *   groups are carried by saved searches (shared/alerts/group-searches.ts): with `groupSearches`
 *   the user's group searches are brought in line with the saved groups straight away.
 */
import { ForbiddenError, NotFoundError } from '../errors';
import type { UserRepository } from './user-ports';
import type { Clock } from '../time/clock';
import { SubscribeRequestSchema } from './alert-groups';
import { hasPaidActiveSubscription, type Identity } from './user';
import { toUserView, type UserView } from './user-view';
import { syncGroupSearches, type GroupSyncDeps } from '../alerts/group-searches';
import type { SavedSearchRepository } from '../alerts/saved-search-ports';

export interface UsersDeps {
  users: UserRepository;
  clock: Clock;
  /** The saved searches that carry alert groups (issue 20.2); the lazy sync on read covers their absence. */
  groupSearches?: Omit<GroupSyncDeps, 'clock'> & { searches: GroupSyncDeps['searches'] & Pick<SavedSearchRepository, 'list'> };
}

export const NO_ACCOUNT_MESSAGE = 'No account for this sign-in yet: POST /users first';
export const NOT_PAID_MESSAGE = 'Job alert groups need a paid, active subscription: choose a plan first';

export const registerUser = async (identity: Identity, deps: UsersDeps): Promise<UserView> =>
  toUserView(await deps.users.upsertFromClaims(identity, deps.clock().toISOString()), deps.clock);

export const getMe = async (identity: Identity, deps: UsersDeps): Promise<UserView> => {
  const user = await deps.users.get(identity.user_id);
  if (user === null) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
  return toUserView(user, deps.clock);
};

export const subscribeToAlerts = async (identity: Identity, body: unknown, deps: UsersDeps): Promise<UserView> => {
  const request = SubscribeRequestSchema.parse(body ?? {});
  const user = await deps.users.get(identity.user_id);
  if (user === null) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
  if (!hasPaidActiveSubscription(user, deps.clock)) throw new ForbiddenError(NOT_PAID_MESSAGE);
  const saved = await deps.users.saveGroups(user.user_id, request.groups, request.version ?? user.version, deps.clock().toISOString());
  if (deps.groupSearches !== undefined) {
    await syncGroupSearches(saved, await deps.groupSearches.searches.list(saved.user_id), { ...deps.groupSearches, clock: deps.clock });
  }
  return toUserView(saved, deps.clock);
};
