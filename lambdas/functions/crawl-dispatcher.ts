/**
 * The crawl dispatcher (AWS): started by an EventBridge schedule, every hour for the JSON ATS
 * sources and every day for career pages; reads the company registry and queues one SQS message
 * per company of the schedule's kind (lambdas/crawler/queue-message.ts) for the workers
 * (crawl-worker.ts, crawl-career-worker.ts).
 *
 * Event: an EventBridge scheduled event (shape: aws/aws-sam-cli@fe8f8dbb ScheduledEvent.json,
 * copy in ../shared/data/aws/events/) whose `detail` names the kind: the schedule's target input
 * (infra/aws/constructs/crawler.ts) sets `{ id, time, "detail-type", source, detail: { kind } }`.
 * Result: `{ run_id, kind, queued }`.
 *
 * Idempotent: the run id is `<kind>@<event time>` (crawlRunId), the same for every retry of a
 * scheduled run. A retry after a partial send queues some companies twice; a second crawl of a
 * company is harmless (conditional writes, unchanged boards skipped) and the run record counts
 * each company once (lambdas/storage/crawl-run-tally.ts).
 *
 * Sending: lambdas/crawler/crawl-queue.ts (SQS, refused entries retried once); messages refused
 * twice fail the invocation, naming them (Lambda retries the asynchronous invocation, then sends
 * it to the failure destination). Runs in the scheduled-event chain (lambdas/events/event-chains.ts).
 *
 * @throws DispatchError for an event without a valid `time` or `detail.kind`, a queue URL not
 * configured, or messages that could not be queued.
 */
import type { Metrics } from '@aws-lambda-powertools/metrics';
import { SQSClient } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { Clock } from '../../shared/time/clock';
import { readConfig, readCrawlConfig } from '../config';
import { addCrawlMetrics, CRAWL_METRIC, CRAWL_METRIC_DIMENSION, createCrawlMetrics } from '../crawler/crawl-metrics';
import { createSqsCrawlQueue, type CrawlQueue } from '../crawler/crawl-queue';
import { jsonSources } from '../crawler/json-sources';
import { CRAWL_KINDS, crawlKindOf, crawlRunId, type CrawlKind, type CrawlMessage } from '../crawler/queue-message';
import { scheduledChain } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { traced } from '../observability/tracer';
import { DynamoCrawlRunTally } from '../storage/crawl-run-tally';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export class DispatchError extends Error {
  override readonly name = 'DispatchError';
}

/** The part of the scheduled event the dispatcher reads. */
export const DispatchEventSchema = z.object({
  id: z.string().min(1),
  time: z.iso.datetime({ offset: true }),
  detail: z.object({ kind: z.enum(CRAWL_KINDS) }),
});
export type DispatchEvent = z.infer<typeof DispatchEventSchema>;

export interface DispatchResult {
  run_id: string;
  kind: CrawlKind;
  queued: number;
}

export interface DispatcherDeps {
  companies: Pick<CompanyRepository, 'listAll'>;
  queue: CrawlQueue;
  /** Queue URL per kind (undefined: not configured). */
  queues: Record<CrawlKind, string | undefined>;
  runs: Pick<DynamoCrawlRunTally, 'openRun'>;
  clock: Clock;
  metricsNamespace: string;
  log: Logger;
}

const dispatch = async (input: unknown, deps: DispatcherDeps, metrics: Metrics): Promise<DispatchResult> => {
  const parsed = DispatchEventSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DispatchError(`scheduled event field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`);
  }
  const { kind } = parsed.data.detail;
  const scheduledAt = new Date(parsed.data.time).toISOString();
  const queueUrl = deps.queues[kind];
  if (queueUrl === undefined) throw new DispatchError(`no queue is configured for ${kind} crawls`);
  const runId = crawlRunId(kind, scheduledAt);

  const sources = jsonSources();
  const companies = (await deps.companies.listAll()).filter((company) => crawlKindOf(company, sources) === kind);
  const messages = companies.map((company): CrawlMessage => ({ company_key: company.company_key, run_id: runId, kind }));
  await deps.runs.openRun({ run_id: runId, kind, scheduled_at: scheduledAt, dispatched_at: deps.clock().toISOString(), companies_queued: messages.length });
  const refused = await deps.queue.send(queueUrl, messages);
  const queued = messages.length - refused.length;
  metrics.addDimension(CRAWL_METRIC_DIMENSION, kind);
  addCrawlMetrics(metrics, { [CRAWL_METRIC.companiesQueued]: queued });
  if (refused.length > 0) {
    const keys = refused.map((message) => message.company_key);
    throw new DispatchError(`${refused.length} of ${messages.length} crawl messages of run ${runId} were not queued: ${keys.slice(0, 10).join(', ')}`);
  }
  deps.log('info', 'crawl run dispatched', { run_id: runId, kind, queued });
  return { run_id: runId, kind, queued };
};

/** The dispatcher over given ports (tests); `handler` builds them from the environment. */
export const createCrawlDispatcher = (deps: DispatcherDeps) => {
  const metrics = createCrawlMetrics(deps.metricsNamespace);
  return scheduledChain((event) => dispatch(event, deps, metrics), { logger: deps.log, metrics });
};

/** The Lambda entry point: configuration, the companies table, the run records and SQS, once per cold start. */
export const handler = onFirstCall(() => {
  const config = readConfig();
  const crawl = readCrawlConfig();
  const storage = createStorage(config);
  return createCrawlDispatcher({
    companies: storage.companies,
    queue: createSqsCrawlQueue(traced(new SQSClient({ region: config.region }))),
    queues: { json: crawl.queues.json, careers_page: crawl.queues.careers },
    runs: new DynamoCrawlRunTally(storage.clients.doc, config.dynamodb.tables.state),
    clock: () => new Date(),
    metricsNamespace: crawl.metricsNamespace,
    log: createLogger(config.logLevel),
  });
});
