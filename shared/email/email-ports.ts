/**
 * The email context's ports: who may be emailed (suppressions, per-list preferences, newsletter
 * sign-ups), request limits and SES notifications already taken in; implemented by adapters in
 * lambdas/ (DynamoDB) and by in-memory fakes in unit tests.
 */
import type { EmailAddress } from './address';
import type { MailList } from './lists';
import type { ConfirmOutcome, NewsletterSubscription } from './newsletter-subscription';
import type { Suppression, SuppressionReason } from './suppression';

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
