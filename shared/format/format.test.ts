import { describe, expect, it } from 'vitest';
import { normaliseEmailAddress } from '../email/address';
import { isEmailAddress } from './email-address';
import { CountryCodeSchema } from '../search/job-query';
import { countryCodes, isCountryCode } from './job-labels';
import { payEstimateText, payFloorText, payRangeExpectedText, payText, usdYearText } from './pay';
import { timeAgo } from './time-ago';
import { workplaceLabel } from './workplace';

describe('isEmailAddress (the form) agrees with the server', () => {
  const accepted = ['ada@example.com', ' Ada.Lovelace@Example.COM ', "o'brien+jobs@mail.example.co.uk", 'a_b-c@x1.io'];
  const rejected = [
    'ada.@example.com',
    'ada@-x.com',
    'jose@correo.españa',
    'ada@example',
    'ada example.com',
    'ada@@example.com',
    '.ada@example.com',
    'a..b@example.com',
    `${'a'.repeat(250)}@example.com`,
  ];

  it.each(accepted)('accepts %s, as the server does', (email) => {
    expect(isEmailAddress(email)).toBe(true);
    expect(normaliseEmailAddress(email)).not.toBeNull();
  });
  it.each(rejected)('rejects %s, as the server does', (email) => {
    expect(isEmailAddress(email)).toBe(false);
    expect(normaliseEmailAddress(email)).toBeNull();
  });
});

describe('timeAgo', () => {
  const now = new Date('2025-10-28T12:00:00Z');
  it('reads the largest whole unit', () => {
    expect(timeAgo('2025-10-25T12:00:00Z', now)).toBe('3 days ago');
    expect(timeAgo('2025-10-28T09:30:00Z', now)).toBe('2 hours ago');
    expect(timeAgo('2025-10-28T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-08-20T12:00:00Z', now)).toBe('2 months ago');
    expect(timeAgo('2024-12-03T14:25:43.571+00:00', now)).toBe('10 months ago');
    expect(timeAgo('2023-01-01T00:00:00Z', now)).toBe('2 years ago');
  });
  it('says just now under a minute and for future times, nothing for a bad date', () => {
    expect(timeAgo('2025-10-28T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2025-10-29T00:00:00Z', now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('pay as people read it (shared/format/pay.ts, the one pay formatter)', () => {
  const pay = (min: number | null, max: number | null, currency = 'USD', period: 'year' | 'month' | 'hour' = 'year') => ({
    min,
    max,
    currency,
    period,
    summary: null,
  });
  it("shows USD a year as the site always has, other pay in the employer's currency and period", () => {
    expect(payText(pay(180_583, 230_000))).toBe('$181k – $230k');
    expect(payText(pay(140_000, 235_000, 'GBP'))).toBe('£140k – £235k per year');
    expect(payText(pay(60_000, 80_000, 'EUR'))).toBe('€60k – €80k per year');
    expect(payText(pay(43, 45, 'GBP', 'hour'))).toBe('£43 – £45 per hour');
    expect(payText(pay(33.65, 38.7, 'USD', 'hour'))).toBe('$33.65 – $38.70 per hour');
    expect(payText(pay(9000, 12_000, 'USD', 'month'))).toBe('$9,000 – $12,000 per month');
  });
  it('writes each currency in its own convention: lakhs and crores for rupees, millions for yen and won', () => {
    expect(payText(pay(7_000_000, 9_000_000, 'INR'))).toBe('₹70L – ₹90L per year');
    expect(payText(pay(750_000, 12_000_000, 'INR'))).toBe('₹7.5L – ₹1.2Cr per year');
    expect(payText(pay(45_000, null, 'INR', 'month'))).toBe('From ₹45,000 per month');
    expect(payText(pay(8_000_000, 10_000_000, 'JPY'))).toBe('¥8M – ¥10M per year');
    expect(payText(pay(60_000_000, 80_000_000, 'KRW'))).toBe('₩60M – ₩80M per year');
  });
  it('shows one end when only one is known, and nothing without a figure or with an unknown currency', () => {
    expect(payText(pay(45, null, 'GBP', 'hour'))).toBe('From £45 per hour');
    expect(payText(pay(null, 80_000, 'EUR'))).toBe('Up to €80k per year');
    expect(payText(pay(150_000, 150_000))).toBe('$150k');
    expect(payText(pay(null, null))).toBeNull();
    expect(payText(null)).toBeNull();
    expect(payText(pay(1, 2, 'XYZW'))).toBeNull();
  });
  it('labels our yearly-USD conversion and our estimate as ours, apart from posted pay', () => {
    expect(usdYearText({ min: 64_000, max: 86_000 })).toBe('≈ $64k – $86k a year in US dollars');
    const estimate = { min: 150_000, max: 190_000, currency: 'USD' as const, period: 'year' as const, basis_count: 42 };
    expect(payEstimateText({ ...estimate, scope: { similar: 'title_and_level', place: 'US' } })).toBe('Est. $150k – $190k · from 42 similar postings in the US');
    expect(payEstimateText({ ...estimate, scope: { similar: 'title_and_level', place: 'San Francisco, US' } })).toBe('Est. $150k – $190k · from 42 similar postings in San Francisco');
    expect(payEstimateText({ ...estimate, scope: { similar: 'title_and_level', place: null } })).toBe('Est. $150k – $190k · from 42 similar postings across all countries');
  });
  it('words the pay floor and the transparency note', () => {
    expect(payFloorText(100_000)).toBe('$100k+');
    expect(payRangeExpectedText({ jurisdiction: 'Colorado', since: '2021-01-01', citation: 'C.R.S. § 8-5-201' })).toBe('No pay range posted (Colorado law has required one since 2021)');
  });
});

it('labels workplaces', () => {
  expect((['remote', 'hybrid', 'onsite'] as const).map(workplaceLabel)).toEqual(['Remote', 'Hybrid', 'On-site']);
});

describe('country codes (the filter bar offers) agree with the server', () => {
  it('offers every country the API takes and none it answers 400 for', () => {
    const offered = countryCodes();
    expect(offered.length).toBeGreaterThan(240);
    for (const code of offered) expect(CountryCodeSchema.safeParse(code).success).toBe(true);
    for (const code of ['EU', 'EZ', 'UN', 'ZZ', 'XA', 'QO', 'AA']) {
      expect(offered).not.toContain(code);
      expect(CountryCodeSchema.safeParse(code).success).toBe(false);
    }
    expect(['DE', 'GB', 'XK', 'PR'].every(isCountryCode)).toBe(true);
  });

  it('offers only current codes: not the withdrawn ones the runtime still names (East Germany beside Germany)', () => {
    const offered = countryCodes();
    // ISO 3166-1 codes withdrawn: DD East Germany, FX Metropolitan France, CS Serbia and Montenegro,
    // YU Yugoslavia, SU USSR, AN Netherlands Antilles, ZR Zaire, BU Burma, TP East Timor.
    for (const code of ['DD', 'FX', 'CS', 'YU', 'SU', 'AN', 'ZR', 'BU', 'TP']) {
      expect(offered).not.toContain(code);
      expect(CountryCodeSchema.safeParse(code).success).toBe(false);
    }
    expect(offered).toHaveLength(250);
    expect(['DE', 'FR', 'RS', 'ME', 'GB', 'CW', 'TL', 'MM', 'CD'].every(isCountryCode)).toBe(true);
  });
});
