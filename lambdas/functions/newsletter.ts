/**
 * The weekly newsletter's scheduled function (EventBridge, weekly), in the scheduled-event chain
 * (lambdas/events/event-chains.ts): runs createNewsletterService once and
 * logs one summary line; throws when an email could not be sent, so the failure shows in the
 * function's errors alarm (nothing is resent blindly: the week's claims stay).
 */
import { readConfig, readEmailConfig, readMailConfig } from '../config';
import { createSesClient } from '../email/ses-client';
import { createEmailTokens } from '../email/email-tokens';
import { tokenSecretOf } from '../email/token-secret';
import { scheduledChain } from '../events/event-chains';
import { createLogger } from '../observability/log';
import { createNewsletterService } from '../newsletter/newsletter-service';
import { createEmailStorage } from '../storage/email-storage';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export const handler = onFirstCall(() => {
  const config = readConfig();
  const mail = readMailConfig();
  const storage = createStorage(config);
  const service = createNewsletterService({
    mail,
    jobs: storage.jobs,
    email: createEmailStorage(config, storage.clients),
    tokens: createEmailTokens(tokenSecretOf(readEmailConfig(), config.region), () => new Date()),
    ses: createSesClient(mail),
  });
  const logger = createLogger(config.logLevel);
  return scheduledChain(
    async () => {
      const report = await service.run({ now: new Date() });
      logger(report.failed.length > 0 ? 'error' : 'info', 'Weekly newsletter run', {
        week: report.week,
        confirmed: report.confirmed,
        sent: report.sent.length,
        already_sent: report.already_sent.length,
        failed: report.failed.length,
      });
      if (report.failed.length > 0) throw new Error(`Weekly newsletter: ${report.failed.length} email(s) could not be sent`);
    },
    { logger },
  );
});
