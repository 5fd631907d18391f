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
  ] as const)('%j', (text, expected) => {
    expect(parseSalary(text)).toEqual(expected);
  });

  it('returns null when the text names no money', () => {
    expect(parseSalary('')).toBeNull();
    expect(parseSalary('Competitive salary')).toBeNull();
    expect(parseSalary('0.1% – 0.3%')).toBeNull();
    expect(parseSalary('120,000 - 150,000')).toBeNull();
  });
});
