/**
 * The weekly newsletter wired to storage and SES: `createNewsletterService(parts)` →
 * `run({ now, dryRun })`. Used by the scheduled function (handler.ts) and `npm run newsletter`.
 * SES sends go through the digest's sender (lambdas/email/ses-sender.ts: throttling retried
 * with backoff, paced to the configured send rate).
 */
import type { EmailTokens } from '../../shared/email/email-token';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { createSendPacer } from '../email/send-pacer';
import { createSesSender, type SesClientLike } from '../email/ses-sender';
import type { MailConfig } from '../config';
import type { EmailStorage } from '../storage/email-storage';
import { runWeeklyNewsletter, type WeeklyReport } from './weekly-run';

export interface NewsletterServiceParts {
  mail: MailConfig;
  jobs: Pick<JobRepository, 'listOpenSummaries' | 'getMany'>;
  email: Pick<EmailStorage, 'newsletter' | 'suppressions' | 'preferences' | 'events'>;
  tokens: Pick<EmailTokens, 'unsubscribeToken'>;
  ses: SesClientLike;
}

export const createNewsletterService = (parts: NewsletterServiceParts) => ({
  run: (options: { now: Date; dryRun?: boolean }): Promise<WeeklyReport> => {
    const { mail } = parts;
    return runWeeklyNewsletter(
      {
        newsletter: parts.email.newsletter,
        suppressions: parts.email.suppressions,
        preferences: parts.email.preferences,
        ledger: parts.email.events,
        listOpenJobs: async () => parts.jobs.getMany((await parts.jobs.listOpenSummaries()).map(({ company_key, slug_url }) => ({ company_key, slug_url }))),
        tokens: parts.tokens,
        send: createSesSender({ ses: parts.ses, pace: createSendPacer(mail.digest.sendRate), attempts: mail.digest.sendAttempts, baseDelayMs: mail.digest.retryBaseMs }),
        mail,
      },
      options,
    );
  },
});
