/**
 * The daily digest's scheduled function: an EventBridge scheduled event (`time`: UTC ISO-8601,
 * shape ../shared/data/aws/events) → one digest run for that UTC day, "now" being the event's
 * time. Returns the run's figures; logs a summary and one CloudWatch EMF metrics line
 * (lambdas/alerts/digest-metrics.ts).
 *
 * Invoked asynchronously: Lambda may retry a failed invocation; a retry is safe because the
 * ledger never lets a second copy go out. It only fails (and then retries, then goes to the
 * failure destination) when subscribers or jobs cannot be listed.
 *
 * Settings: readConfig (tables), readMailConfig (SES, sender, rate), readEmailConfig (the token
 * secret: EMAIL_TOKEN_SECRET, or EMAIL_TOKEN_SECRET_ARN read once per cold start).
 */
import { ConfigError, readConfig, readEmailConfig, readMailConfig } from '../config';
import { createDigestService, type DigestService } from '../alerts/digest-service';
import { digestFigures, digestMetricsLine } from '../alerts/digest-metrics';
import { createSesClient } from '../alerts/ses-client';
import { createEmailTokens } from '../email/email-tokens';
import { createLogger, type Logger } from '../http/log';
import { createSecretReader } from '../secrets/secret-string';
import { createEmailStorage } from '../storage/email-storage';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** The part of an EventBridge scheduled event the digest reads. */
export interface ScheduledEventLike {
  time?: string;
}

export const createDigestHandler = (service: DigestService, logger: Logger, clock: () => Date = () => new Date()) => async (event: ScheduledEventLike | null | undefined) => {
  const time = event?.time === undefined ? Number.NaN : Date.parse(event.time);
  const now = Number.isNaN(time) ? clock() : new Date(time);
  const day = now.toISOString().slice(0, 10);
  const report = await service.run({ day, now });
  console.log(JSON.stringify(digestMetricsLine(report, now)));
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
};

export const handler = onFirstCall(() => {
  const config = readConfig();
  const mail = readMailConfig();
  const email = readEmailConfig();
  const logger = createLogger(config.logLevel);
  const secret = email.tokenSecret;
  if (secret === null) throw new ConfigError('Invalid configuration EMAIL_TOKEN_SECRET: set it or EMAIL_TOKEN_SECRET_ARN');
  const readSecret = createSecretReader(config.region);
  const storage = createStorage(config);
  const emailStorage = createEmailStorage(config, storage.clients);
  const service = createDigestService({
    config,
    mail,
    doc: storage.clients.doc,
    jobs: storage.jobs,
    suppressions: emailStorage.suppressions,
    preferences: emailStorage.preferences,
    tokens: createEmailTokens('value' in secret ? secret.value : () => readSecret(secret.secretArn), () => new Date()),
    ses: createSesClient(mail),
  });
  return createDigestHandler(service, logger);
});
