/**
 * The daily ECB reference-rate refresh on AWS (issue 11.4):
 *
 *   EventBridge rule, cron 16:30 UTC Mon–Fri → refresh function (lambdas/functions/ecb-rates.ts)
 *     → GET https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml → the `ecb-rates` item of the state table
 *   undeliverable events / failed async invocations → EcbRatesFailures queue
 *
 * ECB publishes around 16:00 CET on TARGET working days; 16:30 UTC is after that all year. The
 * crawl workers read the stored item (at most hourly) for `salary_usd_year`, falling back to
 * the committed snapshot. The function reads and writes only the state table; errors and
 * throttles raise the usual function alarms, and a failed refresh only leaves yesterday's rates.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageSettings } from '../stage';
import type { Data } from './data';
import type { Monitoring } from './monitoring';
import { ServiceFunction } from './service-function';

export interface EcbRatesRefreshProps {
  stage: StageSettings;
  data: Data;
  monitoring: Monitoring;
}

export class EcbRatesRefresh extends Construct {
  readonly refresh: ServiceFunction;
  readonly schedule: Rule;
  /** Schedule events that could not be delivered, and invocations that failed after retries. */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: EcbRatesRefreshProps) {
    super(scope, id);
    const { stage, data, monitoring } = props;
    this.failures = new Queue(this, 'EcbRatesFailures', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.failures).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter target of the ECB rate schedule and function; nothing consumes it; a failed refresh raises the function\'s error alarm.' });
    Validations.of(this.failures).acknowledge({ id: 'Serverless-SQSRedrivePolicy', reason: 'Dead-letter queue of the ECB rate schedule and function: nothing to redrive.' });

    this.refresh = new ServiceFunction(this, 'RefreshFunction', {
      entry: 'lambdas/functions/ecb-rates.ts',
      description: 'the daily ECB euro reference rates: fetched, checked and stored for yearly USD pay',
      memorySize: 256,
      timeout: Duration.minutes(1),
      environment: { LOG_LEVEL: 'info' },
      logRetention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const fn = this.refresh.fn;
    for (const [name, value] of Object.entries(data.grantRead(fn, [{ table: 'state', write: true }]))) fn.addEnvironment(name, value);
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(this.failures) });
    Validations.of(fn).acknowledge({ id: 'Serverless-LambdaDLQ', reason: 'Failed asynchronous invocations go to the on-failure destination (EcbRatesFailures).' });
    monitoring.alarmOnFunction(this.refresh, 'ecb-rates', fn);

    this.schedule = new Rule(this, 'DailyEcbRates', {
      schedule: Schedule.cron({ weekDay: 'MON-FRI', hour: '16', minute: '30' }),
      description: 'Stores the ECB euro reference rates of the day (published around 16:00 CET)',
    });
    this.schedule.addTarget(new LambdaFunction(fn, { deadLetterQueue: this.failures, retryAttempts: 4, maxEventAge: Duration.hours(6) }));
  }
}
