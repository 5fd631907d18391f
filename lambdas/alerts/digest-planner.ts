/**
 * The digest planner (issue 14.8): `planDigestRun(deps, { day, now })` lists the subscribers once
 * (digest-sources.ts decides who is one), splits their ids into batches (shared/alerts/digest-plan.ts)
 * and queues one `{ kind: "digest-batch", day, now, user_ids }` message a batch for the digest
 * workers (lambdas/functions/digest-worker.ts). Every message carries the run's day (YYYY-MM-DD
 * UTC) and time (UTC ISO-8601), so planning the same day again only queues batches whose sends
 * the ledger turns into no-ops.
 *
 * Returns `{ subscribers, batches }`.
 * @throws Error when SQS refused some batches twice (so the scheduled invocation is retried),
 * or the listing's or the queue's own error.
 */
import { planDigestBatches, type DigestBatchMessage } from '../../shared/alerts/digest-plan';
import type { JsonQueue } from '../crawler/crawl-queue';

export interface DigestPlannerDeps {
  /** The subscribers of a run (hourly: only the yearly plan's). */
  listSubscriberIds(cadence: DigestBatchMessage['cadence']): Promise<string[]>;
  queue: JsonQueue<DigestBatchMessage>;
  queueUrl: string;
  batchSize: number;
}

export interface DigestPlan {
  subscribers: number;
  batches: number;
}

export const planDigestRun = async (deps: DigestPlannerDeps, run: { day: string; now: Date; cadence?: DigestBatchMessage['cadence'] }): Promise<DigestPlan> => {
  const cadence = run.cadence ?? 'daily';
  const ids = await deps.listSubscriberIds(cadence);
  const messages = planDigestBatches(ids, deps.batchSize).map((user_ids): DigestBatchMessage => ({ kind: 'digest-batch', day: run.day, cadence, now: run.now.toISOString(), user_ids }));
  const refused = await deps.queue.send(deps.queueUrl, messages);
  if (refused.length > 0) throw new Error(`planDigestRun: SQS refused ${refused.length} of ${messages.length} digest batches`);
  return { subscribers: ids.length, batches: messages.length };
};
