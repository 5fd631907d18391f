/**
 * The mailing lists Latent Jobs sends, each with the RFC 2919 `List-Id` its messages carry:
 * - 'daily-digest': the paid daily job alerts (issue 6, lambdas/alerts);
 * - 'weekly-newsletter': the free weekly newsletter, double opt-in (lambdas/newsletter).
 * Unsubscribing is per list; suppression (bounces, complaints) covers every list.
 */
import { z } from 'zod';

export const MAIL_LISTS = ['daily-digest', 'weekly-newsletter'] as const;
export type MailList = (typeof MAIL_LISTS)[number];
export const MailListSchema = z.enum(MAIL_LISTS, { error: `must be one of ${MAIL_LISTS.join(', ')}` });

/** Human names, for subjects and the unsubscribe pages. */
export const MAIL_LIST_NAMES: Readonly<Record<MailList, string>> = {
  'daily-digest': 'Latent Jobs daily job alerts',
  'weekly-newsletter': 'Latent Jobs weekly newsletter',
};

/**
 * The `List-Id` header value for a list (RFC 2919: "phrase <list-label.list-id-namespace>"), e.g.
 * listId('daily-digest', 'latentjobs.example') → 'Latent Jobs daily job alerts <daily-digest.latentjobs.example>'.
 * `domain`: a domain we control (the site's host name).
 */
export const listId = (list: MailList, domain: string): string => `${MAIL_LIST_NAMES[list]} <${list}.${domain}>`;
