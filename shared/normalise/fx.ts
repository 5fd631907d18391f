import { XMLParser } from 'fast-xml-parser';
import type { Compensation, PayPeriod, SalaryUsdYear } from '../jobs/job';

/**
 * Dated euro reference exchange rates and pay in whole US dollars a year.
 *
 * Source format: the European Central Bank's daily reference rates,
 * https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml — a `gesmes:Envelope` whose
 * `Cube/Cube[@time=YYYY-MM-DD]` holds one `Cube[@currency][@rate]` per currency, `rate` being
 * units of that currency for 1 EUR (e.g. USD 1.0705). About 30 currencies; EUR itself is implied.
 *
 * `salaryUsdYear(compensation, rates)` is a pure port: the caller passes the rates table (the
 * crawler the latest stored ECB rates, else the committed snapshot in `fx-snapshot.ts`).
 */

/** One day's ECB reference rates: `perEur[code]` units of `code` (ISO 4217) for 1 EUR; `EUR` is 1. */
export interface EcbRates {
  /** The ECB reference date, YYYY-MM-DD. */
  date: string;
  perEur: Readonly<Record<string, number>>;
}

/** Thrown by `parseEcbDailyXml` when the body is not an ECB daily reference-rate file; the message names what is wrong. */
export class EcbRatesFormatError extends Error {
  override name = 'EcbRatesFormatError';
}

/** Larger than any real daily file (about 1.7 KB); a guard against hostile bodies. */
const MAX_XML = 64 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * The rates of an ECB `eurofxref-daily.xml` body (the first, i.e. only, day it holds).
 * Checks: at most 64 KB, a `Cube` with a `time` of YYYY-MM-DD, every currency a three-letter
 * upper-case code with a positive finite decimal rate, USD present. Throws `EcbRatesFormatError` otherwise.
 */
export const parseEcbDailyXml = (xml: string): EcbRates => {
  if (typeof xml !== 'string' || xml.length > MAX_XML) throw new EcbRatesFormatError('ECB rates: body missing or larger than 64 KB');
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new EcbRatesFormatError(`ECB rates: not XML (${error instanceof Error ? error.message : String(error)})`);
  }
  const envelope = record(record(document).Envelope);
  const day = record(asArray(record(asArray(envelope.Cube)[0]).Cube)[0]);
  const date = day.time;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new EcbRatesFormatError('ECB rates: no Cube with a time of YYYY-MM-DD');
  const perEur: Record<string, number> = { EUR: 1 };
  for (const entry of asArray(day.Cube)) {
    const { currency, rate } = record(entry);
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new EcbRatesFormatError(`ECB rates: bad currency ${JSON.stringify(currency)}`);
    const value = typeof rate === 'string' && /^\d+(?:\.\d+)?$/.test(rate) ? Number(rate) : Number.NaN;
    if (!(value > 0) || !Number.isFinite(value)) throw new EcbRatesFormatError(`ECB rates: bad rate for ${currency}: ${JSON.stringify(rate)}`);
    perEur[currency] = value;
  }
  if (perEur.USD === undefined) throw new EcbRatesFormatError('ECB rates: no USD rate');
  return { date, perEur };
};

/** Working time in one year, per pay period: 2,080 hours, 260 days, 52 weeks, 12 months. */
export const PERIODS_PER_YEAR: Readonly<Record<PayPeriod, number>> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };

/**
 * `amount` of `currency` (ISO 4217) in US dollars, crossed through the euro
 * (amount / perEur[currency] × perEur.USD); null when the table has no rate for the currency.
 */
export const toUsd = (amount: number, currency: string, rates: EcbRates): number | null => {
  const perEur = rates.perEur[currency.toUpperCase()];
  const usdPerEur = rates.perEur.USD;
  if (perEur === undefined || usdPerEur === undefined) return null;
  return currency.toUpperCase() === 'USD' ? amount : (amount / perEur) * usdPerEur;
};

/**
 * Pay as posted → whole US dollars a year: each of min/max times the periods in a year
 * (`PERIODS_PER_YEAR`), converted with `rates` (`toUsd`), rounded to the dollar.
 * Null when there is no compensation, no figure, or no rate for its currency.
 *
 * Example: { min: 60, max: 80, currency: 'GBP', period: 'hour' } with GBP 0.84638, USD 1.0705 per EUR
 *   → { min: 157847, max: 210462 }.
 */
export const salaryUsdYear = (compensation: Compensation | null, rates: EcbRates): SalaryUsdYear | null => {
  if (!compensation || (compensation.min === null && compensation.max === null)) return null;
  const yearly = (value: number | null): number | null => {
    if (value === null) return null;
    const usd = toUsd(value * PERIODS_PER_YEAR[compensation.period], compensation.currency, rates);
    return usd === null ? null : Math.round(usd);
  };
  const min = yearly(compensation.min);
  const max = yearly(compensation.max);
  return min === null && max === null ? null : { min, max };
};
