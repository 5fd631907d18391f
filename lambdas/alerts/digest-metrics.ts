/**
 * The digest run's figures as one CloudWatch Embedded Metric Format log line (namespace
 * LatentJobs/Digest, no dimensions): DigestEmailsExpected (emails this run should have sent:
 * sent + what it could not send), DigestEmailsSent, DigestEmailsUnserved (this run's failed and
 * in-doubt), DigestEmailsInDoubtEarlier (left claimed or failed by an earlier run of the day).
 * The "digest sent fewer emails than it should" alarm (infra/aws/constructs/alerts.ts) compares
 * Expected with Sent. EMF spec: https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 */
import type { DigestReport } from './digest-run';

export const DIGEST_METRICS_NAMESPACE = 'LatentJobs/Digest';
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

/** The EMF object for a report, ready for `console.log(JSON.stringify(...))`. */
export const digestMetricsLine = (report: DigestReport, at: Date): Record<string, unknown> => {
  const figures = digestFigures(report);
  return {
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: DIGEST_METRICS_NAMESPACE,
          Dimensions: [[]],
          Metrics: Object.values(DIGEST_METRIC).map((Name) => ({ Name, Unit: 'Count' })),
        },
      ],
    },
    [DIGEST_METRIC.expected]: figures.expected,
    [DIGEST_METRIC.sent]: figures.sent,
    [DIGEST_METRIC.unserved]: figures.unserved,
    [DIGEST_METRIC.earlier]: figures.earlier,
    day: report.day,
    run_id: report.run_id,
  };
};
