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
});
