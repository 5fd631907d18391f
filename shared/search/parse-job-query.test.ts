import { describe, expect, it, vi } from 'vitest';
import type { FilterValue, SearchFilter } from './filters/search-filter';
import { SEARCH_FILTERS } from './filters/search-filters';
import { JobQuerySchema } from './job-query';
import { parseJobQuery } from './parse-job-query';

/** Values of each kind a client may send: accepted ones first, then some the schema refuses. */
const samplesOf = (value: FilterValue): unknown[] => {
  switch (value.kind) {
    case 'choices':
      return [[], [value.values[0]], [...value.values].slice(0, value.max), [value.values[0], value.values[0]], ['nope'], [1], value.values[0], Array.from({ length: value.max + 1 }, () => value.values[0])];
    case 'countries':
      return [['US'], ['de', 'Gb'], [], ['XX'], ['USA'], [' us'], ['é1'], 'US', Array.from({ length: value.max + 1 }, () => 'US')];
    case 'texts':
      return [['python'], ['  padded  '], ['x'.repeat(100)], [], ['   '], [''], ['x'.repeat(101)], [3], 'python', Array.from({ length: value.max + 1 }, () => 'a')];
    case 'country':
      return ['US', 'de', 'XX', 'USA', 7, ['US']];
    case 'number':
      return [value.min, value.max, Math.round((value.min + value.max) / 2), value.min - 1, value.max + 1, 1.5, '5', Number.NaN];
    case 'flag':
      return [true, false, 'true', 1];
    case 'instant':
      return ['2026-03-10T07:00:00.000Z', '2026-03-10T07:00:00Z', 'yesterday', 5];
  }
};

/** Bodies a filter bar or an API client sends, and bodies the schema refuses, one field or several at a time. */
const bodies = (): unknown[] => {
  const list: unknown[] = [undefined, null, {}, { page: 0, page_size: 20 }, { page: 3, page_size: 240, sort: 'salary' }, { search: ['ml engineer', 'paris'] }];
  for (const [name, values] of [
    ['page', [0, 10_000, -1, 10_001, 2.5, '1', null]],
    ['page_size', [1, 240, 0, 241, null]],
    ['search', [['a'], [], ['x'.repeat(200)], ['x'.repeat(201)], Array.from({ length: 21 }, () => 'a'), [null], 'a', null]],
    ['sort', ['relevance', 'newest', 'salary', 'oldest', null]],
    ['include_description', [true, false, 'yes', null]],
    ['unknown_field', [1]],
  ] as const) {
    for (const value of values) list.push({ page: 1, [name]: value });
  }
  for (const filter of SEARCH_FILTERS as readonly SearchFilter[]) {
    for (const value of [...samplesOf(filter.value), null]) list.push({ page_size: 50, [filter.name]: value }, { search: ['engineer'], sort: 'newest', [filter.name]: value });
  }
  list.push(JSON.parse('{"__proto__": {"page": 1}}'), [], 'text', 5, Object.create({ page: 2 }) as unknown);
  return list;
};

/** What the schema makes of `body`, or the message it refuses it with. */
const outcome = (parse: (body: unknown) => unknown, body: unknown): unknown => {
  try {
    return { value: parse(body) };
  } catch (error) {
    return { error: String(error) };
  }
};

describe('parseJobQuery', () => {
  it('gives what JobQuerySchema.parse gives, or refuses with its very error, for every filter kind', () => {
    const all = bodies();
    expect(all.length).toBeGreaterThan(300);
    for (const body of all) expect(outcome(parseJobQuery, body), JSON.stringify(body)).toEqual(outcome((given) => JobQuerySchema.parse(given ?? {}), body));
  });

  it('fills in the defaults, upper-cases country codes, trims texts and hands back arrays of its own', () => {
    const countries = ['de', 'us'];
    const query = parseJobQuery({ countries, exclude_keywords: ['  crypto '], remote_from: 'gb' });
    expect(query).toMatchObject({ page: 0, page_size: 20, search: null, countries: ['DE', 'US'], exclude_keywords: ['crypto'], remote_from: 'GB', sort: null });
    expect(query.countries).not.toBe(countries);
    expect(Object.keys(query)).toEqual(Object.keys(JobQuerySchema.shape));
  });

  it('answers the bodies a filter bar sends without the schema, and hands it anything else', () => {
    const schema = vi.spyOn(JobQuerySchema, 'parse');
    try {
      parseJobQuery({ page: 2, page_size: 240, search: ['ml'], departments: ['Engineering'], countries: ['us'], min_salary_usd: 100_000, sort: 'salary', exclude_ghost: null });
      expect(schema).not.toHaveBeenCalled();
      parseJobQuery({ first_seen_since: '2026-03-10T07:00:00.000Z' });
      expect(schema).toHaveBeenCalledTimes(1);
    } finally {
      schema.mockRestore();
    }
  });
});
