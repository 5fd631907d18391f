/**
 * The digest run's figures as CloudWatch metrics, written by Powertools for AWS Lambda's Metrics
 * in Embedded Metric Format when the scheduled invocation ends (namespace LatentJobs/Digest,
 * dimension `service` = "digest"): DigestEmailsExpected (emails this run should have sent:
 * sent + what it could not send), DigestEmailsSent, DigestEmailsUnserved (this run's failed and
 * in-doubt), DigestEmailsInDoubtEarlier (left claimed or failed by an earlier run of the day).
 * The "digest sent fewer emails than it should" alarm (infra/aws/constructs/alerts.ts) compares
 * Expected with Sent. EMF spec: https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { DigestReport } from './digest-run';

export const DIGEST_METRICS_NAMESPACE = 'LatentJobs/Digest';
/** The `service` dimension of the digest metrics. */
export const DIGEST_METRICS_SERVICE = 'digest';
export const DIGEST_METRIC = {
  expected: 'DigestEmailsExpected',
  sent: 'DigestEmailsSent',
  unserved: 'DigestEmailsUnserved',
  earlier: 'DigestEmailsInDoubtEarlier',
} as const;

export const digestFigures = (report: DigestReport) => {
  const unserved = report.unserved.filter((entry) => !entry.earlier).length;
  return {
    expected: report.sent.length + unserved,
    sent: report.sent.length,
    unserved,
    earlier: report.unserved.filter((entry) => entry.earlier).length,
  };
};

/** The digest function's metrics. */
export const createDigestMetrics = (): Metrics => new Metrics({ namespace: DIGEST_METRICS_NAMESPACE, serviceName: DIGEST_METRICS_SERVICE });

/** Adds a run's figures to `metrics` (written when the invocation ends), with its day and run id as metadata. */
export const addDigestMetrics = (metrics: Metrics, report: DigestReport): void => {
  const figures = digestFigures(report);
  for (const key of Object.keys(DIGEST_METRIC) as (keyof typeof DIGEST_METRIC)[]) metrics.addMetric(DIGEST_METRIC[key], MetricUnit.Count, figures[key]);
  metrics.addMetadata('day', report.day);
  metrics.addMetadata('run_id', report.run_id);
};
