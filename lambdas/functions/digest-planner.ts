/**
 * The daily digest's scheduled function (issue 14.8, infra/aws/constructs/alerts.ts): an EventBridge scheduled event
 * (`time`: UTC ISO-8601, shape ../shared/data/aws/events) → the subscribers listed once and
 * queued in batches on the digest queue (lambdas/alerts/digest-planner.ts) for the digest workers
 * (digest-worker.ts), every batch carrying the UTC day and "now" of the event's time.
 * The hourly rule's events carry `cadence: "hourly"`: then the yearly plan's subscribers are
 * queued for the hourly alerts of the event's UTC hour (`day` "YYYY-MM-DDTHH").
 * Returns `{ day, cadence, subscribers, batches }` and logs it.
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
import { hourOf, type DigestCadence } from '../alerts/digest-run';
import { createSqsJsonQueue } from '../crawler/crawl-queue';
import { scheduledChain, type ScheduledEventLike } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { traced } from '../observability/tracer';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** The scheduled event, with the hourly rule's `cadence` (infra/aws/constructs/alerts.ts). */
type PlannerEvent = ScheduledEventLike & { cadence?: unknown };

/** The run's cadence, day (the hour for the hourly run) and "now": the event's time, or the clock's when the event has none. */
const runTime = (event: PlannerEvent | null | undefined, clock: () => Date): { day: string; now: Date; cadence: DigestCadence } => {
  const time = typeof event?.time === 'string' ? Date.parse(event.time) : Number.NaN;
  const now = Number.isNaN(time) ? clock() : new Date(time);
  const cadence: DigestCadence = event?.cadence === 'hourly' ? 'hourly' : 'daily';
  return { day: cadence === 'hourly' ? hourOf(now) : now.toISOString().slice(0, 10), now, cadence };
};

export const createDigestPlanner = (deps: DigestPlannerDeps, logger: Logger, clock: () => Date = () => new Date()) =>
  scheduledChain(
    async (event) => {
      const { day, now, cadence } = runTime(event as PlannerEvent | null | undefined, clock);
      const plan = await planDigestRun(deps, { day, now, cadence });
      logger('info', cadence === 'hourly' ? 'Hourly alerts planned' : 'Daily digest planned', { day, cadence, now: now.toISOString(), ...plan });
      return { day, cadence, ...plan };
    },
    { logger, metrics: createDigestMetrics() },
  );

export const handler = onFirstCall(() => {
  const config = readConfig();
  const queue = readDigestQueueConfig();
  const storage = createStorage(config);
  return createDigestPlanner(
    {
      listSubscriberIds: (cadence) => listDigestSubscriberIds(storage.clients.doc, config.dynamodb.tables.users, cadence),
      queue: createSqsJsonQueue<DigestBatchMessage>(traced(new SQSClient({ region: config.region }))),
      queueUrl: queue.queueUrl,
      batchSize: queue.batchSize,
    },
    createLogger(config.logLevel),
  );
});
