/**
 * The weekly newsletter run: `runWeeklyNewsletter(deps, { now, dryRun })` → a report of who got
 * what. Used by the scheduled function (lambdas/functions/newsletter.ts) and `npm run newsletter`.
 *
 * 1. Recipients: every confirmed sign-up (sparse index query), minus suppressed addresses and
 *    those who unsubscribed from 'weekly-newsletter' (batch reads). Pending sign-ups never get it.
 * 2. Content: shared/newsletter/weekly-selection.ts over the open jobs first seen in the 7 days
 *    before `now`; nothing new → nothing sent.
 * 3. Per recipient, at most once per ISO week: the id "weekly#<YYYY-Www>#<email>" is claimed
 *    (conditional put, email_events table) before sending, so a repeated or concurrent run sends
 *    no second copy; a send that fails after the claim is reported, not resent blindly.
 * Each email has its own unsubscribe token, the list headers and the postal address.
 */
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { EmailAddress } from '../../shared/email/address';
import type { EmailTokens } from '../../shared/email/email-token';
import { NEWSLETTER_LIST } from '../../shared/email/email-actions';
import { unsubscribeUrl } from '../../shared/email/list-unsubscribe';
import type { Job } from '../../shared/jobs/job';
import { selectWeekly } from '../../shared/newsletter/weekly-selection';
import type { EmailPreferencesRepository, NewsletterSubscriberRepository, ProcessedEvents, SuppressionRepository } from '../../shared/email/email-ports';
import type { SendOutcome } from '../email/ses-sender';
import { buildEmailMessage, type MessageSettings } from '../email/email-message';
import { renderWeeklyEmail } from '../email/render-newsletter';

export interface WeeklyRunDeps {
  newsletter: Pick<NewsletterSubscriberRepository, 'listConfirmed'>;
  suppressions: Pick<SuppressionRepository, 'suppressedAmong'>;
  preferences: Pick<EmailPreferencesRepository, 'unsubscribedAmong'>;
  /** The open jobs (full records: first_seen_at, compensation, places). */
  listOpenJobs(): Promise<Job[]>;
  ledger: ProcessedEvents;
  tokens: Pick<EmailTokens, 'unsubscribeToken'>;
  send(input: SendEmailCommandInput): Promise<SendOutcome>;
  mail: MessageSettings & { postalAddress: string };
}

export interface WeeklyReport {
  week: string;
  subject: string | null;
  confirmed: number;
  suppressed: number;
  unsubscribed: number;
  sent: { email: EmailAddress; message_id: string | null }[];
  already_sent: EmailAddress[];
  failed: { email: EmailAddress; error: string }[];
}

/** ISO 8601 week of a UTC instant, e.g. "2026-W03". */
export const isoWeek = (at: Date): string => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
};

export const runWeeklyNewsletter = async (deps: WeeklyRunDeps, options: { now: Date; dryRun?: boolean }): Promise<WeeklyReport> => {
  const week = isoWeek(options.now);
  const confirmed = await deps.newsletter.listConfirmed();
  const [suppressed, unsubscribed] = await Promise.all([deps.suppressions.suppressedAmong(confirmed), deps.preferences.unsubscribedAmong(confirmed, NEWSLETTER_LIST)]);
  const recipients = confirmed.filter((email) => !suppressed.has(email) && !unsubscribed.has(email));
  const report: WeeklyReport = { week, subject: null, confirmed: confirmed.length, suppressed: suppressed.size, unsubscribed: unsubscribed.size, sent: [], already_sent: [], failed: [] };
  const content = selectWeekly(await deps.listOpenJobs(), deps.mail.siteUrl, () => options.now);
  if (content === null) return report;
  report.subject = content.subject;
  for (const email of recipients) {
    if (options.dryRun) {
      report.sent.push({ email, message_id: null });
      continue;
    }
    if (!(await deps.ledger.claim(`weekly#${week}#${email}`, options.now))) {
      report.already_sent.push(email);
      continue;
    }
    try {
      const token = await deps.tokens.unsubscribeToken(email, NEWSLETTER_LIST);
      const rendered = await renderWeeklyEmail({ ...content, siteUrl: deps.mail.siteUrl, unsubscribeUrl: unsubscribeUrl(deps.mail.siteUrl, token), postalAddress: deps.mail.postalAddress });
      const outcome = await deps.send(buildEmailMessage(deps.mail, email, NEWSLETTER_LIST, rendered, token));
      if (outcome.kind === 'sent') report.sent.push({ email, message_id: outcome.messageId });
      else report.failed.push({ email, error: `${outcome.kind}: ${outcome.error}` });
    } catch (error) {
      report.failed.push({ email, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
};
