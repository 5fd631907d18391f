/**
 * The event chains as an operator meets them: only the failed SQS messages come back to the
 * queue, and every log line of an invocation names the Lambda request, the cold start and the
 * event that caused it. Events: the captured shapes in ../shared/data/aws/events
 * (ScheduledEvent.json: aws/aws-sam-cli, Apache-2.0; sqs_sns-body.json, sns_base.json:
 * aws/aws-lambda-go events/testdata, Apache-2.0).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, SNSEvent, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { createLogger } from '../observability/log';
import { scheduledChain, snsChain, sqsBatchChain } from './event-chains';

const EVENTS = path.join(readConfig({}).sharedDataDir, 'aws', 'events');
const captured = <T>(file: string): T => JSON.parse(readFileSync(path.join(EVENTS, file), 'utf8')) as T;
const context = { awsRequestId: 'lambda-request-1', functionName: 'latent-jobs-test', invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:latent-jobs-test', memoryLimitInMB: '256' } as Context;

/** The JSON lines the function writes on stdout and stderr while `run` runs. */
const linesOf = async (run: () => Promise<unknown>): Promise<Record<string, unknown>[]> => {
  const lines: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const capture = ((chunk: string) => lines.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    await run();
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  return lines.flatMap((line) => line.split('\n')).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
};

describe('the SQS chain', () => {
  const batch = (): SQSEvent => {
    const [record] = captured<SQSEvent>('sqs_sns-body.json').Records;
    return { Records: ['ok-1', 'bad', 'ok-2'].map((body, i) => ({ ...record!, messageId: `message-${i}`, body })) };
  };

  it('sends back only the messages whose handling failed, logging each, and runs its after-batch step', async () => {
    let closed = 0;
    const handle = sqsBatchChain(
      async (record) => {
        if (record.body === 'bad') throw new Error('storage unreachable');
      },
      { logger: createLogger('info'), afterBatch: async () => void (closed += 1) },
    );
    let result: unknown;
    const lines = await linesOf(async () => (result = await handle(batch(), context)));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'message-1' }] });
    expect(closed).toBe(1);
    expect(lines.find((line) => line.message === 'SQS message failed')).toMatchObject({ level: 'ERROR', message_id: 'message-1', function_request_id: 'lambda-request-1' });
  });

  it('answers with every message when all fail, instead of failing the invocation', async () => {
    const handle = sqsBatchChain(
      async () => {
        throw new Error('down');
      },
      { logger: () => undefined },
    );
    expect(await handle(batch(), context)).toEqual({ batchItemFailures: ['message-0', 'message-1', 'message-2'].map((itemIdentifier) => ({ itemIdentifier })) });
  });
});

describe('the scheduled and SNS chains', () => {
  it('tag every line with the Lambda request id and the scheduled event id as correlation id', async () => {
    const logger = createLogger('info');
    const event = captured<{ id: string }>('ScheduledEvent.json');
    const handle = scheduledChain(async () => logger('info', 'scheduled work', { step: 1 }), { logger });
    const [line] = await linesOf(() => handle(event, context));
    expect(line).toMatchObject({ level: 'INFO', message: 'scheduled work', step: 1, function_request_id: 'lambda-request-1', correlation_id: event.id });
    expect(line).toHaveProperty('cold_start');
  });

  it('use the SNS message id as correlation id, and keep no key from one invocation to the next', async () => {
    const logger = createLogger('info');
    const event = captured<SNSEvent>('sns_base.json');
    const handle = snsChain(async () => logger('warn', 'notification', {}), { logger });
    const [line] = await linesOf(() => handle(event, context));
    expect(line).toMatchObject({ level: 'WARN', correlation_id: event.Records[0]!.Sns.MessageId });
    const plain = scheduledChain(async () => logger('info', 'no correlation'), { logger });
    const [next] = await linesOf(() => plain({}, context));
    expect(next).not.toHaveProperty('correlation_id');
  });
});
