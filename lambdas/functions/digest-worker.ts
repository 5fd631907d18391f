/**
 * The digest worker (AWS, issue 14.8): SQS → Lambda, each message one batch of subscribers
 * (`{ kind: "digest-batch", day, now, user_ids }`, shared/alerts/digest-plan.ts) that gets its
 * digest through the same run as the single scheduled function (lambdas/alerts/digest-service.ts
 * `runBatch`), paced at DIGEST_SEND_RATE: the account's SES rate divided by the worker's reserved
 * concurrency, set so by the CDK (digest-plan.ts `workerSendRate`), so all workers together stay
 * under the account rate.
 *
 * Through the SQS chain (lambdas/events/event-chains.ts, Powertools' batch processing) only the
 * failed messages come back: a body that is not a digest batch, or a batch in which the run could
 * not finish a subscriber (storage or rendering error). A message received again is safe: the
 * ledger lets no second email out for a (subscriber, day) that was claimed, sent or failed.
 * Logs each batch's figures and writes the digest's CloudWatch metrics (digest-metrics.ts).
 */
import type { SQSRecord } from 'aws-lambda';
import { DigestBatchMessageSchema } from '../../shared/alerts/digest-plan';
import { readConfig, readEmailConfig, readMailConfig } from '../config';
import { digestServiceFrom, type DigestService } from '../alerts/digest-service';
import { addDigestMetrics, createDigestMetrics, digestFigures } from '../alerts/digest-metrics';
import { tokenSecretOf } from '../email/token-secret';
import { sqsBatchChain } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export const createDigestWorker = (service: DigestService, logger: Logger) => {
  const metrics = createDigestMetrics();
  const sendBatch = async (record: SQSRecord): Promise<void> => {
    const message = DigestBatchMessageSchema.parse(JSON.parse(record.body));
    const report = await service.runBatch(message);
    addDigestMetrics(metrics, report);
    const figures = digestFigures(report);
    const unfinished = report.unserved.filter((entry) => entry.state === 'error' && !entry.earlier);
    logger(figures.unserved > 0 ? 'warn' : 'info', 'Digest batch', {
      day: message.day,
      run_id: report.run_id,
      message_id: record.messageId,
      batch: message.user_ids.length,
      sent: figures.sent,
      already_sent: report.already_sent,
      unserved: report.unserved.map(({ user_id, state, detail, earlier }) => ({ user_id, state, detail, earlier })),
      elapsed_ms: report.elapsed_ms,
    });
    // Retried later: those not finished get their turn; those served are not sent again (the ledger).
    if (unfinished.length > 0) throw new Error(`${unfinished.length} subscriber(s) of the batch could not be finished`);
  };
  return sqsBatchChain(sendBatch, { logger, metrics });
};

export const handler = onFirstCall(() => {
  const config = readConfig();
  const service = digestServiceFrom(config, readMailConfig(), createStorage(config), tokenSecretOf(readEmailConfig(), config.region));
  return createDigestWorker(service, createLogger(config.logLevel));
});
