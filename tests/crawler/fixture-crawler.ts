/**
 * `fixtureCrawler(server, catalog, settings?)`: a crawler whose ATS hosts are the fixture server
 * (fixture-server.ts; the address guard lets it reach that one test host, without pacing),
 * writing to an isolated catalog as against DynamoDB Local (transactions); `settings` are
 * CRAWL_* variables (lambdas/config.ts readCrawlConfig) laid over that.
 */
import { readCrawlConfig, type Env } from '../../lambdas/config';
import { localEndpoints } from '../../lambdas/crawler/board-urls';
import { createCrawler, type Crawler } from '../../lambdas/crawler/crawler';
import type { IsolatedCatalog } from '../support/dynamodb';
import type { FixtureServer } from './fixture-server';

export const fixtureCrawler = (server: FixtureServer, catalog: Pick<IsolatedCatalog, 'storage' | 'config'>, settings: Env = {}): Crawler =>
  createCrawler({
    crawl: readCrawlConfig({}, { CRAWL_ALLOW_HOSTS: server.hostPort, CRAWL_HOST_INTERVAL_MS: '0', ...settings }),
    doc: catalog.storage.clients.doc,
    tables: catalog.config.dynamodb.tables,
    catalogVersion: catalog.storage.catalogVersion,
    endpoints: localEndpoints(server.base),
    writeMode: 'transaction',
  });
