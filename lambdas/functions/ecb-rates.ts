/**
 * The daily ECB rate refresh (scheduled function): an EventBridge scheduled event → fetch ECB's
 * daily euro reference rates (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml)
 * through the crawler's guarded HTTP client, check them (`parseEcbDailyXml`: ECB's XML format,
 * a YYYY-MM-DD date, positive rates, USD present) and store them in the state table
 * (lambdas/storage/ecb-rates.ts), where the crawl workers read them for `salary_usd_year`.
 *
 * Returns `{ date, currencies }`. A fetch failure or a body that is not ECB's format throws (the
 * invocation fails, Lambda retries it, then it goes to the failure destination) and stores
 * nothing: the crawlers keep the last good rates, else the committed snapshot.
 *
 * Settings: readConfig (the state table), readCrawlConfig (user agent, timeouts, size cap).
 */
import type { Fetcher } from '../../shared/sources/source';
import { parseEcbDailyXml, type EcbRates } from '../../shared/normalise/fx';
import type { Clock } from '../../shared/time/clock';
import { readConfig, readCrawlConfig } from '../config';
import { createCrawlFetcher } from '../crawler/http-fetcher';
import { scheduledChain } from '../events/event-chains';
import { createLogger, type Logger } from '../observability/log';
import { DynamoEcbRates } from '../storage/ecb-rates';
import { createStorage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

/** ECB's daily reference-rate file (about 1.7 KB, updated around 16:00 CET on TARGET working days). */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export interface EcbRatesRefreshDeps {
  fetcher: Fetcher;
  store: Pick<DynamoEcbRates, 'put'>;
  clock: Clock;
}

/** Fetches, checks and stores today's ECB rates; throws FetchFailure or EcbRatesFormatError. */
export const refreshEcbRates = async (deps: EcbRatesRefreshDeps): Promise<EcbRates> => {
  const response = await deps.fetcher.get(ECB_DAILY_URL, { accept: 'application/xml, text/xml' });
  const rates = parseEcbDailyXml(response.body);
  await deps.store.put(rates, deps.clock().toISOString());
  return rates;
};

/** The scheduled handler over given ports (tests); `handler` builds them from the environment. */
export const createEcbRatesHandler = (deps: EcbRatesRefreshDeps, logger: Logger) =>
  scheduledChain(
    async () => {
      const rates = await refreshEcbRates(deps);
      const figures = { date: rates.date, currencies: Object.keys(rates.perEur).length };
      logger('info', 'ECB reference rates stored', figures);
      return figures;
    },
    { logger },
  );

export const handler = onFirstCall(() => {
  const config = readConfig();
  const crawl = readCrawlConfig();
  const storage = createStorage(config);
  const fetcher = createCrawlFetcher(crawl, { hostConcurrency: 1, hostIntervalMs: 0 });
  return createEcbRatesHandler({ fetcher, store: new DynamoEcbRates(storage.clients.doc, config.dynamodb.tables.state), clock: () => new Date() }, createLogger(config.logLevel));
});
