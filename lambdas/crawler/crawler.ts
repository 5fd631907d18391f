/**
 * Builds a ready crawler from the configuration and storage: the guarded HTTP fetcher (or a
 * replay of saved responses), the JSON ATS sources plus any extra source (the career-page
 * source plugs in here), and the DynamoDB crawl store.
 *
 * `createCrawler({ crawl, storage, tables, ... })` → `{ sources, fetcher, store, select, run, close }`:
 * - `select(companies, { company, provider })`: the companies a source can crawl, narrowed to one
 *   company (by name, company key or board token, any case) and/or one ATS; in a replay, only
 *   the companies whose board has a saved response;
 * - `run(companies, { onResult, full })`: one crawl run (run-crawl.ts), each company's logo
 *   refreshed first when `logos` is given (so its jobs carry the new logo in the same run);
 * - `refreshLogo(company)`: the logo step (lambdas/logos/refresh-logo.ts) → the company as it is
 *   now (its `company_logo` our own /logos/<key> when one was stored); the company unchanged
 *   without `logos`, in a replay, or when the step finds or fails to find a logo;
 * - `close()`: releases the connection pool.
 */
import type { Company } from '../../shared/companies/company';
import { companyKey } from '../../shared/companies/company';
import type { CrawlStore } from '../../shared/crawl/crawl-store';
import type { CompanyCrawlResult } from '../../shared/crawl/crawl-summary';
import type { Fetcher, Source } from '../../shared/sources/source';
import type { CatalogVersion } from '../../shared/jobs/job-ports';
import type { Clock } from '../../shared/time/clock';
import type { CrawlConfig } from '../config';
import { createCrawlStore } from '../storage/crawl-store';
import type { CrawlWriteMode } from '../storage/crawl-writes';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_ENDPOINTS, type AtsEndpoints } from './board-urls';
import { createCrawlFetcher } from './http-fetcher';
import { jsonSources, sourceFor } from './json-sources';
import { createReplayFetcher, type ReplayFetcher } from './replay-fetcher';
import { runCrawl } from './run-crawl';
import type { SearchEngineNotifier } from '../../shared/seo/search-engine-notifier';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { LogoStore } from '../../shared/companies/logo-store';
import { refreshCompanyLogo } from '../logos/refresh-logo';

export interface CrawlerOptions {
  crawl: CrawlConfig;
  doc: DynamoDBDocumentClient;
  tables: { jobs: string; companies: string; state: string };
  catalogVersion: CatalogVersion;
  clock?: Clock;
  /** Where each ATS is asked (default: the providers' own hosts). */
  endpoints?: AtsEndpoints;
  /** Read saved responses from DIR/{provider}/{board}.json instead of the network. */
  replayDir?: string;
  /** 'transaction' against DynamoDB Local, 'single' on AWS (lambdas/storage/crawl-writes.ts). */
  writeMode?: CrawlWriteMode;
  /** More sources (e.g. career pages), tried after the JSON ones for a company's ATS. */
  extraSources?: readonly Source[];
  /** Told after each run which job pages opened, changed or closed (./search-engines.ts). */
  searchEngines?: SearchEngineNotifier;
  /** Where company logos are stored (issue 13.5) and the registry their URLs are written to; none: no logo step. */
  logos?: { store: LogoStore; companies: CompanyRepository };
}

export interface Crawler {
  sources: readonly Source[];
  fetcher: Fetcher;
  store: CrawlStore;
  select(companies: readonly Company[], filter?: { company?: string; provider?: string }): Company[];
  run(companies: readonly Company[], options?: { onResult?: (result: CompanyCrawlResult, done: number, total: number) => void; full?: boolean }): ReturnType<typeof runCrawl>;
  refreshLogo(company: Company): Promise<Company>;
  close(): Promise<void>;
}

export const createCrawler = (options: CrawlerOptions): Crawler => {
  const { crawl } = options;
  const endpoints = options.endpoints ?? DEFAULT_ENDPOINTS;
  const sources = [...jsonSources(endpoints), ...(options.extraSources ?? [])];
  const replay: ReplayFetcher | null = options.replayDir === undefined ? null : createReplayFetcher(options.replayDir, endpoints);
  const http =
    replay === null
      ? createCrawlFetcher(crawl)
      : null;
  const fetcher: Fetcher = replay ?? http!;
  const store = createCrawlStore(options.doc, options.tables, options.writeMode ?? 'single');
  const clock = options.clock ?? (() => new Date());

  const select: Crawler['select'] = (companies, filter = {}) => {
    const wanted = filter.company === undefined ? null : companyKey(filter.company);
    const provider = filter.provider?.trim().toLowerCase();
    return companies.filter((company) => {
      const source = sourceFor(sources, company);
      if (source === null) return false;
      if (wanted !== null && company.company_key !== wanted && company.board_token?.toLowerCase() !== wanted) return false;
      if (provider !== undefined && source.ats !== provider) return false;
      if (replay !== null && !replay.hasSavedBoard(source.ats, company.board_token ?? '')) return false;
      return true;
    });
  };

  const refreshLogo = async (company: Company): Promise<Company> => {
    if (http === null || options.logos === undefined) return company;
    const outcome = await refreshCompanyLogo(company, { fetcher: http, logos: options.logos.store, companies: options.logos.companies, siteUrl: crawl.siteUrl });
    return outcome.outcome === 'stored' ? { ...company, company_logo: outcome.url } : company;
  };

  /** Every company's logo refreshed, `crawl.concurrency` at a time (the fetcher paces per site). */
  const withLogos = async (companies: readonly Company[]): Promise<readonly Company[]> => {
    if (http === null || options.logos === undefined) return companies;
    const refreshed: Company[] = [];
    for (let start = 0; start < companies.length; start += crawl.concurrency) {
      refreshed.push(...(await Promise.all(companies.slice(start, start + crawl.concurrency).map(refreshLogo))));
    }
    return refreshed;
  };

  return {
    sources,
    fetcher,
    store,
    select,
    refreshLogo,
    run: async (companies, runOptions = {}) =>
      runCrawl(
        await withLogos(companies),
        {
          store,
          fetcher,
          sources,
          clock,
          seenRefreshMs: crawl.seenRefreshMs,
          full: runOptions.full ?? false,
          catalogVersion: options.catalogVersion,
          concurrency: crawl.concurrency,
          ...(options.searchEngines === undefined ? {} : { searchEngines: options.searchEngines }),
        },
        runOptions.onResult === undefined ? {} : { onResult: runOptions.onResult },
      ),
    close: async () => {
      await http?.close();
    },
  };
};
