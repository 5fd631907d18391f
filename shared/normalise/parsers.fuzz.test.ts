import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import locations from './fixtures/ashby-locations.json';
import salaries from './fixtures/ashby-salaries.json';
import { parseLocation } from './location';
import { parseSalary } from './salary';
import { payStatementsOf } from './pay-text';
import { parseSeniority, SENIORITY_LADDER } from './seniority';
import { parseYearsExperience } from './experience';
import { parseVisaSponsorship } from './visa';
import { EcbRatesFormatError, parseEcbDailyXml } from './fx';
import { ECB_SNAPSHOT_XML } from './fx-snapshot';

// Inputs: any Unicode text, and text stitched from real fragments, separators and symbols so
// that the generated strings reach the parsers' deeper branches.
const FRAGMENTS = [
  ...locations.cases.map((row) => row.text),
  ...salaries.cases.map((row) => row.text),
  'Remote', 'Hybrid', 'HQ', 'CA', 'ON', 'NY', 'UK', '(', ')', ',', ' - ', ' or ', '/', '•', '$', '€', '£', '¥', '₹', 'CA$',
  'K', 'M', 'L', '%', '-', '–', ' to ', 'per hour', '/hr', 'per month', '1', '999', '1,000', '1.5', '99999999999999999999',
  'USD', 'EUR', 'Senior', 'Staff', 'Intern', 'Head of', 'VP', 'Chief', 'Manager', 'Member of Technical Staff',
  'years', 'year', '+', 'of experience', 'at least', 'five', '31', 'experience:', 'visa sponsorship', 'sponsor visas', 'not', 'without', '\n', '.',
];
const stitched = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }).map((parts) => parts.join(' '));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 60 }), stitched);
const RUNS = { numRuns: 2000 };
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

describe('parsers never throw and always return well-formed values (fast-check)', () => {
  it('parseLocation', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const places = parseLocation(text);
        expect(Array.isArray(places)).toBe(true);
        if (LETTER_OR_DIGIT.test(text)) expect(places.length).toBeGreaterThan(0);
        for (const place of places) {
          expect(place.country === null || /^[A-Z]{2}$/.test(place.country)).toBe(true);
          expect(['remote', 'hybrid', 'onsite', 'unknown']).toContain(place.workplace);
          expect(place.city === null || place.city.trim().length > 0).toBe(true);
          expect(place.region === null || place.region.trim().length > 0).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('parseSalary', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const salary = parseSalary(text);
        if (salary === null) return;
        expect(salary.currency).toMatch(/^[A-Z]{3}$/);
        expect(Number.isFinite(salary.min) && Number.isFinite(salary.max)).toBe(true);
        expect(salary.min).toBeGreaterThan(0);
        expect(salary.min).toBeLessThanOrEqual(salary.max);
        expect(['year', 'month', 'week', 'day', 'hour']).toContain(salary.period);
      }),
      RUNS,
    );
  });

  it('payStatementsOf (description pay), also inside HTML', () => {
    const html = fc.oneof(anyText, anyText.map((text) => `<p>Compensation:</p><p>${text}</p><li>${text}</li>`));
    fc.assert(
      fc.property(html, (text) => {
        for (const pay of payStatementsOf(text)) {
          expect(pay.currency).toMatch(/^[A-Z]{3}$/);
          expect(pay.min).toBeGreaterThan(0);
          expect(pay.min).toBeLessThanOrEqual(pay.max);
          expect(['year', 'month', 'week', 'day', 'hour']).toContain(pay.period);
          expect(['base', 'on_target_earnings']).toContain(pay.basis);
        }
      }),
      RUNS,
    );
  });

  it('parseYearsExperience', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const years = parseYearsExperience(text);
        if (years === null) return;
        expect(years.min).toBeGreaterThanOrEqual(0);
        expect(years.min).toBeLessThanOrEqual(30);
        if (years.max !== null) expect(years.max).toBeGreaterThanOrEqual(years.min!);
      }),
      RUNS,
    );
  });

  it('parseVisaSponsorship', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(['offered', 'not_offered', 'unknown']).toContain(parseVisaSponsorship(text));
      }),
      RUNS,
    );
  });

  it('parseEcbDailyXml throws nothing but EcbRatesFormatError', () => {
    const mangled = fc.tuple(fc.nat(ECB_SNAPSHOT_XML.length), fc.nat(40), anyText).map(([at, cut, text]) => ECB_SNAPSHOT_XML.slice(0, at) + text + ECB_SNAPSHOT_XML.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(anyText, mangled), (xml) => {
        try {
          const rates = parseEcbDailyXml(xml);
          expect(rates.perEur.USD).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(EcbRatesFormatError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('parseSeniority', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const level = parseSeniority(text);
        expect(level === null || SENIORITY_LADDER.includes(level)).toBe(true);
      }),
      RUNS,
    );
  });
});
