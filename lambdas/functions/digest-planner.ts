/**
 * The daily digest's scheduled function (issue 14.8, infra/aws/constructs/alerts.ts): an EventBridge scheduled event
 * (`time`: UTC ISO-8601, shape ../shared/data/aws/events) → the subscribers listed once and
 * queued in batches on the digest queue (lambdas/alerts/digest-planner.ts) for the digest workers
 * (digest-worker.ts), every batch carrying the UTC day and "now" of the event's time.
 * Returns `{ day, subscribers, batches }` and logs it.
 *
 * Invoked asynchronously: Lambda may retry a failed invocation; a retry (or a second plan of the
 * same day) queues the batches again, and the ledger never lets a second copy go out. It fails
 * when subscribers cannot be listed or SQS refuses batches twice.
 * `npm run digest` (infra/local/digest-cli.ts) runs the whole digest in one process;
 * `npm run bench:digest` runs this planner and workers as on AWS.
 *
 * Settings: readConfig (tables), readDigestQueueConfig (DIGEST_QUEUE_URL, DIGEST_BATCH_SIZE).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import type { DigestBatchMessage } from '../../shared/alerts/digest-plan';
import { readConfig, readDigestQueueConfig } from '../config';
import { createDigestMetrics } from '../alerts/digest-metrics';
import { planDigestRun, type DigestPlannerDeps } from '../alerts/digest-planner';
import { listDigestSubscriberIds } from '../alerts/digest-sources';
import { createSqsJsonQueue } from '../crawler/crawl-queue';
import { scheduledChain, type ScheduledEventLike } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { traced } from '../observability/tracer';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** The run's day and "now": the event's time, or the clock's when the event has none. */
const runTime = (event: ScheduledEventLike | null | undefined, clock: () => Date): { day: string; now: Date } => {
  const time = typeof event?.time === 'string' ? Date.parse(event.time) : Number.NaN;
  const now = Number.isNaN(time) ? clock() : new Date(time);
  return { day: now.toISOString().slice(0, 10), now };
};

export const createDigestPlanner = (deps: DigestPlannerDeps, logger: Logger, clock: () => Date = () => new Date()) =>
  scheduledChain(
    async (event) => {
      const { day, now } = runTime(event as ScheduledEventLike | null | undefined, clock);
      const plan = await planDigestRun(deps, { day, now });
      logger('info', 'Daily digest planned', { day, now: now.toISOString(), ...plan });
      return { day, ...plan };
    },
    { logger, metrics: createDigestMetrics() },
  );

export const handler = onFirstCall(() => {
  const config = readConfig();
  const queue = readDigestQueueConfig();
  const storage = createStorage(config);
  return createDigestPlanner(
    {
      listSubscriberIds: () => listDigestSubscriberIds(storage.clients.doc, config.dynamodb.tables.users),
      queue: createSqsJsonQueue<DigestBatchMessage>(traced(new SQSClient({ region: config.region }))),
      queueUrl: queue.queueUrl,
      batchSize: queue.batchSize,
    },
    createLogger(config.logLevel),
  );
});
