/**
 * Crawl metrics for CloudWatch, written by Powertools for AWS Lambda's Metrics
 * (@aws-lambda-powertools/metrics) as log lines in Embedded Metric Format (EMF,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html):
 * CloudWatch Logs turns each line into metric data points, so the functions need no
 * cloudwatch:PutMetricData permission and make no extra call. The middy chain writes what an
 * invocation added when it ends (lambdas/observability/observe.ts).
 *
 * Metrics (namespace from CRAWL_METRICS_NAMESPACE, dimensions `service` = "crawler" and
 * `Kind` = json | careers_page, unit Count):
 * - `CompaniesQueued`: companies the dispatcher queued for a run;
 * - `JobsSeen`: open jobs a company's board listed (0 when its crawl failed), one point per
 *   company crawl: the hourly Sum is the jobs the crawl saw; 0 (or none) raises the
 *   "crawl found no jobs" alarm (infra/aws/constructs/crawler.ts);
 * - `CompaniesFailing`: 1 when a company's crawl failed, else 0;
 * - `JobsNew`, `JobsClosed`: job changes the crawl wrote.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { CrawlKind } from './queue-message';

export const CRAWL_METRIC = {
  companiesQueued: 'CompaniesQueued',
  jobsSeen: 'JobsSeen',
  companiesFailing: 'CompaniesFailing',
  jobsNew: 'JobsNew',
  jobsClosed: 'JobsClosed',
} as const;

export type CrawlMetricName = (typeof CRAWL_METRIC)[keyof typeof CRAWL_METRIC];

/** The EMF dimension naming the crawl's kind. */
export const CRAWL_METRIC_DIMENSION = 'Kind';
/** The `service` dimension every crawl metric carries (Powertools' default dimension). */
export const CRAWL_METRICS_SERVICE = 'crawler';

/** The crawl functions' metrics in `namespace`; a worker, which crawls one kind, passes it as a default dimension. */
export const createCrawlMetrics = (namespace: string, kind?: CrawlKind): Metrics =>
  new Metrics({ namespace, serviceName: CRAWL_METRICS_SERVICE, ...(kind === undefined ? {} : { defaultDimensions: { [CRAWL_METRIC_DIMENSION]: kind } }) });

/** Adds counts to `metrics` (written when the invocation ends). */
export const addCrawlMetrics = (metrics: Metrics, values: Partial<Record<CrawlMetricName, number>>): void => {
  for (const [name, value] of Object.entries(values)) metrics.addMetric(name, MetricUnit.Count, value);
};
