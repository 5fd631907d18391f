/**
 * The crawl worker (AWS) for the JSON ATS sources: SQS → Lambda, a few messages a batch, each
 * message one company to crawl (lambdas/crawler/queue-message.ts). The career-page worker
 * (crawl-career-worker.ts) is the same handler with the Chromium source added.
 *
 * Per message: parse → read the company (GetItem) → its logo refreshed when a logo bucket is
 * configured (LOGO_BUCKET; lambdas/logos/refresh-logo.ts), once a day per company
 * (`logoAttemptDue`) → the crawl pipeline for that one company
 * (lambdas/crawler/crawl-company.ts, through the pieces createCrawler wires: guarded fetcher,
 * sources, DynamoDB crawl store with conditional writes; its source status is recorded) → bump
 * the catalog version when the open jobs or what the site shows changed (the jobs function's warm
 * index rebuilds within SEARCH_VERSION_CHECK_SECONDS) → count the company into the run's record
 * once (lambdas/storage/crawl-run-tally.ts) → crawl metrics (lambdas/crawler/crawl-metrics.ts).
 * Right after the crawl, the job pages its writes opened or changed (Google's URL_UPDATED) and
 * closed (URL_DELETED) go to the search engines (`searchEngines`; from the environment:
 * lambdas/crawler/search-engines.ts `configuredSearchEngines`, Google's Indexing API with the
 * service account key of GOOGLE_INDEXING_KEY_ARN, read through lambdas/secrets, or a log line).
 * A notification that fails is logged and never fails the message.
 *
 * The SQS chain (lambdas/events/event-chains.ts, Powertools' batch processing) answers
 * `{ batchItemFailures: [{ itemIdentifier: messageId }] }` (the event source mapping has
 * ReportBatchItemFailures), so only the failed messages come back; after maxReceiveCount
 * receives SQS moves one to the dead-letter queue. A message fails when its body is not a crawl
 * message or is of another kind, or when storage fails (the crawl throws). A board that fails
 * (HTTP error, timeout, bad body) is not a message failure: the company's source is marked
 * failing and the next scheduled run tries again. A company no longer in the registry is
 * logged and dropped. A message received again (ApproximateReceiveCount > 1) bumps the catalog
 * version unconditionally: the earlier attempt may have written jobs and failed before its bump.
 *
 * Messages of one batch are crawled at once (the fetcher paces requests per host).
 */
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { SQSRecord } from 'aws-lambda';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { CatalogVersion } from '../../shared/jobs/job-ports';
import type { Clock } from '../../shared/time/clock';
import type { EcbRates } from '../../shared/normalise/fx';
import { readConfig, readCrawlConfig, type Config, type CrawlConfig } from '../config';
import { crawlCompany, type CrawlCompanyDeps } from '../crawler/crawl-company';
import { addCrawlMetrics, CRAWL_METRIC, createCrawlMetrics } from '../crawler/crawl-metrics';
import { createCrawler, type Crawler } from '../crawler/crawler';
import { parseCrawlMessage, type CrawlKind } from '../crawler/queue-message';
import { sqsBatchChain } from '../events/event-chains';
import { createLogger, describeError, type Logger } from '../observability/log';
import { DynamoCrawlRunTally, jobsSeen } from '../storage/crawl-run-tally';
import { DynamoEcbRates, latestRates } from '../storage/ecb-rates';
import { crawlWriteModeFor } from '../storage/crawl-writes';
import { createStorage } from '../storage/repositories';
import type { Source } from '../../shared/sources/source';
import { onFirstCall } from './on-first-call';
import { S3Client } from '@aws-sdk/client-s3';
import type { Company } from '../../shared/companies/company';
import { createS3LogoStore } from '../logos/s3-logo-store';
import { logoAttemptDue } from '../logos/refresh-logo';
import type { PageChanges, SearchEngineNotifier } from '../../shared/seo/search-engine-notifier';
import { configuredSearchEngines } from '../crawler/search-engines';
import { DynamoIndexingBudget } from '../storage/indexing-budget';
import { createSecretReader } from '../secrets/secrets';

export interface CrawlWorkerDeps {
  /** The queue's kind: a message of another kind is refused. */
  kind: CrawlKind;
  companies: Pick<CompanyRepository, 'get'>;
  crawler: Pick<Crawler, 'sources' | 'fetcher' | 'store'>;
  catalogVersion: CatalogVersion;
  runs: Pick<DynamoCrawlRunTally, 'countCompany'>;
  clock: Clock;
  /** CrawlConfig.seenRefreshMs. */
  seenRefreshMs: number;
  metricsNamespace: string;
  log: Logger;
  /** Runs after every batch (the career-page worker closes Chromium). */
  afterBatch?: () => Promise<void>;
  /** ECB rates for yearly USD pay; default: the committed snapshot. */
  rates?: () => Promise<EcbRates>;
  /** The logo step (Crawler.refreshLogo): the company with its logo refreshed; none: no logo step. */
  refreshLogo?: (company: Company) => Promise<Company>;
  /** Told the job pages each crawl opened, changed or closed; none: nobody is told. */
  searchEngines?: SearchEngineNotifier;
}

/** Tells the search engines about `changes`, if any; a failure is logged, never thrown. */
const tellSearchEngines = async (deps: CrawlWorkerDeps, changes: PageChanges, company_key: string): Promise<void> => {
  if (deps.searchEngines === undefined || changes.updated.length + changes.deleted.length === 0) return;
  await deps.searchEngines.notify(changes).catch((error: unknown) => deps.log('warn', 'search engines not told', { company_key, error: describeError(error) }));
};

/** Crawls one message's company; throws what should send the message back to the queue. */
const crawlMessage = async (record: SQSRecord, deps: CrawlWorkerDeps, crawlDeps: CrawlCompanyDeps, metrics: Metrics): Promise<void> => {
  const message = parseCrawlMessage(record.body);
  if (message.kind !== deps.kind) throw new Error(`a ${message.kind} message reached the ${deps.kind} worker`);
  const found = await deps.companies.get(message.company_key);
  if (found === null) {
    deps.log('warn', 'crawl message for a company no longer in the registry', { company_key: message.company_key, run_id: message.run_id });
    return;
  }
  const company = deps.refreshLogo === undefined || !logoAttemptDue(found.company_key, deps.clock()) ? found : await deps.refreshLogo(found);
  let changes: PageChanges = { updated: [], deleted: [] };
  const result = await crawlCompany(company, { ...crawlDeps, onPageChanges: (pages) => (changes = pages) });
  await tellSearchEngines(deps, changes, company.company_key);
  const now = deps.clock().toISOString();
  const receivedBefore = Number(record.attributes.ApproximateReceiveCount) > 1;
  if (result.catalogChanged || receivedBefore) await deps.catalogVersion.bump(now);
  const counted = await deps.runs.countCompany(message.run_id, result, now);
  deps.log(result.outcome === 'failing' ? 'warn' : 'info', 'company crawled', {
    run_id: message.run_id,
    company_key: result.company_key,
    ats: result.ats,
    outcome: result.outcome,
    reason: result.reason,
    counts: result.counts,
    open_jobs: result.openJobs,
    catalog_changed: result.catalogChanged,
    counted,
    duration_ms: Math.round(result.durationMs),
  });
  if (counted) {
    addCrawlMetrics(metrics, {
      [CRAWL_METRIC.jobsSeen]: jobsSeen(result),
      [CRAWL_METRIC.companiesFailing]: result.outcome === 'failing' ? 1 : 0,
      [CRAWL_METRIC.jobsNew]: result.counts.new,
      [CRAWL_METRIC.jobsClosed]: result.counts.closed,
    });
  }
};

/** The worker over given ports (tests); `handler` builds them from the environment. */
export const createCrawlWorker = (deps: CrawlWorkerDeps) => {
  const crawlDeps: CrawlCompanyDeps = { store: deps.crawler.store, fetcher: deps.crawler.fetcher, sources: deps.crawler.sources, clock: deps.clock, seenRefreshMs: deps.seenRefreshMs, rates: deps.rates };
  const metrics = createCrawlMetrics(deps.metricsNamespace, deps.kind);
  return sqsBatchChain((record) => crawlMessage(record, deps, crawlDeps, metrics), { logger: deps.log, metrics, afterBatch: deps.afterBatch });
};

/**
 * The worker's ports from the environment (lambdas/config.ts): the companies table, the crawler
 * on the jobs/companies/state tables (single conditional writes on AWS), the run records, the
 * search engines (the Indexing API key read through the one secret resolver).
 */
export const crawlWorkerFromEnvironment = (
  kind: CrawlKind,
  extra: (crawl: CrawlConfig) => { sources: readonly Source[]; afterBatch?: () => Promise<void> } = () => ({ sources: [] }),
  config: Config = readConfig(),
  crawl: CrawlConfig = readCrawlConfig(),
) => {
  const storage = createStorage(config);
  const { sources, afterBatch } = extra(crawl);
  const crawler = createCrawler({
    crawl,
    doc: storage.clients.doc,
    tables: config.dynamodb.tables,
    catalogVersion: storage.catalogVersion,
    writeMode: crawlWriteModeFor(config.dynamodb),
    extraSources: sources,
    ...(crawl.logoBucket === undefined ? {} : { logos: { store: createS3LogoStore(new S3Client({}), crawl.logoBucket), companies: storage.companies } }),
  });
  const log = createLogger(config.logLevel);
  return createCrawlWorker({
    kind,
    companies: storage.companies,
    crawler,
    catalogVersion: storage.catalogVersion,
    runs: new DynamoCrawlRunTally(storage.clients.doc, config.dynamodb.tables.state),
    clock: () => new Date(),
    rates: latestRates(new DynamoEcbRates(storage.clients.doc, config.dynamodb.tables.state), () => new Date()),
    seenRefreshMs: crawl.seenRefreshMs,
    metricsNamespace: crawl.metricsNamespace,
    log,
    ...(afterBatch === undefined ? {} : { afterBatch }),
    refreshLogo: crawler.refreshLogo,
    searchEngines: configuredSearchEngines(crawl, {
      log,
      readSecret: createSecretReader(config.region),
      budget: new DynamoIndexingBudget(storage.clients.doc, config.dynamodb.tables.state),
    }),
  });
};

/** The Lambda entry point of the JSON ATS worker. */
export const handler = onFirstCall(() => crawlWorkerFromEnvironment('json'));
