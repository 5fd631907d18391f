/**
 * The search snapshot builder on AWS (issue 19.1):
 *
 *   EventBridge rule, rate(5 minutes) → builder (lambdas/functions/search-snapshot.ts)
 *     catalog version (state table) ≠ pointer (SearchSnapshots bucket)? → list the open jobs once
 *     → search-snapshots/v/<version>.index.gz, then search-snapshots/latest.json
 *   undeliverable events / failed async invocations → SearchSnapshotFailures queue
 *
 * A schedule that compares versions, rather than a hook at the end of a crawl run: a run ends in
 * whichever worker finishes last, seeds and re-derivations bump the version too, and a failed
 * build is simply tried again 5 minutes later; an unchanged catalog costs one GetItem and one
 * small S3 GET. Reserved concurrency 1: two builds never race on the pointer.
 * Memory: listing and encoding 500,000 summaries holds them twice (objects and JSON text),
 * about 1.5 GB at peak; 3,008 MB also buys two vCPUs for the gzip.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageSettings } from '../stage';
import { FUNCTIONS } from './api';
import type { Data } from './data';
import type { Monitoring } from './monitoring';
import { ServiceFunction } from './service-function';

export interface SearchSnapshotBuilderProps {
  stage: StageSettings;
  data: Data;
  monitoring: Monitoring;
}

export class SearchSnapshotBuilder extends Construct {
  readonly builder: ServiceFunction;
  readonly schedule: Rule;
  /** Schedule events that could not be delivered, and invocations that failed after retries. */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: SearchSnapshotBuilderProps) {
    super(scope, id);
    const { stage, data, monitoring } = props;
    this.failures = new Queue(this, 'SearchSnapshotFailures', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.failures).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter target of the snapshot schedule and builder; nothing consumes it; a failed build raises the function\'s error alarm.' });
    Validations.of(this.failures).acknowledge({ id: 'Serverless-SQSRedrivePolicy', reason: 'Dead-letter queue of the snapshot schedule and builder: nothing to redrive.' });

    this.builder = new ServiceFunction(this, 'BuilderFunction', {
      entry: 'lambdas/functions/search-snapshot.ts',
      description: 'the search snapshot: the open jobs\' summaries of the newest catalog version, written to S3 for the API functions',
      memorySize: 3008,
      timeout: Duration.minutes(5),
      environment: { LOG_LEVEL: 'info' },
      logRetention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const fn = this.builder.fn;
    // The same reads as the jobs function (open jobs' summaries, the stored jobs to complete them, the catalog version).
    for (const [name, value] of Object.entries(data.grantRead(fn, FUNCTIONS.jobs.reads))) fn.addEnvironment(name, value);
    for (const [name, value] of Object.entries(data.grantSnapshots(fn, this.builder, { write: true }))) fn.addEnvironment(name, value);
    (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = 1;
    fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(5), onFailure: new SqsDestination(this.failures) });
    Validations.of(fn).acknowledge({ id: 'Serverless-LambdaDLQ', reason: 'Failed asynchronous invocations go to the on-failure destination (SearchSnapshotFailures).' });
    monitoring.alarmOnFunction(this.builder, 'search-snapshot', fn);

    this.schedule = new Rule(this, 'SearchSnapshotSchedule', {
      schedule: Schedule.rate(Duration.minutes(5)),
      description: 'Writes the search snapshot when the catalog version has moved past it',
    });
    this.schedule.addTarget(new LambdaFunction(fn, { deadLetterQueue: this.failures, retryAttempts: 2, maxEventAge: Duration.minutes(5) }));
  }
}
