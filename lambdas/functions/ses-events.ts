/**
 * The SES events function: SES → SNS topic → this Lambda (an SNS subscription of protocol
 * "lambda"), in the SNS chain (lambdas/events/event-chains.ts). Each record is taken in by
 * shared/email/take-in-ses-notification.ts and its outcome counted and logged:
 * - a permanent bounce or a complaint suppresses every recipient at once (suppressions table);
 * - a transient or undetermined bounce, and other event types (Delivery, Send, ...), change nothing;
 * - a duplicate (same SNS MessageId or SES feedbackId seen before, email_events table) changes
 *   nothing more and is logged as such; suppression is idempotent anyway;
 * - a malformed notification, or one from another topic than SES_EVENTS_TOPIC_ARN, changes
 *   nothing and is logged as a warning (not thrown: a retry could never succeed).
 * A storage failure throws, so Lambda's asynchronous retries and then the dead-letter queue keep
 * the event.
 *
 * Authenticity: the function is only reachable by Lambda Invoke, and its resource policy lets
 * only the SES topic (sns.amazonaws.com, SourceArn = the topic) invoke it; there is no HTTP
 * endpoint to forge deliveries to. So the SNS message signature (meant for HTTP/S subscribers,
 * whose checking needs the signing certificate fetched from SigningCertURL) is not verified here.
 *
 * - `handler`: the Lambda entry point (configuration and storage once per cold start).
 * - `createSesEventsHandler(deps)`: the same over given ports (tests).
 * Record shape: ../shared/data/aws/events/sns_base.json (aws-lambda-go events/testdata, Apache-2.0).
 */
import type { SNSEvent } from 'aws-lambda';
import { takeInSesNotification, type SesOutcome, type TakeInSesDeps } from '../../shared/email/take-in-ses-notification';
import { readConfig, readEmailConfig } from '../config';
import { snsChain } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { createEmailStorage } from '../storage/email-storage';
import { onFirstCall } from './on-first-call';

export interface SesEventsDeps extends TakeInSesDeps {
  logger: Logger;
}

export interface SesEventsSummary {
  suppressed: number;
  ignored: number;
  duplicates: number;
  malformed: number;
}

export type SesEventsHandler = (event: SNSEvent) => Promise<SesEventsSummary>;

const MALFORMED_MESSAGE: Record<string, string> = {
  'no Sns.MessageId': 'Malformed SNS record: nothing changed',
  'unexpected topic': 'SNS record from an unexpected topic: nothing changed',
};

/** Counts one record's outcome into `summary` and logs it. */
const report = (outcome: SesOutcome, where: Record<string, unknown>, summary: SesEventsSummary, logger: Logger): void => {
  if (outcome.kind === 'malformed') {
    logger('warn', MALFORMED_MESSAGE[outcome.reason] ?? 'Malformed SES notification: nothing changed', { ...where, reason: outcome.reason });
    summary.malformed += 1;
    return;
  }
  if (outcome.kind === 'ignored') {
    logger('info', 'SES notification that suppresses no one', { ...where, type: outcome.type });
    summary.ignored += 1;
    return;
  }
  const details = { ...where, feedbackId: outcome.feedbackId, recipients: outcome.recipients };
  if (outcome.unreadable.length > 0) logger('warn', 'SES notification names recipients that are not addresses: skipped', { ...where, unreadable: outcome.unreadable });
  if (outcome.kind === 'duplicate') {
    logger('info', 'Duplicate SES notification: nothing changed', { ...details, newlySuppressed: outcome.newlySuppressed });
    summary.duplicates += 1;
  } else if (outcome.kind === 'not_suppressed') {
    logger('info', `SES ${outcome.type} (${outcome.subtype}): not suppressed`, details);
    summary.ignored += 1;
  } else {
    logger('info', `SES ${outcome.type} (${outcome.subtype}): recipients suppressed`, { ...details, newlySuppressed: outcome.newlySuppressed });
  }
  summary.suppressed += outcome.newlySuppressed;
};

export const createSesEventsHandler = (deps: SesEventsDeps): SesEventsHandler =>
  snsChain(
    async (event) => {
      const summary: SesEventsSummary = { suppressed: 0, ignored: 0, duplicates: 0, malformed: 0 };
      const records = Array.isArray(event?.Records) ? event.Records : [];
      if (records.length === 0) {
        deps.logger('warn', 'SES event without SNS records: nothing changed', {});
        summary.malformed += 1;
      }
      for (const record of records) {
        const sns = record?.Sns;
        const delivery = { messageId: typeof sns?.MessageId === 'string' ? sns.MessageId : undefined, topicArn: sns?.TopicArn, message: sns?.Message };
        const outcome = await takeInSesNotification(delivery, deps);
        report(outcome, { snsMessageId: delivery.messageId || undefined, topicArn: delivery.topicArn }, summary, deps.logger);
      }
      return summary;
    },
    { logger: deps.logger },
  );

/** Lambda entry point (SNS subscription, protocol lambda). */
export const handler: SesEventsHandler = onFirstCall(() => {
  const config = readConfig();
  const storage = createEmailStorage(config);
  return createSesEventsHandler({
    suppressions: storage.suppressions,
    events: storage.events,
    clock: () => new Date(),
    logger: createLogger(config.logLevel),
    topicArn: readEmailConfig().sesEventsTopicArn,
  });
});
