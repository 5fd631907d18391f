import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailure, type Fetcher } from '../../shared/sources/source';
import { EcbRatesFormatError } from '../../shared/normalise/fx';
import { ECB_SNAPSHOT_RATES, ECB_SNAPSHOT_XML } from '../../shared/normalise/fx-snapshot';
import { fixedClock } from '../../shared/time/clock';
import { isolatedCatalog, type IsolatedCatalog } from '../../tests/support/dynamodb';
import { DynamoEcbRates, latestRates } from '../storage/ecb-rates';
import { createEcbRatesHandler, ECB_DAILY_URL } from './ecb-rates';

/** A fake at the network edge: answers ECB's URL with `body` (or fails), and records what was asked. */
const fetcherAnswering = (body: string | Error): Fetcher & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    get: async (url) => {
      asked.push(url);
      if (body instanceof Error) throw body;
      return { url, status: 200, contentType: 'text/xml', body };
    },
  };
};

const NEXT_DAY_XML = ECB_SNAPSHOT_XML.replace("time='2024-06-28'", "time='2024-07-01'").replace("rate='1.0705'", "rate='1.0745'");
const silent = () => undefined;

describe('the daily ECB rate refresh (DynamoDB Local state table)', () => {
  let catalog: IsolatedCatalog;
  let store: DynamoEcbRates;
  beforeAll(async () => {
    catalog = await isolatedCatalog();
    store = new DynamoEcbRates(catalog.storage.clients.doc, catalog.config.dynamodb.tables.state);
  });
  afterAll(async () => catalog.drop());

  it('crawls use the committed snapshot until rates are stored', async () => {
    expect(await store.latest()).toBeNull();
    expect(await latestRates(store, fixedClock('2024-07-01T16:00:00Z'))()).toBe(ECB_SNAPSHOT_RATES);
  });

  it('fetches ECB daily file, stores it, and crawls then read it', async () => {
    const fetcher = fetcherAnswering(NEXT_DAY_XML);
    const handler = createEcbRatesHandler({ fetcher, store, clock: fixedClock('2024-07-01T16:10:00Z') }, silent);
    expect(await handler({ id: 'event-1', time: '2024-07-01T16:10:00Z' })).toEqual({ date: '2024-07-01', currencies: 31 });
    expect(fetcher.asked).toEqual([ECB_DAILY_URL]);
    const rates = await latestRates(store, fixedClock('2024-07-01T16:11:00Z'))();
    expect(rates.date).toBe('2024-07-01');
    expect(rates.perEur).toMatchObject({ EUR: 1, USD: 1.0745, GBP: 0.84638 });
  });

  it('never replaces newer rates with an older file', async () => {
    await createEcbRatesHandler({ fetcher: fetcherAnswering(ECB_SNAPSHOT_XML), store, clock: fixedClock('2024-07-02T16:10:00Z') }, silent)({});
    expect((await store.latest())?.date).toBe('2024-07-01');
  });

  it('fails without storing anything when ECB answers something else or not at all', async () => {
    const page = fetcherAnswering('<html><body>Maintenance</body></html>');
    await expect(createEcbRatesHandler({ fetcher: page, store, clock: fixedClock('2024-07-03T16:10:00Z') }, silent)({})).rejects.toThrow(EcbRatesFormatError);
    const down = fetcherAnswering(new FetchFailure('http', 'HTTP 503 from www.ecb.europa.eu'));
    await expect(createEcbRatesHandler({ fetcher: down, store, clock: fixedClock('2024-07-03T16:10:00Z') }, silent)({})).rejects.toThrow(FetchFailure);
    expect((await store.latest())?.date).toBe('2024-07-01');
  });
});
