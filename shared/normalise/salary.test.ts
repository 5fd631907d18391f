import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/ashby-salaries.json';
import { parseSalary } from './salary';

// Real strings: stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (see the fixture's "source").
describe('parseSalary on real Ashby compensation summaries (expected values written by hand)', () => {
  it('holds at least 200 distinct real strings', () => {
    expect(new Set(fixture.cases.map((row) => row.text)).size).toBeGreaterThanOrEqual(200);
  });

  it.each(fixture.cases.map((row) => [row.text, row.expected] as const))('%j', (text, expected) => {
    expect(parseSalary(text)).toEqual(expected);
  });
});

/**
 * Every compensation string of the 1,333 captured Ashby postings (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json,
 * in ../shared/data/ats/ashby): `compensationTierSummary`, `scrapeableCompensationSalarySummary`, each tier's
 * `tierSummary` and each salary component's `summary`, read against Ashby's own structured salary
 * (`currencyCode`, `interval`, `minValue`, `maxValue`) within the text's rounding ("$180.6K"); no salary → null.
 */
describe('parseSalary against the structured salary of every captured Ashby posting', () => {
  const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));
  const PERIOD: Record<string, string> = { '1 YEAR': 'year', '1 MONTH': 'month', '1 WEEK': 'week', '1 DAY': 'day', '1 HOUR': 'hour' };
  interface Component { compensationType?: string; interval?: string; currencyCode?: string; minValue?: number; maxValue?: number; summary?: string }
  interface Tier { tierSummary?: string; components?: Component[] }
  const salaryOf = (components: Component[] | undefined) => {
    const salary = components?.find((component) => component?.compensationType === 'Salary');
    return salary ? { min: salary.minValue ?? salary.maxValue, max: salary.maxValue ?? salary.minValue, currency: salary.currencyCode, period: PERIOD[salary.interval ?? ''] } : null;
  };
  const cases = new Map<string, ReturnType<typeof salaryOf>>();
  for (const file of readdirSync(ASHBY_DIR).filter((name) => name.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(ASHBY_DIR + file, 'utf8')) as { jobs: { compensation?: { compensationTierSummary?: string; scrapeableCompensationSalarySummary?: string; summaryComponents?: Component[]; compensationTiers?: Tier[] } }[] };
    for (const { compensation } of body.jobs) {
      if (!compensation) continue;
      const add = (text: string | undefined, expected: ReturnType<typeof salaryOf>) => text && !cases.has(text) && cases.set(text, expected);
      add(compensation.compensationTierSummary, salaryOf(compensation.summaryComponents));
      add(compensation.scrapeableCompensationSalarySummary, salaryOf(compensation.summaryComponents));
      for (const tier of compensation.compensationTiers ?? []) {
        add(tier?.tierSummary, salaryOf(tier?.components));
        for (const component of tier?.components ?? []) if (component?.compensationType === 'Salary') add(component.summary, salaryOf([component]));
      }
    }
  }
  const near = (got: number, want: number | undefined) => want !== undefined && Math.abs(got - want) <= Math.max(0.01, 0.006 * want);

  it('holds about a thousand distinct strings', () => {
    expect(cases.size).toBeGreaterThan(1000);
  });

  it('reads every one as Ashby structured it', () => {
    const misread = [...cases].flatMap(([text, expected]) => {
      const got = parseSalary(text);
      const right = expected === null ? got === null : got !== null && got.currency === expected.currency && got.period === expected.period && near(got.min, expected.min) && near(got.max, expected.max);
      return right ? [] : [{ text, got, expected }];
    });
    expect(misread).toEqual([]);
  });
});

describe('parseSalary on the forms the crawler issue names', () => {
  const year = (min: number, max: number, currency: string) => ({ min, max, currency, period: 'year' });
  it.each([
    ['$180K – $250K', year(180000, 250000, 'USD')],
    ['£32K – £35K • Offers Equity', year(32000, 35000, 'GBP')],
    ['€60,000 - €80,000 per year', year(60000, 80000, 'EUR')],
    ['$45/hr', { min: 45, max: 45, currency: 'USD', period: 'hour' }],
    ['$200K', year(200000, 200000, 'USD')],
    ['CA$150K – CA$200K', year(150000, 200000, 'CAD')],
    ['¥10M', year(10000000, 10000000, 'JPY')],
    ['€90K–€110K + equity', year(90000, 110000, 'EUR')],
    ['USD 120,000-150,000', year(120000, 150000, 'USD')],
    ['120.000 - 140.000 EUR', year(120000, 140000, 'EUR')],
    ['$180-250K', year(180000, 250000, 'USD')],
    ['$6,000 - $8,000 a month', { min: 6000, max: 8000, currency: 'USD', period: 'month' }],
    ['£400 per day', { min: 400, max: 400, currency: 'GBP', period: 'day' }],
    ['$25 - $30', { min: 25, max: 30, currency: 'USD', period: 'hour' }],
    ['$150k-$200k OTE', year(150000, 200000, 'USD')],
    ['$120K – $150K CAD', year(120000, 150000, 'CAD')],
    ["CHF 120'000 – 140'000", year(120000, 140000, 'CHF')],
    ['SEK 600 000 - 700 000', year(600000, 700000, 'SEK')],
    ['150 000 € - 180 000 €', year(150000, 180000, 'EUR')],
    ['PLN 15 000 – 20 000 / month', { min: 15000, max: 20000, currency: 'PLN', period: 'month' }],
    ['€4.500 - €5.500 brutto/Monat', { min: 4500, max: 5500, currency: 'EUR', period: 'month' }],
    ['between $150,000 and $200,000', year(150000, 200000, 'USD')],
    ['NT$1.2M – NT$1.8M', year(1200000, 1800000, 'TWD')],
    ['¥600万 – ¥900万', year(6000000, 9000000, 'JPY')],
    ['₹25,00,000 - ₹35,00,000', year(2500000, 3500000, 'INR')],
    ['฿80K – ฿120K per month', { min: 80000, max: 120000, currency: 'THB', period: 'month' }],
    ['Rp 20.000.000 – Rp 30.000.000', year(20000000, 30000000, 'IDR')],
    ['₱80K – ₱120K per month', { min: 80000, max: 120000, currency: 'PHP', period: 'month' }],
  ] as const)('%j', (text, expected) => {
    expect(parseSalary(text)).toEqual(expected);
  });

  it('returns null when the text names no money', () => {
    expect(parseSalary('')).toBeNull();
    expect(parseSalary('Competitive salary')).toBeNull();
    expect(parseSalary('0.1% – 0.3%')).toBeNull();
    expect(parseSalary('120,000 - 150,000')).toBeNull();
    expect(parseSalary('Offers Equity • Offers Bonus')).toBeNull();
    expect(parseSalary('Equity only')).toBeNull();
  });
});
