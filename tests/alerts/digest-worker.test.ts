/**
 * The digest worker on the real local stand-ins (DynamoDB Local, aws-ses-v2-local): queued
 * batches of subscribers each get their digest; a message that is not a digest batch comes back
 * alone (SQS partial batch failure); the same batch delivered again sends no second email.
 */
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { readMailConfig } from '../../lambdas/config';
import { createDigestWorker } from '../../lambdas/functions/digest-worker';
import { readSesStore } from '../../infra/local/ses-stand-in';
import { planDigestBatches, type DigestBatchMessage } from '../../shared/alerts/digest-plan';
import { loadCapturedJobs } from './captured-jobs';
import { addPaidSubscriber, digestStandIns, standInDigestService } from './stand-in-digest';

const NOW = '2026-03-10T07:00:00.000Z';

const record = (messageId: string, body: string): SQSRecord =>
  ({ messageId, body, receiptHandle: messageId, attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:digest', awsRegion: 'us-east-1' }) as unknown as SQSRecord;

describe('the digest worker', () => {
  const world = digestStandIns();

  it('sends each queued subscriber one digest, once, and returns only the bad message', async () => {
    const engineering = (await loadCapturedJobs()).filter((job) => job.department === 'Engineering').slice(0, 3);
    await world.catalog.storage.jobs.putMany(engineering.map((job, i) => ({ ...job, first_seen_at: new Date(Date.parse(NOW) - (i + 1) * 3_600_000).toISOString(), closed_at: null })));
    const ids = ['sub-1', 'sub-2', 'sub-3'];
    for (const id of ids) await addPaidSubscriber(world.catalog, { user_id: id, email: `${id}@example.com`, name: id }, ['Engineering']);
    const worker = createDigestWorker(standInDigestService(world.catalog, readMailConfig({}, { SES_ENDPOINT: world.ses.endpoint, SITE_URL: 'https://latentjobs.example' })), () => undefined);

    const messages = planDigestBatches([...ids, 'sub-gone'], 2).map((user_ids): DigestBatchMessage => ({ kind: 'digest-batch', day: '2026-03-10', cadence: 'daily', now: NOW, user_ids }));
    const event: SQSEvent = { Records: [...messages.map((message, i) => record(`m${i}`, JSON.stringify(message))), record('bad', '{"kind":"crawl"}')] };
    expect(await worker(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
    const inbox = await readSesStore(world.ses.endpoint);
    expect(inbox.map((email) => email.destination.to[0]).sort()).toEqual(ids.map((id) => `${id}@example.com`));

    expect(await worker({ Records: [record('again', JSON.stringify(messages[0]))] })).toEqual({ batchItemFailures: [] });
    expect(await readSesStore(world.ses.endpoint)).toHaveLength(3);
  });
});
