/**
 * The crawl queues on AWS (SQS): `createSqsCrawlQueue(sqs).send(queueUrl, messages)` queues one
 * crawl message (lambdas/crawler/queue-message.ts, JSON) per entry; `createSqsJsonQueue<T>(sqs)`
 * the same for any JSON message (the digest planner's batches, lambdas/alerts/digest-planner.ts), with SendMessageBatch, in
 * chunks of 10 (SQS's limit), 4 chunks in flight; entries SQS refuses are sent once more.
 * Returns the messages SQS refused twice (empty when all were queued).
 * @throws the SDK's error when a SendMessageBatch call itself fails.
 */
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, type SQSClient } from '@aws-sdk/client-sqs';
import PQueue from 'p-queue';
import { chunk } from '../storage/batch';
import type { CrawlMessage } from './queue-message';

/** Queues `messages` (JSON bodies); resolves to those SQS refused twice. */
export interface JsonQueue<Message> {
  send(queueUrl: string, messages: readonly Message[]): Promise<Message[]>;
}
export type CrawlQueue = JsonQueue<CrawlMessage>;

/** SendMessageBatch's limit of entries per call. */
const BATCH = 10;
const CHUNKS_IN_FLIGHT = 4;

const sendChunk = async (sqs: Pick<SQSClient, 'send'>, queueUrl: string, entries: SendMessageBatchRequestEntry[]): Promise<SendMessageBatchRequestEntry[]> => {
  const out = await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
  const failed = new Set((out.Failed ?? []).map((entry) => entry.Id));
  return entries.filter((entry) => failed.has(entry.Id));
};

export const createSqsJsonQueue = <Message>(sqs: Pick<SQSClient, 'send'>): JsonQueue<Message> => ({
  async send(queueUrl, messages) {
    const queue = new PQueue({ concurrency: CHUNKS_IN_FLIGHT });
    const refused: SendMessageBatchRequestEntry[] = [];
    const entries = messages.map((message, index): SendMessageBatchRequestEntry => ({ Id: `m${index}`, MessageBody: JSON.stringify(message) }));
    await Promise.all(
      chunk(entries, BATCH).map((entriesOfChunk) =>
        queue.add(async () => {
          const failedOnce = await sendChunk(sqs, queueUrl, entriesOfChunk);
          if (failedOnce.length > 0) refused.push(...(await sendChunk(sqs, queueUrl, failedOnce)));
        }),
      ),
    );
    return refused.map((entry) => messages[Number(entry.Id!.slice(1))]!);
  },
});

export const createSqsCrawlQueue = (sqs: Pick<SQSClient, 'send'>): CrawlQueue => createSqsJsonQueue<CrawlMessage>(sqs);
