/**
 * Alarms and where they go: one SNS topic (TLS-only publishing; not KMS-encrypted, since CloudWatch
 * cannot publish to a topic under the AWS-managed SNS key and alarm messages hold no personal
 * data) that every alarm of the stack notifies on ALARM and OK, optionally mailed to `alarmEmail`. Other constructs register their
 * alarms here (`addAlarm`), or use the helpers for the common ones: errors and throttles of a
 * function, and the 5xx rate of an HTTP API. Later: dead-letter queue depth, webhook signature
 * failures, SES bounce and complaint rates, crawls with no jobs, short digests.
 *
 * The CloudWatch dashboard (`dashboard`) draws what those helpers watch, built up as the other
 * constructs register: the state of every alarm of the stack; per function its invocations,
 * errors and throttles, and its p50/p99 duration; per HTTP API its requests, 4xx and 5xx, and
 * p99 latency. A function of the stack that no construct registered is graphed all the same
 * (an aspect finds every ServiceFunction at synth). The functions' own metrics (crawl, digest: EMF written by Powertools) show
 * through their alarms.
 */
import { Aspects, Duration, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, AlarmStatusWidget, ComparisonOperator, Dashboard, GraphWidget, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { AlarmProps } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Subscription, SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import { Construct, type IConstruct } from 'constructs';
import { ServiceFunction } from './service-function';

export interface MonitoringProps {
  /** Evaluation period of the built-in alarms. */
  period: Duration;
  functionErrorThreshold: number;
  api5xxRatePercent: number;
  alarmEmail: string | undefined;
}

/** Width of a dashboard row (CloudWatch's grid is 24 units wide). */
const ROW = 24;

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  private readonly props: MonitoringProps;
  /** Every alarm made through `addAlarm`; the status widget reads the list at synth. */
  private readonly alarms: Alarm[] = [];
  private readonly graphed = new Set<IFunction>();

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.props = props;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Latent Jobs alarms', enforceSSL: true });
    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(24) });
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: ROW, height: 6 }));
    Aspects.of(scope).add({
      visit: (node: IConstruct) => {
        if (node instanceof ServiceFunction) this.graphFunction(node.node.id, node.fn);
      },
    });
    if (props.alarmEmail) {
      const subscription = new Subscription(this, 'AlarmEmail', {
        topic: this.topic,
        protocol: SubscriptionProtocol.EMAIL,
        endpoint: props.alarmEmail,
      });
      Validations.of(subscription).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason:
          'An email subscription for people: an undeliverable alarm email shows in the topic\'s NumberOfNotificationsFailed metric, and the alarm itself stays in CloudWatch; a dead-letter queue of emails nobody reads adds nothing.',
      });
    }
  }

  /** Creates an alarm under `scope` that notifies the topic when it fires and when it clears. */
  addAlarm(scope: Construct, id: string, props: AlarmProps): Alarm {
    const alarm = new Alarm(scope, id, props);
    this.alarms.push(alarm);
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    return alarm;
  }

  /** A function's row on the dashboard (once per function). */
  private graphFunction(name: string, fn: IFunction): void {
    if (this.graphed.has(fn)) return;
    this.graphed.add(fn);
    const period = this.props.period;
    this.dashboard.addWidgets(
      new GraphWidget({
        title: `${name}: invocations, errors, throttles`,
        left: [fn.metricInvocations({ period, statistic: 'Sum' }), fn.metricErrors({ period, statistic: 'Sum' }), fn.metricThrottles({ period, statistic: 'Sum' })],
        width: ROW / 2,
      }),
      new GraphWidget({
        title: `${name}: duration (ms)`,
        left: [fn.metricDuration({ period, statistic: 'p50' }), fn.metricDuration({ period, statistic: 'p99' })],
        width: ROW / 2,
      }),
    );
  }

  /** Graphs a function and alarms on its errors (at or above the stage's threshold) and on any throttle. */
  alarmOnFunction(scope: Construct, name: string, fn: IFunction): { errors: Alarm; throttles: Alarm } {
    const period = this.props.period;
    this.graphFunction(name, fn);
    return {
      errors: this.addAlarm(scope, 'ErrorsAlarm', {
        alarmDescription: `The ${name} function failed ${this.props.functionErrorThreshold} or more times in ${period.toHumanString()}`,
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        threshold: this.props.functionErrorThreshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      throttles: this.addAlarm(scope, 'ThrottlesAlarm', {
        alarmDescription: `The ${name} function was throttled in ${period.toHumanString()}`,
        metric: fn.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    };
  }

  /** Alarms when 5xx responses exceed the stage's percentage of an HTTP API's requests. */
  alarmOnHttpApi(scope: Construct, api: IHttpApi): Alarm {
    const period = this.props.period;
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API: requests, 4xx, 5xx',
        left: [api.metricCount({ period, statistic: 'Sum' }), api.metricClientError({ period, statistic: 'Sum' }), api.metricServerError({ period, statistic: 'Sum' })],
        width: ROW / 2,
      }),
      new GraphWidget({ title: 'API: latency (ms)', left: [api.metricLatency({ period, statistic: 'p50' }), api.metricLatency({ period, statistic: 'p99' })], width: ROW / 2 }),
    );
    return this.addAlarm(scope, 'ServerErrorRateAlarm', {
      alarmDescription: `More than ${this.props.api5xxRatePercent}% of API requests answered 5xx in ${period.toHumanString()}`,
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: api.metricServerError({ period, statistic: 'Sum' }),
          requests: api.metricCount({ period, statistic: 'Sum' }),
        },
        label: 'API 5xx rate (%)',
        period,
      }),
      threshold: this.props.api5xxRatePercent,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
