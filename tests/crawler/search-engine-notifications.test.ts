/**
 * After each crawl the AWS crawl worker tells Google's Indexing API which job pages opened
 * (URL_UPDATED) and closed (URL_DELETED) (issue 13.3), wired from the configuration as on AWS:
 * GOOGLE_INDEXING_KEY_ARN names a Secrets Manager secret holding the service account's JSON key,
 * read through the one secret resolver (lambdas/secrets, Powertools Parameters).
 *
 * Real pieces: the worker, the crawler, DynamoDB Local, the AWS SDK's Secrets Manager client and
 * the notifier. Fakes at the network edge only: the ATS (fixture server with a real Ashby
 * capture, stapply-ai/ats-scrapers@43ece6fd: ashby/companies/worldlabs.json), a Secrets Manager
 * stand-in (AWS JSON 1.1 GetSecretValue) and a Google stand-in (OAuth token endpoint + Indexing
 * API publish), each node:http on 127.0.0.1.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrawlConfig } from '../../lambdas/config';
import type { Crawler } from '../../lambdas/crawler/crawler';
import type { CrawlMessage } from '../../lambdas/crawler/queue-message';
import { configuredSearchEngines } from '../../lambdas/crawler/search-engines';
import { createCrawlWorker } from '../../lambdas/functions/crawl-worker';
import type { LogFields, LogLevel } from '../../lambdas/observability/log';
import { createSecretReader } from '../../lambdas/secrets/secrets';
import { DynamoCrawlRunTally } from '../../lambdas/storage/crawl-run-tally';
import { newCompany } from '../../shared/companies/company';
import { jobPagePath } from '../../shared/seo/page-paths';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { fixtureCrawler } from './fixture-crawler';
import { startFixtureServer, type FixtureServer } from './fixture-server';

const SITE = 'https://latentjobs.example';
const ACCOUNT = 'indexer@latent-jobs.iam.gserviceaccount.com';
const KEY_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:GoogleIndexingKey-AbCdEf';
const PLACEHOLDER_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:GoogleIndexingPlaceholder-AbCdEf';

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (part: Buffer) => (text += part.toString('utf8')));
    req.on('end', () => resolve(text));
  });

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Secrets Manager's GetSecretValue (AWS JSON 1.1) over the given secrets. */
const startSecretsManagerStandIn = async (secrets: Record<string, string>) => {
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const { SecretId } = JSON.parse(text) as { SecretId: string };
      const value = secrets[SecretId];
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue' || value === undefined) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'Secrets Manager can\'t find the specified secret.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ ARN: SecretId, Name: SecretId.split(':').at(-1), SecretString: value, VersionId: randomUUID(), CreatedDate: 1_763_000_000 }));
    });
  });
  return { endpoint: await listen(server), close: () => closeServer(server) };
};

/** Google's token endpoint and the Indexing API's publish call, checking the service account's signed assertion and the bearer token. */
const startGoogleStandIn = async (publicKey: CryptoKey) => {
  const published: { url: string; type: string }[] = [];
  const state = { tokenRequests: 0, publishStatus: 200 };
  const server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && req.url === '/token') {
        state.tokenRequests += 1;
        const form = new URLSearchParams(text);
        const verified = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: ACCOUNT, audience: `${origin}/token` }).catch(() => null);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || verified?.payload.scope !== 'https://www.googleapis.com/auth/indexing') {
          json(400, { error: 'invalid_grant' });
          return;
        }
        json(200, { access_token: 'ya29.stand-in', expires_in: 3599, token_type: 'Bearer' });
        return;
      }
      if (req.method === 'POST' && req.url === '/v3/urlNotifications:publish') {
        if (req.headers.authorization !== 'Bearer ya29.stand-in') return json(401, { error: { code: 401 } });
        if (state.publishStatus !== 200) return json(state.publishStatus, { error: { code: state.publishStatus, message: 'Quota exceeded' } });
        const notification = JSON.parse(text) as { url: string; type: string };
        published.push(notification);
        return json(200, { urlNotificationMetadata: { url: notification.url } });
      }
      json(404, { error: { code: 404 } });
    });
  });
  const origin = await listen(server);
  return { origin, published, state, close: () => closeServer(server) };
};

const EVENTS = path.join('..', 'shared', 'data', 'aws', 'events');
const worldlabs = JSON.parse(readFileSync(path.join('..', 'shared', 'data', 'ats', 'ashby', 'worldlabs.json'), 'utf8')) as { jobs: { id: string }[] };

/** The captured SQS event (aws-powertools/powertools-lambda-typescript@1e5fe1b4 tests/events/sqs_sns-body.json) carrying one crawl message. */
const sqsEvent = (companyKey: string, runId: string): SQSEvent => {
  const template = (JSON.parse(readFileSync(path.join(EVENTS, 'sqs_sns-body.json'), 'utf8')) as { Records: SQSRecord[] }).Records[0]!;
  const body = JSON.stringify({ company_key: companyKey, run_id: runId, kind: 'json' } satisfies CrawlMessage);
  return { Records: [{ ...template, messageId: randomUUID(), body, md5OfBody: createHash('md5').update(body).digest('hex'), attributes: { ...template.attributes, ApproximateReceiveCount: '1' } }] };
};

let catalog: IsolatedCatalog;
let ats: FixtureServer;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let secrets: Awaited<ReturnType<typeof startSecretsManagerStandIn>>;
let crawler: Crawler;
const lines: { level: LogLevel; message: string; fields: LogFields }[] = [];

/** The worker as its handler builds it, with the crawl settings of `env` and Secrets Manager at the stand-in. */
const workerWith = (env: Record<string, string>) =>
  createCrawlWorker({
    kind: 'json',
    companies: catalog.storage.companies,
    crawler,
    catalogVersion: catalog.storage.catalogVersion,
    runs: new DynamoCrawlRunTally(catalog.storage.clients.doc, catalog.config.dynamodb.tables.state),
    clock: () => new Date(),
    seenRefreshMs: 6 * 3_600_000,
    metricsNamespace: 'LatentJobs/test/Crawler',
    log: (level, message, fields = {}) => lines.push({ level, message, fields }),
    searchEngines: configuredSearchEngines(readCrawlConfig({}, { SITE_URL: SITE, GOOGLE_INDEXING_ENDPOINT: google.origin, ...env }), {
      log: (level, message, fields = {}) => lines.push({ level, message, fields }),
      readSecret: createSecretReader('us-east-1', new SecretsManagerClient({ region: 'us-east-1', endpoint: secrets.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 })),
    }),
  });

const pageUrl = (job: { company_name: string; slug_url: string }) => new URL(jobPagePath(job), SITE).href;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const serviceAccountKey = JSON.stringify({ type: 'service_account', project_id: 'latent-jobs', private_key_id: 'k1', private_key: await exportPKCS8(privateKey), client_email: ACCOUNT, token_uri: 'https://oauth2.googleapis.com/token' });
  [catalog, ats, google, secrets] = await Promise.all([
    isolatedCatalog(),
    startFixtureServer(),
    startGoogleStandIn(publicKey),
    // The second secret holds what the stack puts there before the key is set (infra/aws/constructs/crawler.ts).
    startSecretsManagerStandIn({ [KEY_ARN]: serviceAccountKey, [PLACEHOLDER_ARN]: '{"set_me":"the service account JSON key","placeholder":"Xq3v"}' }),
  ]);
  crawler = fixtureCrawler(ats, catalog, { CRAWL_TIMEOUT_MS: '5000', CRAWL_RETRIES: '0' });
  await catalog.storage.companies.putMany([newCompany('notify worldlabs', { company_key: 'notify worldlabs', ats: 'ashby', board_token: 'notify-worldlabs' })]);
});

afterAll(async () => {
  await crawler?.close();
  await Promise.all([ats?.close(), google?.close(), secrets?.close()]);
  await catalog?.drop();
});

describe('search-engine notifications from the crawl worker', () => {
  it('sends URL_UPDATED for every new job page, then URL_DELETED for the job a later crawl finds closed', async () => {
    const worker = workerWith({ GOOGLE_INDEXING_KEY_ARN: KEY_ARN });
    ats.set('ashby', 'notify-worldlabs', { json: worldlabs });
    expect(await worker(sqsEvent('notify worldlabs', 'json@2026-11-24T09:00:00.000Z'))).toEqual({ batchItemFailures: [] });
    const stored = await catalog.storage.jobs.listByCompany('notify worldlabs');
    expect(stored).toHaveLength(worldlabs.jobs.length);
    expect(google.published.map((n) => n.type)).toEqual(stored.map(() => 'URL_UPDATED'));
    expect(google.published.map((n) => n.url).sort()).toEqual(stored.map(pageUrl).sort());

    // The board drops its first posting: that job closes and its page is announced as deleted;
    // jobs the new listing changed (skills drawn from what the board's postings share) keep their
    // pages and are not announced (the quota is for pages that appear or go).
    google.published.length = 0;
    ats.set('ashby', 'notify-worldlabs', { json: { ...worldlabs, jobs: worldlabs.jobs.slice(1) } });
    expect(await worker(sqsEvent('notify worldlabs', 'json@2026-11-24T10:00:00.000Z'))).toEqual({ batchItemFailures: [] });
    const after = await catalog.storage.jobs.listByCompany('notify worldlabs');
    const closed = after.filter((job) => job.closed_at !== null);
    expect(closed).toHaveLength(1);
    expect(google.published).toEqual([{ url: pageUrl(closed[0]!), type: 'URL_DELETED' }]);
    // A warm worker keeps its access token between crawls.
    expect(google.state.tokenRequests).toBe(1);
  });

  it('a crawl whose notification Google refuses still succeeds; the refusal is logged as a warning', async () => {
    const worker = workerWith({ GOOGLE_INDEXING_KEY_ARN: KEY_ARN });
    google.state.publishStatus = 429;
    lines.length = 0;
    try {
      // The board drops its first three postings: two more jobs close.
      ats.set('ashby', 'notify-worldlabs', { json: { ...worldlabs, jobs: worldlabs.jobs.slice(3) } });
      expect(await worker(sqsEvent('notify worldlabs', 'json@2026-11-24T11:00:00.000Z'))).toEqual({ batchItemFailures: [] });
    } finally {
      google.state.publishStatus = 200;
    }
    expect((await catalog.storage.jobs.listByCompany('notify worldlabs')).filter((job) => job.closed_at !== null)).toHaveLength(3);
    const crawled = lines.find((line) => line.message === 'company crawled')!.fields as { outcome: string; counts: { closed: number } };
    expect(crawled).toMatchObject({ outcome: 'ok', counts: { closed: 2 } });
    // Quota spent (429): the first refusal ends the run's notifications.
    expect(lines).toContainEqual({ level: 'warn', message: 'Indexing API notified', fields: { sent: 0, failed: 1, left: 1, quota_spent: true } });
  });

  it('while the secret holds no service account key (as the stack creates it), the pages are logged and Google is not called', async () => {
    const worker = workerWith({ GOOGLE_INDEXING_KEY_ARN: PLACEHOLDER_ARN });
    google.published.length = 0;
    lines.length = 0;
    const before = await catalog.storage.jobs.listByCompany('notify worldlabs');
    ats.set('ashby', 'notify-worldlabs', { json: { ...worldlabs, jobs: worldlabs.jobs.slice(4) } });
    expect(await worker(sqsEvent('notify worldlabs', 'json@2026-11-24T12:00:00.000Z'))).toEqual({ batchItemFailures: [] });
    const closedNow = (await catalog.storage.jobs.listByCompany('notify worldlabs')).filter(
      (job) => job.closed_at !== null && before.some((earlier) => earlier.slug_url === job.slug_url && earlier.closed_at === null),
    );
    expect(closedNow).toHaveLength(1);
    expect(google.published).toEqual([]);
    const told = lines.find((line) => line.message === 'Search engines would be told (the Indexing API key secret holds no service account key)');
    expect(told).toMatchObject({ level: 'info', fields: { updated: 0, deleted: 1, first: [{ path: jobPagePath(closedNow[0]!), type: 'URL_DELETED' }] } });
  });
});
