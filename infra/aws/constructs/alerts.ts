/**
 * The daily job-alert digest on AWS (issue 6, part A; scaled out in issue 14.8):
 *
 *   EventBridge rule, cron hourUtc:00 (and hourly at :05, cadence "hourly") ─→ planner ──SendMessageBatch──→ DigestBatches queue ──→ worker (x DIGEST_WORKERS)
 *   (undeliverable events, failed async invocations → DigestFailures)   (3 receives → DigestDeadLetters)
 *
 * - the planner (lambdas/functions/digest-planner.ts), invoked asynchronously with the scheduled
 *   event (its `time` is the run's "now"): lists the subscribers' ids (one Scan of users a day)
 *   and queues them in batches of DIGEST_BATCH_SIZE; 2 retries, then the DigestFailures queue;
 * - the worker (lambdas/functions/digest-worker.ts): one batch per invocation (event source batch
 *   size 1, ReportBatchItemFailures), reserved concurrency W = `workers`, and the event source's
 *   maximum concurrency the same, so SQS never throttles it. One shared SES limit by arithmetic
 *   (shared/alerts/digest-plan.ts): each worker paces its sends at DIGEST_SEND_RATE = sendRate / W,
 *   so W workers together never exceed the account's rate. A batch is sized to take about half
 *   the worker's timeout at that pace. It reads the users of its batch, the open jobs, the
 *   suppression and unsubscribe tables; writes only its send ledger (which keeps at most one email
 *   per subscriber and day whichever receive of a message gets there); may send with SES from the
 *   identity through the configuration set only;
 * - the SES domain identity with Easy DKIM (publish the three CNAME records it lists) and the
 *   configuration set every email is sent with (TLS required, reputation metrics, account-level
 *   suppression of bounces and complaints). The bounce/complaint SNS topic and its handler
 *   (the email-preferences side) attach an event destination to `configurationSet`;
 * - alarms: errors and throttles of both functions, anything in either failure queue, and
 *   "the digest sent fewer emails than it should": in a day, emails the workers meant to send
 *   (DigestEmailsExpected) above those SES accepted (DigestEmailsSent), from the workers' EMF
 *   metrics (lambdas/alerts/digest-metrics.ts).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ConfigurationSet, ConfigurationSetTlsPolicy, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DIGEST_METRIC, DIGEST_METRICS_NAMESPACE, DIGEST_METRICS_SERVICE } from '../../../lambdas/alerts/digest-metrics';
import { digestBatchSize, workerSendRate } from '../../../shared/alerts/digest-plan';
import type { StageSettings } from '../stage';
import { MAX_RECEIVE_COUNT, VISIBILITY_FACTOR } from './crawler';
import type { Data } from './data';
import type { Monitoring } from './monitoring';
import { ServiceFunction } from './service-function';
import { OPEN_JOB_INDEX_NAMES } from '../../../lambdas/storage/tables';

/** Digest workers at most (reserved concurrency) when the stack names no other number. */
export const DIGEST_WORKERS = 10;
/** A worker's timeout: Lambda's longest. A batch is sized to take half of it at the worker's pace. */
const WORKER_TIMEOUT = Duration.minutes(15);

export interface AlertsProps {
  stage: Pick<StageSettings, 'name' | 'logRetention' | 'removalPolicy'>;
  data: Data;
  monitoring: Monitoring;
  /** The domain we send from (SES identity, DKIM), e.g. "latentjobs.example". */
  mailDomain: string;
  /** The site's origin for links in emails, e.g. "https://latentjobs.example" (may be a token). */
  siteUrl: string;
  /** Hour of the daily run, 0-23 UTC. */
  hourUtc: number;
  /** The sender's postal address line (emails' footer). */
  postalAddress: string;
  /** Emails per second at most (the SES account's send rate), shared by all workers. */
  sendRate: number;
  /** Digest workers at most (reserved concurrency; default DIGEST_WORKERS). */
  workers?: number;
  /** The secret holding the unsubscribe-link signing key (the email-preferences side owns it). */
  tokenSecret?: ISecret;
}

export class Alerts extends Construct {
  /** The digest worker: sends the digests of one queued batch of subscribers. */
  readonly digest: ServiceFunction;
  /** The scheduled planner: queues the day's subscribers in batches. */
  readonly planner: ServiceFunction;
  readonly schedule: Rule;
  /** The hourly alerts' schedule (yearly plan). */
  readonly hourlySchedule: Rule;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** Schedule events that could not be delivered, and planner invocations that failed after retries. */
  readonly failures: Queue;
  /** Batches of subscribers for the workers. */
  readonly queue: Queue;
  /** Batches received MAX_RECEIVE_COUNT times without success. */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    const { stage, data, monitoring } = props;
    if (!Number.isInteger(props.hourUtc) || props.hourUtc < 0 || props.hourUtc > 23) throw new Error(`Alerts: hourUtc must be 0-23, got ${props.hourUtc}`);
    const workers = props.workers ?? DIGEST_WORKERS;
    const perWorkerRate = workerSendRate(props.sendRate, workers);

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      sendingEnabled: true,
      reputationMetrics: true,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(props.mailDomain), configurationSet: this.configurationSet, dkimSigning: true });

    const queueDefaults = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;
    this.failures = new Queue(this, 'DigestFailures', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    this.deadLetters = new Queue(this, 'DigestDeadLetters', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    Validations.of(this.failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter target: of the digest schedule (undeliverable events) and of the planner (on-failure destination); nothing consumes it, its depth raises an alarm.',
    });
    for (const queue of [this.failures, this.deadLetters]) {
      Validations.of(queue).acknowledge({
        id: 'Serverless-SQSRedrivePolicy',
        reason: 'This queue is itself a dead-letter queue of the digest: nothing consumes it, so there is nothing to redrive; its depth raises an alarm.',
      });
    }
    this.queue = new Queue(this, 'DigestBatches', {
      ...queueDefaults,
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * VISIBILITY_FACTOR),
      // A batch left over from yesterday is worth nothing today.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
    });

    const mailEnvironment = {
      LOG_LEVEL: 'info',
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      MAIL_FROM: `Latent Jobs <alerts@${props.mailDomain}>`,
      MAIL_UNSUBSCRIBE_MAILTO: `unsubscribe@${props.mailDomain}`,
      MAIL_POSTAL_ADDRESS: props.postalAddress,
      SITE_URL: props.siteUrl,
      DIGEST_SEND_RATE: String(perWorkerRate),
      DIGEST_HOUR_UTC: String(props.hourUtc),
      ...(props.tokenSecret === undefined ? {} : { EMAIL_LINK_KEY_ARN: props.tokenSecret.secretArn }),
    };
    this.digest = new ServiceFunction(this, 'DigestWorker', {
      entry: 'lambdas/functions/digest-worker.ts',
      description: 'the daily job-alert digest worker: one queued batch of subscribers, at most one email each a day',
      memorySize: 1024,
      timeout: WORKER_TIMEOUT,
      environment: mailEnvironment,
      logRetention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const fn = this.digest.fn;
    (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = workers;
    const environment = data.grantRead(fn, [
      { table: 'users' },
      { table: 'jobs', indexes: OPEN_JOB_INDEX_NAMES },
      { table: 'digest_ledger', write: true },
      // The subscribers' saved searches (Query on user_id); the lazy migration writes group searches.
      { table: 'saved_searches', write: true },
      { table: 'suppressions' },
      { table: 'email_preferences' },
    ]);
    for (const [key, value] of Object.entries(environment)) fn.addEnvironment(key, value);
    const { region, account } = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          `arn:aws:ses:${region}:${account}:identity/${props.mailDomain}`,
          `arn:aws:ses:${region}:${account}:configuration-set/${this.configurationSet.configurationSetName}`,
        ],
      }),
    );
    // The lazy migration of alert groups deletes a saved search whose group was dropped (group-searches.ts).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:DeleteItem'], resources: [data.table('saved_searches').tableArn] }));
    props.tokenSecret?.grantRead(fn);
    fn.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: Math.max(2, workers) }));
    Validations.of(fn).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason: 'Invoked by its SQS event source only: a failed batch returns to the queue and, after 3 receives, moves to the DigestDeadLetters queue.',
    });
    Validations.of(this.digest).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason: 'SQS event source mappings take no on-failure destination; failed batches go to the queue redrive policy (DigestDeadLetters) instead.',
    });
    monitoring.alarmOnFunction(this.digest, 'digest worker', fn);

    this.planner = new ServiceFunction(this, 'DigestPlanner', {
      entry: 'lambdas/functions/digest-planner.ts',
      description: 'the daily job-alert digest planner: queues the day\'s subscribers in batches for the digest workers',
      memorySize: 1024,
      // A million subscribers: a Scan of about 600 MB of users and 200 SendMessageBatch calls.
      timeout: Duration.minutes(15),
      environment: {
        LOG_LEVEL: 'info',
        DIGEST_QUEUE_URL: this.queue.queueUrl,
        DIGEST_BATCH_SIZE: String(digestBatchSize(props.sendRate, workers, WORKER_TIMEOUT.toSeconds() / 2)),
      },
      logRetention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const planner = this.planner.fn;
    for (const [key, value] of Object.entries(data.grantRead(planner, [{ table: 'users' }]))) planner.addEnvironment(key, value);
    // Every subscriber is listed once a day (listDigestSubscriberIds): a batch, not a request path.
    planner.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [data.table('users').tableArn] }));
    this.queue.grantSendMessages(planner);
    planner.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(2), onFailure: new SqsDestination(this.failures) });
    Validations.of(planner).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason: 'Failed asynchronous invocations go to the on-failure destination (the DigestFailures queue), which keeps the event and the error.',
    });
    monitoring.alarmOnFunction(this.planner, 'digest planner', planner);

    this.schedule = new Rule(this, 'DailyDigest', {
      schedule: Schedule.cron({ minute: '0', hour: String(props.hourUtc) }),
      description: `Plans the daily job-alert digest at ${String(props.hourUtc).padStart(2, '0')}:00 UTC`,
    });
    this.schedule.addTarget(new LambdaFunction(planner, { deadLetterQueue: this.failures, retryAttempts: 4, maxEventAge: Duration.hours(2) }));

    // The yearly plan's hourly alerts (issue 20.3): the same planner and workers, every hour, with
    // the run's cadence in the event (lambdas/functions/digest-planner.ts); at most one email a
    // subscriber an hour by the ledger.
    this.hourlySchedule = new Rule(this, 'HourlyAlerts', {
      schedule: Schedule.cron({ minute: '5' }),
      description: 'Plans the yearly plan\'s hourly job alerts at :05 every hour',
    });
    this.hourlySchedule.addTarget(
      new LambdaFunction(planner, {
        event: RuleTargetInput.fromObject({ id: EventField.eventId, time: EventField.time, cadence: 'hourly' }),
        deadLetterQueue: this.failures,
        retryAttempts: 2,
        maxEventAge: Duration.minutes(30),
      }),
    )

    monitoring.addAlarm(this, 'DigestFailuresAlarm', {
      alarmDescription: 'A daily digest run could not be planned: the schedule could not invoke the planner, or it failed after its retries (see the DigestFailures queue)',
      metric: this.failures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    monitoring.addAlarm(this, 'DigestDeadLettersAlarm', {
      alarmDescription: 'Digest batches failed 3 times (see the DigestDeadLetters queue and the worker log for who)',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const metric = (metricName: string) => new Metric({ namespace: DIGEST_METRICS_NAMESPACE, metricName, dimensionsMap: { service: DIGEST_METRICS_SERVICE }, statistic: 'Sum', period: Duration.days(1) });
    monitoring.addAlarm(this, 'DigestShortAlarm', {
      alarmDescription: 'The daily digest sent fewer emails than it should have (failed or in doubt: see the run log for who)',
      metric: new MathExpression({
        expression: 'FILL(expected, 0) - FILL(sent, 0)',
        usingMetrics: { expected: metric(DIGEST_METRIC.expected), sent: metric(DIGEST_METRIC.sent) },
        label: 'Digest emails not sent',
        period: Duration.days(1),
      }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // The account's sending reputation (AWS/SES, account-wide): SES reviews an account from a 5%
    // bounce or 0.1% complaint rate and may pause sending at 10% / 0.5%; alarm well before either.
    for (const [id, metricName, threshold, what] of SES_REPUTATION_ALARMS) {
      monitoring.addAlarm(this, id, {
        alarmDescription: `SES ${what} rate reached ${threshold * 100}% (SES reviews the account from ${what === 'bounce' ? '5' : '0.1'}%)`,
        metric: new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) }),
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
  }
}

/** [construct id, AWS/SES metric, threshold (a fraction), what] of the reputation alarms. */
const SES_REPUTATION_ALARMS = [
  ['SesBounceRateAlarm', 'Reputation.BounceRate', 0.04, 'bounce'],
  ['SesComplaintRateAlarm', 'Reputation.ComplaintRate', 0.0008, 'complaint'],
] as const;
