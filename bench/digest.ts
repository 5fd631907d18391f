/**
 * `npm run bench:digest [-- --subscribers N] [--workers W] [--send-rate PER_SECOND] [--batch-size B]`:
 * one daily digest run shaped as on AWS (issue 14.8, infra/aws/constructs/alerts.ts), on this machine:
 *
 *   planner (lambdas/functions/digest-planner.ts) ──batches──→ in-memory queue (SQS's place) ──→ W worker threads
 *
 * - DynamoDB Local (in memory, its own) holds N paid subscribers (default 100,000) and the real
 *   captured jobs (tests/alerts/captured-jobs.ts, re-dated as first seen in the last day), so each
 *   subscriber gets an email of up to 50 jobs; the ledger, users, suppressions and unsubscribes are
 *   read and written there as on AWS.
 * - The planner is the scheduled function's own handler (Scan of user ids, batches of B, default
 *   as the CDK sizes them). Each worker thread runs the digest worker's own handler
 *   (`createDigestWorker` on `digestServiceFrom`, as the Lambda composes it), one SQS record at a
 *   time, paced at the account rate ÷ W (default 2,000/s, i.e. not the limit): rendered with
 *   react-email (production build: NODE_ENV=production, as the bundles define it) and sent through
 *   the real SES v2 client to the SES stand-in (aws-ses-v2-local) in the main thread, whose store
 *   is emptied every few seconds to bound its memory (the count comes from the MessageIds SES
 *   answered). A message whose batch fails is received again, at most 3 times, as SQS would.
 *
 * Prints the seed, plan and send times, emails a second, wall ms an email, CPU ms an email of the
 * workers (this process's CPU less its main thread's, from /proc: what a worker's Lambda bills when
 * SES never makes it wait), of the whole process and of DynamoDB Local, the workers' event-loop
 * busy time, DynamoDB requests an email by operation, and one JSON line. On a busy machine the
 * wall times stretch with the load; the CPU figures much less.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { readFile } from 'node:fs/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { SQSRecord } from 'aws-lambda';
import PQueue from 'p-queue';
import { readConfig, readMailConfig, type Config } from '../lambdas/config';
import { digestServiceFrom } from '../lambdas/alerts/digest-service';
import { listDigestSubscriberIds } from '../lambdas/alerts/digest-sources';
import { createDigestPlanner } from '../lambdas/functions/digest-planner';
import { createDigestWorker } from '../lambdas/functions/digest-worker';
import { batchWriteAll, chunk } from '../lambdas/storage/batch';
import { createStorage } from '../lambdas/storage/repositories';
import { digestBatchSize, workerSendRate, type DigestBatchMessage } from '../shared/alerts/digest-plan';
import type { Department } from '../shared/departments/department';
import type { User } from '../shared/users/user';
import { ensureTables } from '../infra/local/create-tables';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { startSesStandIn } from '../infra/local/ses-stand-in';
import { loadCapturedJobs } from '../tests/alerts/captured-jobs';

const NOW = '2026-03-10T07:00:00.000Z';
const TOKEN_SECRET = 'bench-digest-token-secret-of-at-least-32-characters';
/** Receives of one message before it would go to the dead-letter queue (as the CDK sets it). */
const MAX_RECEIVES = 3;
const SES_CLEAR_EVERY_MS = 3_000;

interface WorkerSetup {
  env: Record<string, string>;
}
/** What a worker thread answers for one message. */
interface BatchDone {
  failed: boolean;
  sent: number;
  unserved: number;
  already_sent: number;
  active_ms: number;
  requests: Record<string, number>;
}

/** The worker thread: the Lambda's composition of the digest worker, fed one SQS record at a time. */
const workerThread = async (): Promise<void> => {
  const { env } = workerData as WorkerSetup;
  const config = readConfig(env);
  const storage = createStorage(config);
  const requests: Record<string, number> = {};
  storage.clients.client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      requests[name] = (requests[name] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCount' },
  );
  let figures = { sent: 0, unserved: 0, already_sent: 0 };
  const handler = createDigestWorker(digestServiceFrom(config, readMailConfig(env), storage, TOKEN_SECRET), (_level, message, fields) => {
    if (message !== 'Digest batch') return;
    const unserved = fields?.unserved as { user_id: string; state: string; detail: string }[];
    figures = { sent: Number(fields?.sent), unserved: unserved.length, already_sent: Number(fields?.already_sent) };
    for (const entry of unserved.slice(0, 3)) console.error(`  not sent to ${entry.user_id}: ${entry.state}: ${entry.detail}`);
  });
  parentPort!.on('message', (record: SQSRecord) => {
    void (async () => {
      for (const key of Object.keys(requests)) delete requests[key];
      figures = { sent: 0, unserved: 0, already_sent: 0 };
      const before = performance.eventLoopUtilization();
      const answer = await handler({ Records: [record] }, {} as never);
      const done: BatchDone = { failed: (answer?.batchItemFailures.length ?? 0) > 0, ...figures, active_ms: performance.eventLoopUtilization(before).active, requests: { ...requests } };
      parentPort!.postMessage(done);
    })();
  });
  parentPort!.postMessage('ready');
};

/** User + system CPU seconds of a process or thread from /proc (Linux: `<pid>` or `self/task/<tid>`), or null. */
const cpuSecondsOf = async (task: number | string | undefined): Promise<number | null> => {
  if (task === undefined) return null;
  try {
    const fields = (await readFile(`/proc/${task}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
};

const subscribers = (count: number): User[] => {
  const groups: Department[] = ['Engineering', 'ML', 'Research', 'Data Science', 'Product', 'Sales', 'Operations', 'Design'];
  return Array.from({ length: count }, (_, i) => ({
    user_id: `bench-${i}`,
    email: `subscriber${i}@bench.example`,
    name: `Subscriber ${i}`,
    groups: [groups[i % groups.length]!, groups[(i * 7 + 3) % groups.length]!].filter((g, k, all) => all.indexOf(g) === k),
    subscription: { status: 'active', plan: 'monthly', current_period_end: '2026-04-01T00:00:00.000Z', cancel_at_period_end: false, stripe_customer_id: `cus_${i}`, stripe_subscription_id: `sub_${i}`, updated_at: NOW },
    version: 1,
    created_at: NOW,
    updated_at: NOW,
  }));
};

const main = async (): Promise<void> => {
  const { values: options } = parseArgs({
    options: { subscribers: { type: 'string', default: '100000' }, workers: { type: 'string', default: '2' }, 'send-rate': { type: 'string', default: '2000' }, 'batch-size': { type: 'string' } },
    strict: true,
  });
  const count = Number(options.subscribers);
  const workers = Number(options.workers);
  const accountRate = Number(options['send-rate']);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--subscribers must be a whole number above 0, got "${options.subscribers}"`);
  const perWorkerRate = workerSendRate(accountRate, workers);
  // As the CDK sizes a batch: half the worker's 15-minute timeout at its pace (at most 500).
  const batchSize = options['batch-size'] === undefined ? digestBatchSize(accountRate, workers, 450) : Number(options['batch-size']);

  const dynamodb = await startDynamoDbLocal();
  const ses = await startSesStandIn({ port: 0 });
  const clearing = setInterval(() => void fetch(`${ses.endpoint}/clear-store`, { method: 'POST' }).catch(() => undefined), SES_CLEAR_EVERY_MS);
  const threads: Worker[] = [];
  try {
    const env = { DYNAMODB_ENDPOINT: dynamodb.endpoint, TABLE_PREFIX: 'bench-', SES_ENDPOINT: ses.endpoint, SITE_URL: 'https://latentjobs.example', DIGEST_SEND_RATE: String(perWorkerRate) };
    const config: Config = readConfig(env);
    const storage = createStorage(config);
    await ensureTables(storage.clients.client, config, { timeToLive: false });

    const captured = await loadCapturedJobs();
    await storage.jobs.putMany(captured.map((job, i) => ({ ...job, first_seen_at: new Date(Date.parse(NOW) - ((i % 1400) + 1) * 60_000).toISOString(), closed_at: null })));
    const seedStarted = performance.now();
    const seedQueue = new PQueue({ concurrency: 4 });
    await Promise.all(
      chunk(subscribers(count), 2_500).map((users) =>
        seedQueue.add(() => batchWriteAll(storage.clients.doc, config.dynamodb.tables.users, users.map((user) => ({ PutRequest: { Item: { ...user, stripe_customer_id: user.subscription!.stripe_customer_id } } })))),
      ),
    );
    const seedMs = performance.now() - seedStarted;
    console.log(`DynamoDB Local: ${captured.length.toLocaleString('en-US')} jobs; ${count.toLocaleString('en-US')} subscribers written in ${(seedMs / 1000).toFixed(1)} s`);

    const queued: DigestBatchMessage[] = [];
    const planner = createDigestPlanner(
      {
        listSubscriberIds: () => listDigestSubscriberIds(storage.clients.doc, config.dynamodb.tables.users),
        queue: { send: async (_url, messages) => (queued.push(...messages), []) },
        queueUrl: 'bench://digest-batches',
        batchSize,
      },
      () => undefined,
    );
    const planStarted = performance.now();
    const plan = (await planner({ time: NOW }, {} as never)) as { subscribers: number; batches: number };
    const planMs = performance.now() - planStarted;
    console.log(`Planner: ${plan.subscribers.toLocaleString('en-US')} subscribers in ${plan.batches} batches of up to ${batchSize} in ${(planMs / 1000).toFixed(1)} s`);

    // The main thread (this one: dispatch and the SES stand-in) apart from the rest of the process (the workers, and V8's and libuv's helper threads).
    const mainThread = `self/task/${process.pid}`;
    const cpuBefore = process.cpuUsage();
    const [javaBefore, mainBefore] = await Promise.all([cpuSecondsOf(dynamodb.pid), cpuSecondsOf(mainThread)]);
    const sendStarted = performance.now();
    const pending = queued.map((message, i) => ({ record: { messageId: `batch-${i}`, receiptHandle: `batch-${i}`, body: JSON.stringify(message), attributes: { ApproximateReceiveCount: '1' }, messageAttributes: {} } as unknown as SQSRecord, receives: 0 }));
    const totals = { sent: 0, unserved: 0, already_sent: 0, active_ms: 0, failed_receives: 0, dead_letters: 0, requests: {} as Record<string, number> };
    let batchesDone = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        // This file again, its TypeScript loaded through tsx's API (Node 20 workers skip --import hooks for their entry).
        const thread = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`, {
          eval: true,
          workerData: { env } satisfies WorkerSetup,
          // Its stdout carries the metrics Powertools writes per invocation (EMF): not the bench's figures.
          stdout: true,
        });
        thread.stdout.resume();
        threads.push(thread);
        // The thread's next answer; each listener leaves when the other fires (one pair per batch otherwise piles up).
        const answer = () => new Promise<unknown>((resolve, reject) => {
          const answered = (value: unknown): void => {
            thread.off('error', failed);
            resolve(value);
          };
          const failed = (error: Error): void => {
            thread.off('message', answered);
            reject(error);
          };
          thread.once('message', answered);
          thread.once('error', failed);
        });
        await answer();
        for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
          next.receives += 1;
          thread.postMessage({ ...next.record, attributes: { ApproximateReceiveCount: String(next.receives) } });
          const done = (await answer()) as BatchDone;
          totals.sent += done.sent;
          totals.already_sent += done.already_sent;
          totals.active_ms += done.active_ms;
          for (const [name, n] of Object.entries(done.requests)) totals.requests[name] = (totals.requests[name] ?? 0) + n;
          if (done.failed) {
            totals.failed_receives += 1;
            if (next.receives < MAX_RECEIVES) pending.push(next);
            else totals.dead_letters += 1;
          } else totals.unserved += done.unserved;
          batchesDone += 1;
          if (batchesDone % Math.max(1, Math.round(plan.batches / 10)) === 0) {
            console.log(`  ${batchesDone}/${plan.batches} batches, ${totals.sent.toLocaleString('en-US')} sent, ${((performance.now() - sendStarted) / 1000).toFixed(0)} s`);
          }
        }
      }),
    );
    const sendMs = performance.now() - sendStarted;
    const cpu = process.cpuUsage(cpuBefore);
    const [javaAfter, mainAfter] = await Promise.all([cpuSecondsOf(dynamodb.pid), cpuSecondsOf(mainThread)]);
    const sent = Math.max(1, totals.sent);
    const processCpuMs = (cpu.user + cpu.system) / 1000;
    const javaCpuMs = javaBefore === null || javaAfter === null ? null : (javaAfter - javaBefore) * 1000;
    const workersCpuMs = mainBefore === null || mainAfter === null ? null : processCpuMs - (mainAfter - mainBefore) * 1000;
    const perEmail = (n: number) => Number((n / sent).toFixed(2));
    const requestsPerEmail = Object.fromEntries(Object.entries(totals.requests).sort().map(([name, n]) => [name.replace(/Command$/, ''), Number((n / sent).toFixed(4))]));

    console.log(`Workers: ${workers} threads, each paced at ${perWorkerRate}/s (account rate ${accountRate}/s ÷ ${workers})`);
    console.log(`Sent ${totals.sent.toLocaleString('en-US')} emails; already sent ${totals.already_sent}; not sent ${totals.unserved}; failed receives ${totals.failed_receives}; dead letters ${totals.dead_letters}`);
    console.log(`Send phase: ${(sendMs / 1000).toFixed(1)} s, ${(totals.sent / (sendMs / 1000)).toFixed(0)} emails/s, ${perEmail(sendMs)} ms wall an email`);
    console.log(
      `CPU an email: workers ${workersCpuMs === null ? 'n/a' : `${perEmail(workersCpuMs)} ms`} (busy, event loop active: ${perEmail(totals.active_ms)} ms); ` +
        `this process in all (workers, dispatch, SES stand-in) ${perEmail(processCpuMs)} ms; DynamoDB Local (Java) ${javaCpuMs === null ? 'n/a' : `${perEmail(javaCpuMs)} ms`}`,
    );
    console.log(`DynamoDB requests an email: ${Object.entries(requestsPerEmail).map(([name, n]) => `${name} ${n}`).join(', ')}`);
    console.log(
      JSON.stringify({
        subscribers: count,
        workers,
        send_rate_account: accountRate,
        send_rate_per_worker: perWorkerRate,
        batch_size: batchSize,
        batches: plan.batches,
        sent: totals.sent,
        already_sent: totals.already_sent,
        unserved: totals.unserved,
        dead_letters: totals.dead_letters,
        seed_ms: Math.round(seedMs),
        plan_ms: Math.round(planMs),
        send_ms: Math.round(sendMs),
        emails_per_second: Math.round(totals.sent / (sendMs / 1000)),
        wall_ms_per_email: perEmail(sendMs),
        worker_cpu_ms_per_email: workersCpuMs === null ? null : perEmail(workersCpuMs),
        worker_busy_ms_per_email: perEmail(totals.active_ms),
        process_cpu_ms_per_email: perEmail(processCpuMs),
        dynamodb_local_cpu_ms_per_email: javaCpuMs === null ? null : perEmail(javaCpuMs),
        dynamodb_requests_per_email: requestsPerEmail,
      }),
    );
  } finally {
    clearInterval(clearing);
    await Promise.all(threads.map((thread) => thread.terminate()));
    await ses.stop();
    await dynamodb.stop();
  }
};

if (isMainThread) await main();
else await workerThread();
