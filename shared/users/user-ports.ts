/**
 * The users context's port: the site's users, implemented by adapters in lambdas/ (DynamoDB)
 * and by in-memory fakes in unit tests.
 */
import type { Department } from '../departments/department';
import type { Identity, Subscription, User } from './user';

/**
 * The users of the site (shared/users/user.ts), keyed by Cognito `sub`.
 * Writes of groups and subscription are conditional on the version the writer read: a stale
 * version throws `ConflictError` (shared/errors.ts) and changes nothing.
 */
export interface UserRepository {
  /** The user, or null when this `sub` never signed in (strongly consistent read). */
  get(userId: string): Promise<User | null>;
  /**
   * Creates the user from verified claims on first sign-in (no groups, no subscription,
   * version 0), or refreshes email and name; groups, subscription and version are kept.
   * `at`: UTC ISO-8601. Returns the stored user.
   */
  upsertFromClaims(identity: Identity, at: string): Promise<User>;
  /**
   * Replaces the alert groups if the stored version is still `expectedVersion`, and bumps it.
   * @throws ConflictError when the version moved on; NotFoundError when there is no such user.
   */
  saveGroups(userId: string, groups: readonly Department[], expectedVersion: number, at: string): Promise<User>;
  /**
   * Replaces the subscription state (payments context) if the stored version is still
   * `expectedVersion`, and bumps it; also keeps `stripe_customer_id` findable.
   * @throws ConflictError when the version moved on; NotFoundError when there is no such user.
   */
  saveSubscription(userId: string, subscription: Subscription | null, expectedVersion: number, at: string): Promise<User>;
  /** The user whose subscription names this Stripe customer, or null (index query). */
  findByStripeCustomerId(customerId: string): Promise<User | null>;
}
