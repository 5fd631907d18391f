/**
 * A crawl run: the source statuses read once (one Scan of the crawl records), then every given
 * company through the pipeline (crawl-company.ts), `concurrency`
 * companies at once (p-queue; requests are further paced per site by the fetcher), then the
 * catalog version bumped once when any company's open jobs or shown content changed (so warm
 * search indexes rebuild: at once locally, within the version-check period on AWS), then the
 * run recorded (CrawlStore.recordRun), then the job pages opened, changed or closed handed to
 * the search engines (`searchEngines`, best effort: its failure never fails the run).
 *
 * `runCrawl(companies, deps, { onResult })` → `{ record, results }`. `onResult(result, done,
 * total)` is called as each company finishes (progress bars). A company whose crawl throws
 * (storage unreachable) becomes a failing result with the message; the run goes on.
 * Idempotent: running it again on unchanged boards writes only statuses and the run record.
 */
import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { Company } from '../../shared/companies/company';
import type { CatalogVersion } from '../../shared/jobs/job-ports';
import type { PageChanges, SearchEngineNotifier } from '../../shared/seo/search-engine-notifier';
import { NO_CHANGES, summariseRun, type CompanyCrawlResult, type CrawlRunRecord } from '../../shared/crawl/crawl-summary';
import { crawlCompany, type CrawlCompanyDeps } from './crawl-company';

export interface CrawlRunDeps extends CrawlCompanyDeps {
  catalogVersion: CatalogVersion;
  /** Companies crawled at once. */
  concurrency: number;
  /** Told the job pages the run opened, changed or closed; none: nobody is told. */
  searchEngines?: SearchEngineNotifier;
}

export interface CrawlRunOptions {
  onResult?: (result: CompanyCrawlResult, done: number, total: number) => void;
}

export const runCrawl = async (
  companies: readonly Company[],
  deps: CrawlRunDeps,
  options: CrawlRunOptions = {},
): Promise<{ record: CrawlRunRecord; results: CompanyCrawlResult[] }> => {
  const startedAt = deps.clock().toISOString();
  const started = performance.now();
  const knownStatuses = new Map((await deps.store.listSourceStatuses()).map((status) => [status.company_key, status]));
  // Collected only for a notifier: a first crawl of the registry opens hundreds of thousands of pages.
  const pages: PageChanges = { updated: [], deleted: [] };
  const onPageChanges = (changes: PageChanges): void => {
    pages.updated.push(...changes.updated);
    pages.deleted.push(...changes.deleted);
  };
  const companyDeps = { ...deps, knownStatuses, ...(deps.searchEngines === undefined ? {} : { onPageChanges }) };
  const queue = new PQueue({ concurrency: deps.concurrency });
  const results: CompanyCrawlResult[] = [];
  await Promise.all(
    companies.map((company) =>
      queue.add(async () => {
        const begun = performance.now();
        const result = await crawlCompany(company, companyDeps).catch(
          (error: unknown): CompanyCrawlResult => ({
            company_key: company.company_key,
            company_name: company.company_name,
            ats: company.ats,
            outcome: 'failing',
            reason: `crawl error: ${error instanceof Error ? error.message : String(error)}`,
            counts: NO_CHANGES,
            openJobs: company.job_count,
            unchangedBody: false,
            catalogChanged: false,
            durationMs: performance.now() - begun,
          }),
        );
        results.push(result);
        options.onResult?.(result, results.length, companies.length);
      }),
    ),
  );
  const changed = results.some((result) => result.catalogChanged);
  const finishedAt = deps.clock().toISOString();
  if (changed) await deps.catalogVersion.bump(finishedAt);
  const record = summariseRun(results, {
    run_id: randomUUID(),
    started_at: startedAt,
    finished_at: finishedAt,
    elapsed_ms: Math.round(performance.now() - started),
    catalog_version_bumped: changed,
  });
  await deps.store.recordRun(record);
  if (deps.searchEngines !== undefined && pages.updated.length + pages.deleted.length > 0) {
    await deps.searchEngines.notify(pages).catch(() => undefined);
  }
  return { record, results };
};
