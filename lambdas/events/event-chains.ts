/**
 * The one middy chain per kind of event that is not HTTP (HTTP's is lambdas/http/http-handler.ts).
 * Each starts with the observability middlewares (lambdas/observability/observe.ts: Powertools'
 * logger context with a correlation id, X-Ray, EMF metrics written at the end) and then calls
 * the function's one translating handler:
 *
 * - `scheduledChain`: an EventBridge scheduled event (shape aws/aws-sam-cli@fe8f8dbb
 *   ScheduledEvent.json, copy in ../shared/data/aws/events/); correlation id = the event's `id`.
 * - `snsChain`: an SNS delivery (protocol lambda; shape aws-lambda-go events/testdata
 *   sns_base.json); correlation id = the first record's `Sns.MessageId`.
 * - `sqsBatchChain`: an SQS batch with partial batch failures (Powertools' BatchProcessor: records
 *   handled at once, the result `{ batchItemFailures: [{ itemIdentifier }] }` lists the records
 *   whose handler threw, each logged as an error; the event source mapping needs
 *   ReportBatchItemFailures); correlation id = the first record's `messageId`. `afterBatch`
 *   runs after every batch, failed or not.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import middy from '@middy/core';
import type { Context, SNSEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { describeError } from '../observability/log';
import { observe, type ObserveOptions } from '../observability/observe';

export type ChainOptions = Omit<ObserveOptions<never>, 'correlationId'>;

/** The part of an EventBridge scheduled event the scheduled functions read. */
export interface ScheduledEventLike {
  id?: string;
  time?: string;
  detail?: unknown;
}

/** A Lambda handler; the context is optional so tests and local tools can call it directly. */
export type EventHandler<Event, Result> = (event: Event, context?: Context) => Promise<Result>;

const textOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The chain of a scheduled function around `handle`, which gets the event as sent (checked by its own schema). */
export const scheduledChain = <Result>(handle: (event: unknown) => Promise<Result>, options: ChainOptions): EventHandler<unknown, Result> =>
  middy<unknown, Result>()
    .use(observe<unknown, Result>({ ...options, correlationId: (event) => textOrUndefined((event as ScheduledEventLike | null)?.id) }))
    .handler((event) => handle(event)) as EventHandler<unknown, Result>;

/** The chain of an SNS-subscribed function around `handle`. */
export const snsChain = <Result>(handle: (event: SNSEvent) => Promise<Result>, options: ChainOptions): EventHandler<SNSEvent, Result> =>
  middy<SNSEvent, Result>()
    .use(observe<SNSEvent, Result>({ ...options, correlationId: (event) => textOrUndefined(event?.Records?.[0]?.Sns?.MessageId) }))
    .handler((event) => handle(event)) as EventHandler<SNSEvent, Result>;

export interface SqsBatchOptions extends ChainOptions {
  /** Runs after every batch (the career-page worker closes Chromium). */
  afterBatch?: (() => Promise<void>) | undefined;
}

/** The chain of an SQS worker: `handleRecord` per message; throwing sends that message back to the queue. */
export const sqsBatchChain = (handleRecord: (record: SQSRecord) => Promise<void>, options: SqsBatchOptions): EventHandler<SQSEvent, SQSBatchResponse> => {
  const logged = async (record: SQSRecord): Promise<void> => {
    try {
      await handleRecord(record);
    } catch (error) {
      options.logger('error', 'SQS message failed', { message_id: record.messageId, receive_count: record.attributes?.ApproximateReceiveCount, error: describeError(error) });
      throw error;
    }
  };
  return middy<SQSEvent, SQSBatchResponse>()
    .use(observe<SQSEvent, SQSBatchResponse>({ ...options, correlationId: (event) => textOrUndefined(event?.Records?.[0]?.messageId) }))
    .handler(async (event, context) => {
      try {
        return await processPartialResponse(event, logged, new BatchProcessor(EventType.SQS), { context, throwOnFullBatchFailure: false });
      } finally {
        await options.afterBatch?.();
      }
    }) as EventHandler<SQSEvent, SQSBatchResponse>;
};
