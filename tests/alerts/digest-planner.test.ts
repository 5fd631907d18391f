/**
 * The digest planner on DynamoDB Local (tests/support/dynamodb.ts, through stand-in-digest.ts) with a captured queue (an in-memory JsonQueue, the network
 * edge): the day's subscribers are queued in batches with the run's day and time, and the queued
 * batches fed to the worker (SES stand-in) send each subscriber one digest; planning the same day
 * again sends nothing more.
 */
import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { readMailConfig } from '../../lambdas/config';
import { createDigestPlanner } from '../../lambdas/functions/digest-planner';
import { createDigestWorker } from '../../lambdas/functions/digest-worker';
import { listDigestSubscriberIds } from '../../lambdas/alerts/digest-sources';
import { readSesStore } from '../../infra/local/ses-stand-in';
import type { DigestBatchMessage } from '../../shared/alerts/digest-plan';
import { loadCapturedJobs } from './captured-jobs';
import { addPaidSubscriber, digestStandIns, standInDigestService } from './stand-in-digest';

const NOW = '2026-03-10T07:00:00.000Z';
const record = (messageId: string, body: string): SQSRecord => ({ messageId, body, receiptHandle: messageId, attributes: {}, messageAttributes: {} }) as unknown as SQSRecord;

describe('the digest planner', () => {
  const world = digestStandIns();

  it('queues the subscribers in batches, and a second plan of the day sends nothing more', async () => {
    const engineering = (await loadCapturedJobs()).filter((job) => job.department === 'Engineering').slice(0, 3);
    await world.catalog.storage.jobs.putMany(engineering.map((job, i) => ({ ...job, first_seen_at: new Date(Date.parse(NOW) - (i + 1) * 3_600_000).toISOString(), closed_at: null })));
    const ids = ['sub-1', 'sub-2', 'sub-3', 'sub-4', 'sub-5'];
    for (const id of ids) await addPaidSubscriber(world.catalog, { user_id: id, email: `${id}@example.com`, name: id }, ['Engineering']);

    const queued: DigestBatchMessage[] = [];
    const planner = createDigestPlanner(
      {
        listSubscriberIds: (cadence) => listDigestSubscriberIds(world.catalog.storage.clients.doc, world.catalog.config.dynamodb.tables.users, cadence),
        queue: { send: async (_url, messages) => (queued.push(...messages), []) },
        queueUrl: 'https://sqs.us-east-1.amazonaws.com/123456789012/digest',
        batchSize: 2,
      },
      () => undefined,
    );
    const worker = createDigestWorker(standInDigestService(world.catalog, readMailConfig({}, { SES_ENDPOINT: world.ses.endpoint, SITE_URL: 'https://latentjobs.example' })), () => undefined);
    const deliver = async (from: number) => worker({ Records: queued.slice(from).map((message, i) => record(`m${from + i}`, JSON.stringify(message))) });

    expect(await planner({ time: NOW })).toEqual({ day: '2026-03-10', cadence: 'daily', subscribers: 5, batches: 3 });
    expect(queued.map((message) => message.user_ids.length)).toEqual([2, 2, 1]);
    expect(queued.flatMap((message) => message.user_ids).sort()).toEqual(ids);
    expect(queued.every((message) => message.day === '2026-03-10' && message.now === NOW)).toBe(true);
    expect(await deliver(0)).toEqual({ batchItemFailures: [] });
    expect((await readSesStore(world.ses.endpoint)).map((email) => email.destination.to[0]).sort()).toEqual(ids.map((id) => `${id}@example.com`));

    await planner({ time: NOW });
    expect(queued).toHaveLength(6);
    expect(await deliver(3)).toEqual({ batchItemFailures: [] });
    expect(await readSesStore(world.ses.endpoint)).toHaveLength(5);

    // The hourly rule's event: the hour's run, for the yearly plan's subscribers only (none here).
    expect(await planner({ time: NOW, cadence: 'hourly' } as never)).toEqual({ day: '2026-03-10T07', cadence: 'hourly', subscribers: 0, batches: 0 });
  });
});
