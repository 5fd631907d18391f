import type { Company } from './companies/company';
import type { Job } from './jobs/job';
import type { JobKey, JobSummary } from './jobs/job-summary';
import type { Department } from './departments/department';
import type { Identity, Subscription, User } from './users/user';

/**
 * The domain's ports: what it needs from storage, implemented by adapters in lambdas/
 * (DynamoDB) and by in-memory fakes in unit tests.
 */

export interface JobRepository {
  /** One job by its site identity, open or closed; null when unknown. */
  get(key: JobKey): Promise<Job | null>;
  /** Full jobs for the given keys, in the order given; unknown keys are left out. */
  getMany(keys: readonly JobKey[]): Promise<Job[]>;
  /** Every job of one company (open and closed). */
  listByCompany(companyKey: string): Promise<Job[]>;
  /** Summaries of every open job, for the search index. */
  listOpenSummaries(): Promise<JobSummary[]>;
  /** Writes jobs as given (insert or replace). */
  putMany(jobs: readonly Job[]): Promise<void>;
}

export interface CompanyRepository {
  get(companyKey: string): Promise<Company | null>;
  /** Companies with at least one open job, by name. */
  listListed(): Promise<Company[]>;
  /** Every company in the registry, listed or not. */
  listAll(): Promise<Company[]>;
  putMany(companies: readonly Company[]): Promise<void>;
}

/**
 * A counter that changes whenever the set of open jobs changes (seed, crawl), so that a
 * long-lived search index knows to rebuild.
 */
export interface CatalogVersion {
  current(): Promise<string>;
  bump(at: string): Promise<void>;
}

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
