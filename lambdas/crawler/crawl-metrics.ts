/**
 * Crawl metrics for CloudWatch, written as log lines in Embedded Metric Format (EMF,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html):
 * CloudWatch Logs turns each line into metric data points, so the functions need no
 * cloudwatch:PutMetricData permission and make no extra call.
 *
 * Metrics (namespace from CRAWL_METRICS_NAMESPACE, dimension `Kind` = json | careers_page, unit Count):
 * - `CompaniesQueued`: companies the dispatcher queued for a run;
 * - `JobsSeen`: open jobs a company's board listed (0 when its crawl failed), one point per
 *   company crawl: the hourly Sum is the jobs the crawl saw; 0 (or none) raises the
 *   "crawl found no jobs" alarm (infra/aws/constructs/crawler.ts);
 * - `CompaniesFailing`: 1 when a company's crawl failed, else 0;
 * - `JobsNew`, `JobsClosed`: job changes the crawl wrote.
 *
 * `emfLine(namespace, kind, values, at)` → the line (JSON text); `emitMetrics(...)` prints it.
 */
import type { CrawlKind } from './queue-message';

export const CRAWL_METRIC = {
  companiesQueued: 'CompaniesQueued',
  jobsSeen: 'JobsSeen',
  companiesFailing: 'CompaniesFailing',
  jobsNew: 'JobsNew',
  jobsClosed: 'JobsClosed',
} as const;

export type CrawlMetricName = (typeof CRAWL_METRIC)[keyof typeof CRAWL_METRIC];

/** The EMF dimension every crawl metric carries. */
export const CRAWL_METRIC_DIMENSION = 'Kind';

/** One EMF log line holding `values` (counts) for `kind`, timestamped `at`. */
export const emfLine = (namespace: string, kind: CrawlKind, values: Partial<Record<CrawlMetricName, number>>, at: Date, fields: Record<string, unknown> = {}): string =>
  JSON.stringify({
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [[CRAWL_METRIC_DIMENSION]],
          Metrics: Object.keys(values).map((name) => ({ Name: name, Unit: 'Count' })),
        },
      ],
    },
    [CRAWL_METRIC_DIMENSION]: kind,
    ...fields,
    ...values,
  });

/** Prints an EMF line on stdout (CloudWatch Logs reads it from the function's log stream). */
export const emitMetrics = (...args: Parameters<typeof emfLine>): void => {
  console.log(emfLine(...args));
};
