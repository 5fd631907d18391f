import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { EcbRatesFormatError, parseEcbDailyXml, salaryUsdYear } from './fx';
import { ECB_SNAPSHOT_RATES, ECB_SNAPSHOT_XML } from './fx-snapshot';

/**
 * Yearly USD pay on real captured postings: stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json
 * (in ../shared/data/ats/ashby, MIT), converted with the committed ECB snapshot of 2024-06-28.
 */
const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));

const jobsOf = (board: string, rates?: Parameters<typeof salaryUsdYear>[1]) =>
  parseAshbyBoard(JSON.parse(readFileSync(`${ASHBY_DIR}${board}.json`, 'utf8')), {
    company: { company_key: board, company_name: board, company_url: null, company_logo: null },
    boardToken: board,
    clock: fixedClock('2025-10-28T12:00:00.000Z'),
    rates,
  }).jobs;

const job = (board: string, idPrefix: string, rates?: Parameters<typeof salaryUsdYear>[1]) => {
  const found = jobsOf(board, rates).find((candidate) => candidate.source.job_id.startsWith(idPrefix));
  if (!found) throw new Error(`${board} ${idPrefix} not found`);
  return found;
};

// GBP → USD via EUR with the snapshot: × 1.0705 / 0.84638.
const GBP_TO_USD = 1.0705 / 0.84638;

describe('yearly USD pay from any currency and period (real postings)', () => {
  it('keeps USD yearly pay as posted and the public thousands fields as before', () => {
    const usd = jobsOf('sierra').filter((candidate) => candidate.compensation?.currency === 'USD' && candidate.compensation.period === 'year');
    expect(usd.length).toBeGreaterThan(10);
    for (const { compensation, salary_usd_year, min_salary } of usd) {
      expect(salary_usd_year).toEqual({ min: compensation?.min, max: compensation?.max });
      expect(min_salary).toBe(Math.round((compensation?.min ?? 0) / 1000));
    }
  });

  it('converts hourly pounds with 2,080 hours a year (Sierra "Office Coordinator, London": £43.00 – £45.00 per hour)', () => {
    const office = job('sierra', 'e3781010');
    expect(office.compensation).toMatchObject({ min: 43, max: 45, currency: 'GBP', period: 'hour' });
    expect(office.salary_usd_year).toEqual({ min: Math.round(43 * 2080 * GBP_TO_USD), max: Math.round(45 * 2080 * GBP_TO_USD) });
    expect(office.min_salary).toBeNull();
  });

  it('converts weekly and monthly US dollars (Decagon intern $2.4K per week; Cartesia research intern $8K – $12K per month)', () => {
    expect(job('decagon', 'aa9c9d2a').salary_usd_year).toEqual({ min: 124800, max: 124800 });
    expect(job('cartesia', '0dc46cae').salary_usd_year).toEqual({ min: 96000, max: 144000 });
  });

  it('converts rupees and Canadian dollars through the euro (Cartesia ₹70L – ₹90L; Sierra CA$270K – CA$370K)', () => {
    expect(job('cartesia', '9d9c6cc0').salary_usd_year).toEqual({ min: Math.round((7000000 / 89.2495) * 1.0705), max: Math.round((9000000 / 89.2495) * 1.0705) });
    expect(job('sierra', '91bbdfe5').salary_usd_year).toEqual({ min: Math.round((270000 / 1.467) * 1.0705), max: Math.round((370000 / 1.467) * 1.0705) });
  });

  it('uses the rates the crawler passes instead of the snapshot', () => {
    const rates = { date: '2026-11-23', perEur: { EUR: 1, USD: 1.2, GBP: 0.8 } };
    expect(job('sierra', 'e3781010', rates).salary_usd_year).toEqual({ min: Math.round(((43 * 2080) / 0.8) * 1.2), max: Math.round(((45 * 2080) / 0.8) * 1.2) });
  });

  it('gives no yearly figure for a currency without a rate, or without pay', () => {
    expect(salaryUsdYear({ min: 100, max: 200, currency: 'XAF', period: 'year', summary: null }, ECB_SNAPSHOT_RATES)).toBeNull();
    expect(salaryUsdYear(null, ECB_SNAPSHOT_RATES)).toBeNull();
    expect(salaryUsdYear({ min: null, max: 150000, currency: 'EUR', period: 'year', summary: null }, ECB_SNAPSHOT_RATES)).toEqual({ min: null, max: 150000 * 1.0705 });
  });
});

describe('parseEcbDailyXml', () => {
  it('reads the committed ECB snapshot: its date and every currency, EUR implied', () => {
    expect(ECB_SNAPSHOT_RATES.date).toBe('2024-06-28');
    expect(ECB_SNAPSHOT_RATES.perEur).toMatchObject({ EUR: 1, USD: 1.0705, GBP: 0.84638, JPY: 171.94, INR: 89.2495 });
    expect(Object.keys(ECB_SNAPSHOT_RATES.perEur)).toHaveLength(31);
  });

  it('refuses what is not an ECB daily file, naming what is wrong', () => {
    expect(() => parseEcbDailyXml('<html><body>Service unavailable</body></html>')).toThrow(/time of YYYY-MM-DD/);
    expect(() => parseEcbDailyXml(ECB_SNAPSHOT_XML.replace("rate='1.0705'", "rate='-1'"))).toThrow(/bad rate for USD/);
    expect(() => parseEcbDailyXml(ECB_SNAPSHOT_XML.replace("currency='USD' rate='1.0705'", "currency='usd' rate='1.0705'"))).toThrow(EcbRatesFormatError);
    expect(() => parseEcbDailyXml(ECB_SNAPSHOT_XML.replace(/<Cube currency='USD'[^>]*>/, ''))).toThrow(/no USD rate/);
    expect(() => parseEcbDailyXml('x'.repeat(70_000))).toThrow(/64 KB/);
  });
});
