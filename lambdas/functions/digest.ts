/**
 * The daily digest's scheduled function: an EventBridge scheduled event (`time`: UTC ISO-8601,
 * shape ../shared/data/aws/events) → one digest run for that UTC day, "now" being the event's
 * time. Returns the run's figures; logs a summary and writes the run's CloudWatch metrics
 * (lambdas/alerts/digest-metrics.ts) through the scheduled-event chain (lambdas/events/event-chains.ts).
 *
 * Invoked asynchronously: Lambda may retry a failed invocation; a retry is safe because the
 * ledger never lets a second copy go out. It only fails (and then retries, then goes to the
 * failure destination) when subscribers or jobs cannot be listed.
 *
 * Settings: readConfig (tables), readMailConfig (SES, sender, rate), readEmailConfig (the token
 * secret: EMAIL_TOKEN_SECRET, or EMAIL_LINK_KEY_ARN read through lambdas/email/token-secret.ts).
 */
import { readConfig, readEmailConfig, readMailConfig } from '../config';
import { digestServiceFrom, type DigestService } from '../alerts/digest-service';
import { addDigestMetrics, createDigestMetrics, digestFigures } from '../alerts/digest-metrics';
import { tokenSecretOf } from '../email/token-secret';
import { scheduledChain, type ScheduledEventLike } from '../events/event-chains';
import { createLogger, type Logger } from '../http/log';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** The run's day and "now": the event's time, or the clock's when the event has none. */
const runTime = (event: ScheduledEventLike | null | undefined, clock: () => Date): { day: string; now: Date } => {
  const time = typeof event?.time === 'string' ? Date.parse(event.time) : Number.NaN;
  const now = Number.isNaN(time) ? clock() : new Date(time);
  return { day: now.toISOString().slice(0, 10), now };
};

export const createDigestHandler = (service: DigestService, logger: Logger, clock: () => Date = () => new Date()) => {
  const metrics = createDigestMetrics();
  return scheduledChain(
    async (event) => {
      const { day, now } = runTime(event as ScheduledEventLike | null | undefined, clock);
      const report = await service.run({ day, now });
      addDigestMetrics(metrics, report);
      const figures = digestFigures(report);
      logger(figures.unserved > 0 ? 'warn' : 'info', 'Daily digest run', {
        day,
        run_id: report.run_id,
        subscribers: report.subscribers,
        eligible: report.eligible,
        sent: figures.sent,
        nothing_new: report.nothing_new.length,
        already_sent: report.already_sent,
        claimed_elsewhere: report.claimed_elsewhere,
        unserved: report.unserved.map(({ user_id, state, detail, earlier }) => ({ user_id, state, detail, earlier })),
        elapsed_ms: report.elapsed_ms,
      });
      return { day, ...figures, nothing_new: report.nothing_new.length, already_sent: report.already_sent };
    },
    { logger, metrics },
  );
};

export const handler = onFirstCall(() => {
  const config = readConfig();
  const mail = readMailConfig();
  const service = digestServiceFrom(config, mail, createStorage(config), tokenSecretOf(readEmailConfig(), config.region));
  return createDigestHandler(service, createLogger(config.logLevel));
});
