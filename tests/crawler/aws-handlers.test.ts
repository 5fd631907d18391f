/**
 * The crawler's AWS handlers on real events against DynamoDB Local:
 * - the dispatcher, given an EventBridge scheduled event (shape: aws/aws-sam-cli@fe8f8dbb
 *   ScheduledEvent.json, copy in ../shared/data/aws/events/ScheduledEvent.json), queues one
 *   message per company of the kind through the real SQS client to a local SQS stand-in at the
 *   network edge (AWS JSON 1.0 protocol, SendMessageBatch);
 * - the worker, given an SQS event (shape: aws-powertools/powertools-lambda-typescript@1e5fe1b4
 *   tests/events/sqs_sns-body.json, copy in ../shared/data/aws/events/sqs_sns-body.json), crawls
 *   companies from the fixture server (real Ashby captures: stapply-ai/ats-scrapers@43ece6fd:
 *   ashby/companies/worldlabs.json) into an isolated catalog and reports the failed messages.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Crawler } from '../../lambdas/crawler/crawler';
import { createSqsCrawlQueue } from '../../lambdas/crawler/crawl-queue';
import type { CrawlMessage } from '../../lambdas/crawler/queue-message';
import { createCrawlDispatcher, DispatchError } from '../../lambdas/functions/crawl-dispatcher';
import { createCrawlWorker } from '../../lambdas/functions/crawl-worker';
import { DynamoCrawlRunTally } from '../../lambdas/storage/crawl-run-tally';
import { createStorage } from '../../lambdas/storage/repositories';
import { newCompany, type Company } from '../../shared/companies/company';
import type { Ats } from '../../shared/jobs/job';
import { isolatedCatalog, testConfig, type IsolatedCatalog } from '../support/dynamodb';
import { fixtureCrawler } from './fixture-crawler';
import { startFixtureServer, type FixtureServer } from './fixture-server';

const EVENTS = path.join('..', 'shared', 'data', 'aws', 'events');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const silent = () => undefined;

/** The captured scheduled event with the time and the kind our schedules' input sets. */
const scheduledEvent = (kind: string, time: string): Record<string, unknown> => ({
  ...readJson<Record<string, unknown>>(path.join(EVENTS, 'ScheduledEvent.json')),
  time,
  detail: { kind },
});

/** The captured SQS event with one record per body. */
const sqsEvent = (bodies: readonly string[], receiveCount = 1): SQSEvent => {
  const captured = readJson<{ Records: SQSRecord[] }>(path.join(EVENTS, 'sqs_sns-body.json'));
  const template = captured.Records[0]!;
  return {
    Records: bodies.map((body) => ({
      ...template,
      messageId: randomUUID(),
      body,
      md5OfBody: createHash('md5').update(body).digest('hex'),
      attributes: { ...template.attributes, ApproximateReceiveCount: String(receiveCount) },
    })),
  };
};

const company = (key: string, fields: { ats: Ats | null; board_token?: string | null; careers_url?: string | null }): Company => newCompany(key, { company_key: key, ...fields });

/** A local SQS stand-in answering SendMessageBatch (AWS JSON 1.0); refuses messages of `refuse`. */
const startSqsStandIn = async () => {
  const received: { queueUrl: string; bodies: string[] }[] = [];
  const refuse = new Set<string>();
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (part: Buffer) => (text += part.toString('utf8')));
    req.on('end', () => {
      const target = req.headers['x-amz-target'];
      if (target !== 'AmazonSQS.SendMessageBatch') {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify({ __type: 'com.amazonaws.sqs#InvalidAction', message: String(target) }));
        return;
      }
      const request = JSON.parse(text) as { QueueUrl: string; Entries: { Id: string; MessageBody: string }[] };
      const accepted = request.Entries.filter((entry) => !refuse.has((JSON.parse(entry.MessageBody) as CrawlMessage).company_key));
      received.push({ queueUrl: request.QueueUrl, bodies: accepted.map((entry) => entry.MessageBody) });
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(
        JSON.stringify({
          Successful: accepted.map((entry) => ({ Id: entry.Id, MessageId: randomUUID(), MD5OfMessageBody: createHash('md5').update(entry.MessageBody).digest('hex') })),
          Failed: request.Entries.filter((entry) => !accepted.includes(entry)).map((entry) => ({ Id: entry.Id, SenderFault: false, Code: 'InternalError', Message: 'try again' })),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, received, refuse, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const QUEUES = { json: 'https://sqs.us-east-1.amazonaws.com/000000000000/crawl-json', careers_page: 'https://sqs.us-east-1.amazonaws.com/000000000000/crawl-careers' };

let catalog: IsolatedCatalog;
let sqs: Awaited<ReturnType<typeof startSqsStandIn>>;
let server: FixtureServer;
let crawler: Crawler;
let runs: DynamoCrawlRunTally;

beforeAll(async () => {
  [catalog, sqs, server] = await Promise.all([isolatedCatalog(), startSqsStandIn(), startFixtureServer()]);
  runs = new DynamoCrawlRunTally(catalog.storage.clients.doc, catalog.config.dynamodb.tables.state);
  crawler = fixtureCrawler(server, catalog, { CRAWL_TIMEOUT_MS: '2000', CRAWL_RETRIES: '0' });
});

afterAll(async () => {
  await crawler?.close();
  await Promise.all([sqs?.close(), server?.close()]);
  await catalog?.drop();
});

describe('crawl dispatcher', () => {
  const dispatcher = () =>
    createCrawlDispatcher({
      companies: catalog.storage.companies,
      queue: createSqsCrawlQueue(new SQSClient({ region: 'us-east-1', endpoint: sqs.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 })),
      queues: QUEUES,
      runs,
      clock: () => new Date('2026-11-21T17:00:04Z'),
      metricsNamespace: 'LatentJobs/test/Crawler',
      log: silent,
    });

  beforeAll(async () => {
    const ashby = Array.from({ length: 12 }, (_, i) => company(`dispatch ashby ${i}`, { ats: 'ashby', board_token: `board${i}` }));
    await catalog.storage.companies.putMany([
      ...ashby,
      company('dispatch greenhouse', { ats: 'greenhouse', board_token: 'gh' }),
      company('dispatch careers', { ats: 'careers_page', careers_url: 'https://careers.example.com/jobs' }),
      company('dispatch nothing', { ats: null }),
      company('dispatch lever without token', { ats: 'lever' }),
    ]);
  });

  it('queues one message per JSON-source company of the hourly run, in batches of at most 10, and opens the run record', async () => {
    sqs.received.length = 0;
    const result = await dispatcher()(scheduledEvent('json', '2026-11-21T17:00:00Z'));
    expect(result).toEqual({ run_id: 'json@2026-11-21T17:00:00.000Z', kind: 'json', queued: 13 });
    expect(sqs.received.every((call) => call.queueUrl === QUEUES.json && call.bodies.length <= 10)).toBe(true);
    const messages = sqs.received.flatMap((call) => call.bodies.map((body) => JSON.parse(body) as CrawlMessage));
    expect(messages.map((m) => m.company_key).sort()).toEqual([...Array.from({ length: 12 }, (_, i) => `dispatch ashby ${i}`), 'dispatch greenhouse'].sort());
    expect(new Set(messages.map((m) => `${m.kind} ${m.run_id}`))).toEqual(new Set(['json json@2026-11-21T17:00:00.000Z']));
    expect(await runs.get(result.run_id)).toMatchObject({ kind: 'json', companies_queued: 13, scheduled_at: '2026-11-21T17:00:00.000Z' });
  });

  it('queues the career pages of the daily run on their own queue', async () => {
    sqs.received.length = 0;
    const result = await dispatcher()(scheduledEvent('careers_page', '2026-11-21T03:00:00Z'));
    expect(result.queued).toBe(1);
    expect(sqs.received.map((call) => call.queueUrl)).toEqual([QUEUES.careers_page]);
    expect(JSON.parse(sqs.received[0]!.bodies[0]!)).toEqual({ company_key: 'dispatch careers', run_id: 'careers_page@2026-11-21T03:00:00.000Z', kind: 'careers_page' });
  });

  it('fails the invocation, naming the company, when SQS refuses a message twice; the others are queued', async () => {
    sqs.received.length = 0;
    sqs.refuse.add('dispatch greenhouse');
    try {
      await expect(dispatcher()(scheduledEvent('json', '2026-11-21T18:00:00Z'))).rejects.toThrow(/1 of 13 crawl messages .* not queued: dispatch greenhouse/);
    } finally {
      sqs.refuse.clear();
    }
    expect(sqs.received.flatMap((call) => call.bodies)).toHaveLength(12);
  });

  it('refuses an event without a kind', async () => {
    const event = readJson<Record<string, unknown>>(path.join(EVENTS, 'ScheduledEvent.json'));
    await expect(dispatcher()(event)).rejects.toThrow(DispatchError);
    await expect(dispatcher()(event)).rejects.toThrow(/detail\.kind/);
  });
});

describe('crawl worker', () => {
  const worldlabs = readJson<{ jobs: unknown[] }>(path.join('..', 'shared', 'data', 'ats', 'ashby', 'worldlabs.json'));
  const worker = () =>
    createCrawlWorker({
      kind: 'json',
      companies: catalog.storage.companies,
      crawler,
      catalogVersion: catalog.storage.catalogVersion,
      runs,
      clock: () => new Date(),
      seenRefreshMs: 6 * 3_600_000,
      metricsNamespace: 'LatentJobs/test/Crawler',
      log: silent,
    });
  const message = (key: string, runId: string): string => JSON.stringify({ company_key: key, run_id: runId, kind: 'json' } satisfies CrawlMessage);

  it('crawls the company of each message into the catalog, bumps the catalog version, and counts the company once per run', async () => {
    await catalog.storage.companies.putMany([company('worker worldlabs', { ats: 'ashby', board_token: 'worker-worldlabs' })]);
    server.set('ashby', 'worker-worldlabs', { json: worldlabs });
    const versionBefore = await catalog.storage.catalogVersion.current();
    const event = sqsEvent([message('worker worldlabs', 'json@2026-11-21T19:00:00.000Z')]);
    expect(await worker()(event)).toEqual({ batchItemFailures: [] });
    const stored = await catalog.storage.jobs.listByCompany('worker worldlabs');
    expect(stored).toHaveLength(worldlabs.jobs.length);
    expect((await catalog.storage.companies.get('worker worldlabs'))!.job_count).toBe(worldlabs.jobs.length);
    expect(await catalog.storage.catalogVersion.current()).not.toBe(versionBefore);

    // The same message delivered again: crawled again harmlessly, counted once.
    expect(await worker()(event)).toEqual({ batchItemFailures: [] });
    expect(await runs.get('json@2026-11-21T19:00:00.000Z')).toMatchObject({ companies_ok: 1, jobs_new: worldlabs.jobs.length, jobs_seen: worldlabs.jobs.length, counted: ['worker worldlabs'] });
    expect(await catalog.storage.jobs.listByCompany('worker worldlabs')).toHaveLength(worldlabs.jobs.length);
  });

  it('reports only the failed message in batchItemFailures; a failing board is recorded, not retried', async () => {
    await catalog.storage.companies.putMany([company('worker down', { ats: 'ashby', board_token: 'worker-down' })]);
    server.set('ashby', 'worker-down', { status: 500 });
    const event = sqsEvent([message('worker down', 'json@2026-11-21T20:00:00.000Z'), '{"company_key": "worker down"}', message('worker gone', 'json@2026-11-21T20:00:00.000Z')]);
    const response = await worker()(event);
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: event.Records[1]!.messageId }]);
    expect(await runs.get('json@2026-11-21T20:00:00.000Z')).toMatchObject({ companies_failing: 1, jobs_seen: 0, counted: ['worker down'] });
    expect((await crawler.store.getSourceStatus('worker down'))?.status).toBe('failing');
  });

  it('reports every message when the crawl throws (storage unreachable)', async () => {
    // Nothing listens on the discard port: every DynamoDB call is refused.
    const unreachable = createStorage({ region: 'us-east-1', dynamodb: { ...testConfig('unreachable-').dynamodb, endpoint: 'http://127.0.0.1:9' } });
    const failing = createCrawlWorker({
      kind: 'json',
      companies: unreachable.companies,
      crawler,
      catalogVersion: unreachable.catalogVersion,
      runs,
      clock: () => new Date(),
      seenRefreshMs: 0,
      metricsNamespace: 'LatentJobs/test/Crawler',
      log: silent,
    });
    const event = sqsEvent([message('worker worldlabs', 'json@2026-11-21T21:00:00.000Z'), message('worker down', 'json@2026-11-21T21:00:00.000Z')]);
    const response = await failing(event);
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(event.Records.map((record) => record.messageId).sort());
    unreachable.clients.client.destroy();
  });
});
