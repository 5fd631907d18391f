import type { Company } from './companies/company';
import type { Job } from './jobs/job';
import type { JobKey, JobSummary } from './jobs/job-summary';
import type { Department } from './departments/department';
import type { Identity, Subscription, User } from './users/user';
import type { EmailAddress } from './email/address';
import type { MailList } from './email/lists';
import type { ConfirmOutcome, NewsletterSubscription } from './email/newsletter-subscription';
import type { Suppression, SuppressionReason } from './email/suppression';

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

/**
 * Addresses that must never be mailed again (permanent bounces, complaints), for every list.
 * Addresses are normalised (shared/email/address.ts). Suppressing is idempotent: the first
 * reason and time are kept.
 */
export interface SuppressionRepository {
  isSuppressed(email: EmailAddress): Promise<boolean>;
  /** The suppressed ones among `emails` (batch read; any number of addresses). */
  suppressedAmong(emails: readonly EmailAddress[]): Promise<Set<EmailAddress>>;
  /** Suppresses `email` from `at` (UTC ISO-8601). Returns false when it already was (nothing changed). */
  suppress(email: EmailAddress, reason: SuppressionReason, at: string): Promise<boolean>;
  get(email: EmailAddress): Promise<Suppression | null>;
}

/**
 * Per-list unsubscribes (EmailPreferences): which lists an address left. Unsubscribing is
 * idempotent (the first time is kept); only a new confirmed opt-in (resubscribe) undoes it.
 */
export interface EmailPreferencesRepository {
  /** The lists `email` unsubscribed from. */
  unsubscribedLists(email: EmailAddress): Promise<MailList[]>;
  /** The addresses among `emails` that unsubscribed from `list` (batch read). */
  unsubscribedAmong(emails: readonly EmailAddress[], list: MailList): Promise<Set<EmailAddress>>;
  /** Unsubscribes `email` from `list` at `at`. Returns false when it already was (nothing changed). */
  unsubscribe(email: EmailAddress, list: MailList, at: string): Promise<boolean>;
  /** Undoes an unsubscribe after a new confirmed opt-in. */
  resubscribe(email: EmailAddress, list: MailList, at: string): Promise<void>;
}

/** Weekly-newsletter sign-ups (shared/email/newsletter-subscription.ts). */
export interface NewsletterSubscriberRepository {
  get(email: EmailAddress): Promise<NewsletterSubscription | null>;
  /**
   * Records a pending sign-up with `nonce`, unless the address is already confirmed and
   * `replaceConfirmed` is false (then nothing changes and the stored sign-up is returned).
   * `replaceConfirmed`: a confirmed address that unsubscribed signs up again.
   */
  requestSignUp(email: EmailAddress, nonce: string, at: string, replaceConfirmed?: boolean): Promise<NewsletterSubscription>;
  /**
   * Confirms the pending sign-up whose nonce is `nonce` (one conditional write): a used,
   * replaced or unknown nonce changes nothing.
   */
  confirm(email: EmailAddress, nonce: string, at: string): Promise<ConfirmOutcome>;
  /** Every confirmed address, by address (index query, no scan). */
  listConfirmed(): Promise<EmailAddress[]>;
}

/** Fixed-window request counters (rate limits). */
export interface RateLimiter {
  /**
   * Counts one hit on `key` in the window of `windowSeconds` that holds `at` and says whether
   * it is within `limit` (the hit that goes over is counted, and refused).
   */
  hit(key: string, limit: number, windowSeconds: number, at: Date): Promise<{ allowed: boolean; count: number; resetAt: Date }>;
}

/** Ids of notifications already taken in (SES events through SNS), so a redelivery changes nothing. */
export interface ProcessedEvents {
  /** Records `id`; false when it was already there. */
  claim(id: string, at: Date): Promise<boolean>;
}
