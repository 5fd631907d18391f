/**
 * The CrawlStore port (shared/crawl/crawl-store.ts) on DynamoDB: job and company writes
 * (crawl-writes.ts) and the state table's source statuses and run records (crawl-runs.ts).
 * `createCrawlStore(doc, tables, mode)`: mode 'transaction' against DynamoDB Local (an endpoint is
 * configured), 'single' on AWS (see crawl-writes.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CrawlStore } from '../../shared/crawl/crawl-store';
import { DynamoCrawlJobs, type CrawlWriteMode } from './crawl-writes';
import { DynamoCrawlRuns } from './crawl-runs';

export const createCrawlStore = (doc: DynamoDBDocumentClient, tables: { jobs: string; companies: string; state: string }, mode: CrawlWriteMode = 'single'): CrawlStore => {
  const jobs = new DynamoCrawlJobs(doc, tables, mode);
  const runs = new DynamoCrawlRuns(doc, tables.state);
  return {
    listCompanyJobs: (companyKey) => jobs.listCompanyJobs(companyKey),
    countOpenJobs: (companyKey) => jobs.countOpenJobs(companyKey),
    writeJobs: (writes) => jobs.writeJobs(writes),
    setJobCount: (companyKey, count) => jobs.setJobCount(companyKey, count),
    setCompanyName: (companyKey, name) => jobs.setCompanyName(companyKey, name),
    getSourceStatus: (companyKey) => runs.getSourceStatus(companyKey),
    putSourceStatus: (status) => runs.putSourceStatus(status),
    listSourceStatuses: () => runs.listSourceStatuses(),
    recordRun: (run) => runs.recordRun(run),
    lastRun: () => runs.lastRun(),
  };
};
