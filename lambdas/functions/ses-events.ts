/**
 * The SES events function: SES → SNS topic → this Lambda (an SNS subscription of protocol
 * "lambda"). For each record:
 * - a permanent bounce or a complaint suppresses every recipient at once (suppressions table);
 * - a transient or undetermined bounce, and other event types (Delivery, Send, ...), change nothing;
 * - a duplicate (same SNS MessageId or SES feedbackId seen before, email_events table) changes
 *   nothing more and is logged as such; suppression is idempotent anyway;
 * - a malformed notification, or one from another topic than SES_EVENTS_TOPIC_ARN, changes
 *   nothing and is logged (not thrown: a retry could never succeed).
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
import { readSesNotification } from '../../shared/email/ses-notification';
import type { ProcessedEvents, SuppressionRepository } from '../../shared/ports';
import type { Clock } from '../../shared/time/clock';
import { readConfig, readEmailConfig } from '../config';
import { createLogger, type Logger } from '../http/log';
import { createEmailStorage } from '../storage/email-storage';
import { onFirstCall } from './on-first-call';

export interface SesEventsDeps {
  suppressions: Pick<SuppressionRepository, 'suppress'>;
  events: ProcessedEvents;
  clock: Clock;
  logger: Logger;
  /** When set, records from any other topic are refused. */
  topicArn: string | undefined;
}

export interface SesEventsSummary {
  suppressed: number;
  ignored: number;
  duplicates: number;
  malformed: number;
}

export type SesEventsHandler = (event: SNSEvent) => Promise<SesEventsSummary>;

export const createSesEventsHandler = (deps: SesEventsDeps): SesEventsHandler => async (event) => {
  const summary: SesEventsSummary = { suppressed: 0, ignored: 0, duplicates: 0, malformed: 0 };
  const records = Array.isArray(event?.Records) ? event.Records : [];
  if (records.length === 0) {
    deps.logger('warn', 'SES event without SNS records: nothing changed', {});
    summary.malformed += 1;
  }
  for (const record of records) {
    const sns = record?.Sns;
    const messageId = typeof sns?.MessageId === 'string' && sns.MessageId !== '' ? sns.MessageId : undefined;
    const where = { snsMessageId: messageId, topicArn: sns?.TopicArn };
    if (sns === undefined || messageId === undefined) {
      deps.logger('warn', 'Malformed SNS record: nothing changed', { ...where, reason: 'no Sns.MessageId' });
      summary.malformed += 1;
      continue;
    }
    if (deps.topicArn !== undefined && sns.TopicArn !== deps.topicArn) {
      deps.logger('warn', 'SNS record from an unexpected topic: nothing changed', where);
      summary.malformed += 1;
      continue;
    }
    const feedback = readSesNotification(sns.Message);
    if (feedback.kind === 'malformed') {
      deps.logger('warn', 'Malformed SES notification: nothing changed', { ...where, reason: feedback.reason });
      summary.malformed += 1;
      continue;
    }
    if (feedback.kind === 'ignored') {
      deps.logger('info', 'SES notification that suppresses no one', { ...where, type: feedback.type });
      summary.ignored += 1;
      continue;
    }
    // Suppress first (idempotent: the first reason and time are kept), then record the ids: a
    // storage failure in between is retried by Lambda without losing the suppression.
    const at = deps.clock();
    let changed = 0;
    if (feedback.suppress !== null) {
      for (const email of feedback.recipients) if (await deps.suppressions.suppress(email, feedback.suppress, at.toISOString())) changed += 1;
    }
    const firstDelivery = await deps.events.claim(`sns#${messageId}`, at);
    const firstFeedback = await deps.events.claim(`ses#${feedback.feedbackId}`, at);
    const details = { ...where, feedbackId: feedback.feedbackId, recipients: feedback.recipients.length };
    if (feedback.unreadable.length > 0) deps.logger('warn', 'SES notification names recipients that are not addresses: skipped', { ...where, unreadable: feedback.unreadable });
    if (!firstDelivery || !firstFeedback) {
      deps.logger('info', 'Duplicate SES notification: nothing changed', { ...details, newlySuppressed: changed });
      summary.duplicates += 1;
    } else if (feedback.suppress === null) {
      deps.logger('info', `SES ${feedback.type} (${feedback.subtype}): not suppressed`, details);
      summary.ignored += 1;
    } else {
      deps.logger('info', `SES ${feedback.type} (${feedback.subtype}): recipients suppressed`, { ...details, newlySuppressed: changed });
    }
    summary.suppressed += changed;
  }
  return summary;
};

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
