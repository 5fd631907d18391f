/**
 * The daily job-alert digest on AWS (issue 6, part A):
 * - an EventBridge rule at `hourUtc`:00 UTC every day that invokes the digest function
 *   (lambdas/functions/digest.ts) asynchronously with the scheduled event (its `time` is the
 *   run's "now"); undeliverable events and invocations that failed after Lambda's 2 retries go
 *   to the DigestFailures queue (a retry is safe: the send ledger lets no second copy out);
 * - the digest function: reads the users (one Scan a day: a batch over every subscriber), the
 *   open jobs (open-by-date index) and the suppression and unsubscribe tables; writes only its
 *   send ledger; may send with SES from the identity through the configuration set only;
 * - the SES domain identity with Easy DKIM (publish the three CNAME records it lists) and the
 *   configuration set every email is sent with (TLS required, reputation metrics, account-level
 *   suppression of bounces and complaints). The bounce/complaint SNS topic and its handler
 *   (the email-preferences side) attach an event destination to `configurationSet`;
 * - alarms: function errors and throttles, failed schedule deliveries or invocations, and
 *   "the digest sent fewer emails than it should": in a day, emails the runs meant to send
 *   (DigestEmailsExpected) above those SES accepted (DigestEmailsSent), from the function's
 *   EMF metrics (lambdas/alerts/digest-metrics.ts).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { ConfigurationSet, ConfigurationSetTlsPolicy, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DIGEST_METRIC, DIGEST_METRICS_NAMESPACE, DIGEST_METRICS_SERVICE } from '../../../lambdas/alerts/digest-metrics';
import type { StageSettings } from '../stage';
import type { Data } from './data';
import type { Monitoring } from './monitoring';
import { ServiceFunction } from './service-function';

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
  /** Emails per second at most (the SES account's send rate). */
  sendRate: number;
  /** The secret holding the unsubscribe-link signing key (the email-preferences side owns it). */
  tokenSecret?: ISecret;
}

export class Alerts extends Construct {
  readonly digest: ServiceFunction;
  readonly schedule: Rule;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    const { stage, data, monitoring } = props;
    if (!Number.isInteger(props.hourUtc) || props.hourUtc < 0 || props.hourUtc > 23) throw new Error(`Alerts: hourUtc must be 0-23, got ${props.hourUtc}`);

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      sendingEnabled: true,
      reputationMetrics: true,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(props.mailDomain), configurationSet: this.configurationSet, dkimSigning: true });

    this.failures = new Queue(this, 'DigestFailures', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.failures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter target: of the digest schedule (undeliverable events) and of the digest function (on-failure destination); nothing consumes it, its depth raises an alarm.',
    });
    Validations.of(this.failures).acknowledge({
      id: 'Serverless-SQSRedrivePolicy',
      reason: 'This queue is itself a dead-letter queue of the digest: nothing consumes it, so there is nothing to redrive; its depth raises an alarm.',
    });

    this.digest = new ServiceFunction(this, 'Digest', {
      entry: 'lambdas/functions/digest.ts',
      description: 'the daily job-alert digest: new jobs in each paid subscriber\'s groups, at most one email a day',
      memorySize: 1024,
      timeout: Duration.minutes(15),
      environment: {
        LOG_LEVEL: 'info',
        SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
        MAIL_FROM: `Latent Jobs <alerts@${props.mailDomain}>`,
        MAIL_UNSUBSCRIBE_MAILTO: `unsubscribe@${props.mailDomain}`,
        MAIL_POSTAL_ADDRESS: props.postalAddress,
        SITE_URL: props.siteUrl,
        DIGEST_SEND_RATE: String(props.sendRate),
        DIGEST_HOUR_UTC: String(props.hourUtc),
        ...(props.tokenSecret === undefined ? {} : { EMAIL_LINK_KEY_ARN: props.tokenSecret.secretArn }),
      },
      logRetention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const fn = this.digest.fn;
    const environment = data.grantRead(fn, [
      { table: 'users' },
      { table: 'jobs', indexes: ['open-by-date'] },
      { table: 'digest_ledger', write: true },
      { table: 'suppressions' },
      { table: 'email_preferences' },
    ]);
    for (const [key, value] of Object.entries(environment)) fn.addEnvironment(key, value);
    // Every subscriber is read once a day (listDigestSubscribers): a batch, not a request path.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [data.table('users').tableArn] }));
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
    props.tokenSecret?.grantRead(fn);
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(2), onFailure: new SqsDestination(this.failures) });
    Validations.of(fn).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason: 'Failed asynchronous invocations go to the on-failure destination (the DigestFailures queue), which keeps the event and the error.',
    });
    monitoring.alarmOnFunction(this.digest, 'digest', fn);

    this.schedule = new Rule(this, 'DailyDigest', {
      schedule: Schedule.cron({ minute: '0', hour: String(props.hourUtc) }),
      description: `Sends the daily job-alert digest at ${String(props.hourUtc).padStart(2, '0')}:00 UTC`,
    });
    this.schedule.addTarget(new LambdaFunction(fn, { deadLetterQueue: this.failures, retryAttempts: 4, maxEventAge: Duration.hours(2) }));

    monitoring.addAlarm(this, 'DigestFailuresAlarm', {
      alarmDescription: 'A daily digest run could not be started or failed after its retries (see the DigestFailures queue)',
      metric: this.failures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
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
