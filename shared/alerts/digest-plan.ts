/**
 * The digest spread over workers (issue 14.8): a planner lists the subscribers once and queues
 * them in batches (one SQS message each); workers each send one batch through the digest run,
 * the ledger (digest-ledger.ts) keeping at most one email per subscriber and day whichever
 * worker or retry gets to a subscriber. Pure.
 *
 * One shared send limit, by arithmetic rather than a shared counter: the worker function's
 * reserved concurrency W caps how many batches run at once, and each worker paces its sends at
 * the account's SES rate R divided by W (`workerSendRate`), so all together never exceed R.
 * Chosen over a token bucket in DynamoDB because it costs no write per email (a bucket is one
 * conditional write per token grant, all on one hot item), and SES throttling answers, should
 * the account rate be lower than configured, are retried with backoff by the sender anyway.
 * What it gives up: when fewer than W batches are left, the rate in use falls below R.
 *
 * - `digestBatchSize(rate, workers, seconds)`: subscribers per batch so that one batch takes
 *   about `seconds` at the worker's rate (at least 1, at most MAX_DIGEST_BATCH);
 * - `planDigestBatches(userIds, size)`: the ids in batches of `size`, in order;
 * - `DigestBatchMessageSchema`: the SQS message body `{ kind: "digest-batch", day, cadence, now,
 *   user_ids }` (day YYYY-MM-DD UTC, or the hour YYYY-MM-DDTHH for the hourly run; now UTC
 *   ISO-8601: the run's time for every batch).
 */
import { z } from 'zod';

/** At most this many subscribers a message (36-character ids: about 20 KB of the 256 KB an SQS message may hold). */
export const MAX_DIGEST_BATCH = 500;

/**
 * Emails per second one worker may send: `accountRate / workers`.
 * @throws Error when either is not positive or workers is not a whole number.
 */
export const workerSendRate = (accountRate: number, workers: number): number => {
  if (!(accountRate > 0)) throw new Error(`workerSendRate: the account rate must be above 0, got ${accountRate}`);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`workerSendRate: workers must be a whole number above 0, got ${workers}`);
  return accountRate / workers;
};

/** e.g. digestBatchSize(100, 10, 300) → 500 (10/s a worker for 300 s would be 3,000: capped). */
export const digestBatchSize = (accountRate: number, workers: number, seconds: number): number =>
  Math.max(1, Math.min(MAX_DIGEST_BATCH, Math.floor(workerSendRate(accountRate, workers) * seconds)));

/** The ids in batches of `size` (the last may be shorter); [] for no ids. @throws Error for a size outside 1..MAX_DIGEST_BATCH. */
export const planDigestBatches = (userIds: readonly string[], size: number): string[][] => {
  if (!Number.isInteger(size) || size < 1 || size > MAX_DIGEST_BATCH) throw new Error(`planDigestBatches: size must be 1-${MAX_DIGEST_BATCH}, got ${size}`);
  const batches: string[][] = [];
  for (let i = 0; i < userIds.length; i += size) batches.push(userIds.slice(i, i + size));
  return batches;
};

export const DigestBatchMessageSchema = z
  .object({
    kind: z.literal('digest-batch'),
    /** The daily digest's day (YYYY-MM-DD), or the hourly run's hour (YYYY-MM-DDTHH), UTC. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2})?$/),
    /** Which run: the daily digest (default) or the yearly plan's hourly alerts. */
    cadence: z.enum(['daily', 'hourly']).default('daily'),
    now: z.iso.datetime(),
    user_ids: z.array(z.string().min(1).max(128)).min(1).max(MAX_DIGEST_BATCH),
  })
  .strict();
export type DigestBatchMessage = z.infer<typeof DigestBatchMessageSchema>;
