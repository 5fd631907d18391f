import { describe, expect, it } from 'vitest';
import { jsonResponse, jsonReusingFrozen } from './responses';

describe('jsonReusingFrozen', () => {
  it('answers the value JSON.stringify gives, in ASCII, whether its parts are frozen or not', () => {
    const shared = Object.freeze({ job_title: 'Ingénieur – Łódź "ML" 😀', skills: ['C++'] });
    const page = { jobs: [shared, { job_title: 'São Paulo\n' }, shared], count: 3, facets: Object.freeze({ country: { BR: 1 } }), note: undefined };
    for (let round = 0; round < 2; round += 1) {
      const response = jsonResponse(200, jsonReusingFrozen(page));
      expect(response.body).toMatch(/^[\x20-\x7e]*$/);
      expect(JSON.parse(response.body)).toEqual(JSON.parse(JSON.stringify(page)));
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('writes counts (facets, a pay histogram) as JSON.stringify does, byte for byte', () => {
    const escaped = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const page = {
      jobs: [Object.freeze({ job_title: 'Ingénieur', company: 'Łódź AI' })],
      count: 1234,
      facets: { seniority: { senior: 3, staff: 0 }, country: { DE: 2, US: 10 }, 'années': { '10': 1, '2': 2 }, empty: {} },
      pay_histogram: { bands: [{ from_usd: 0, count: 1 }, { from_usd: 25_000, count: 0 }], without_pay: 7 },
      odd: [1, undefined, null, true, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, [2, [3]]],
      mixed: { at: new Date('2026-01-02T03:04:05.000Z'), word: 'naïve', n: 1, nested: { gone: undefined, kept: false } },
      gone: undefined,
    };
    expect(jsonReusingFrozen(page).json).toBe(escaped(page));
  });
});
