/**
 * `parseJobQuery(body)`: `JobQuerySchema.parse(body)` (job-query.ts), with a quick path for the
 * bodies a filter bar and the API's clients send.
 *
 * Every `POST /jobs` validates its body, and the schema's parse (22 nullable fields with
 * defaults, each through zod's wrappers) was a tenth of a distinct search's CPU time on the HTTP
 * path (bench/search-http.ts). The quick path takes a JSON object whose fields are each null or
 * a value it can judge for certain from the same declarations (the filters' `FilterValue`, the
 * limits exported by job-query.ts), and gives the value the schema gives: defaults filled in,
 * country codes in upper case, texts trimmed, new arrays. Anything else (an unknown field, a
 * value of the wrong type or out of range, a time to read) goes to the schema, so every refusal
 * is the schema's `ZodError`, worded as it words it (answered 400 naming the field).
 * parse-job-query.test.ts holds the two equal over the bench's query mix and every filter kind.
 */
import { isCountryCode } from '../format/job-labels';
import type { FilterValue, SearchFilter } from './filters/search-filter';
import { SEARCH_FILTERS } from './filters/search-filters';
import { DEFAULT_PAGE_SIZE, JOB_SORTS, JobQuerySchema, MAX_FILTER_TEXT_CHARS, MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_CHARS, MAX_SEARCH_STRINGS, type JobQuery } from './job-query';

/** What a field's quick check returns for a value it cannot vouch for. */
const UNSURE = Symbol('unsure');

type Check = (value: unknown) => unknown;

const wholeNumber = (min: number, max: number): Check => (value) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? value : UNSURE);

/** An array of at most `max` items, each judged by `item`: a new array of what it returns. */
const listOf = (max: number, item: Check): Check => (value) => {
  if (!Array.isArray(value) || value.length > max) return UNSURE;
  const out: unknown[] = [];
  for (const each of value) {
    const judged = item(each);
    if (judged === UNSURE) return UNSURE;
    out.push(judged);
  }
  return out;
};

const ALPHA_2 = /^[A-Za-z]{2}$/;
const countryCode: Check = (value) => {
  if (typeof value !== 'string' || !ALPHA_2.test(value)) return UNSURE;
  const code = value.toUpperCase();
  return isCountryCode(code) ? code : UNSURE;
};

const oneOf = (values: readonly string[]): Check => {
  const known = new Set(values);
  return (value) => (typeof value === 'string' && known.has(value) ? value : UNSURE);
};

const checkOf = (value: FilterValue): Check => {
  switch (value.kind) {
    case 'choices':
      return listOf(value.max, oneOf(value.values));
    case 'countries':
      return listOf(value.max, countryCode);
    case 'texts':
      return listOf(value.max, (text) => {
        if (typeof text !== 'string') return UNSURE;
        const trimmed = text.trim();
        return trimmed.length >= 1 && trimmed.length <= MAX_FILTER_TEXT_CHARS ? trimmed : UNSURE;
      });
    case 'country':
      return countryCode;
    case 'number':
      return wholeNumber(value.min, value.max);
    case 'flag':
      return (flag) => (typeof flag === 'boolean' ? flag : UNSURE);
    case 'instant':
      // A time's text is the schema's to read (ISO-8601 rules).
      return () => UNSURE;
  }
};

/** Each field's check and default, in the schema's order (null-able fields take null as their default). */
const FIELDS = new Map<string, { check: Check; nullable: boolean }>([
  ['page', { check: wholeNumber(0, MAX_PAGE), nullable: false }],
  ['page_size', { check: wholeNumber(1, MAX_PAGE_SIZE), nullable: false }],
  ['search', { check: listOf(MAX_SEARCH_STRINGS, (text) => (typeof text === 'string' && text.length <= MAX_SEARCH_CHARS ? text : UNSURE)), nullable: true }],
  ...(SEARCH_FILTERS as readonly SearchFilter[]).map((filter): [string, { check: Check; nullable: boolean }] => [filter.name, { check: checkOf(filter.value), nullable: true }]),
  ['sort', { check: oneOf(JOB_SORTS), nullable: true }],
  ['include_description', { check: (flag) => (typeof flag === 'boolean' ? flag : UNSURE), nullable: true }],
]);

const DEFAULTS: Readonly<Record<string, unknown>> = Object.fromEntries([...FIELDS.keys()].map((name) => [name, name === 'page' ? 0 : name === 'page_size' ? DEFAULT_PAGE_SIZE : null]));

/** The query the schema would make of `body`, or null when the quick path cannot vouch for it. */
const quickJobQuery = (body: unknown): JobQuery | null => {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.getPrototypeOf(body) !== Object.prototype) return null;
  const query: Record<string, unknown> = { ...DEFAULTS };
  for (const name in body) {
    const field = FIELDS.get(name);
    if (field === undefined || !Object.hasOwn(body, name)) return null;
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined || (value === null && field.nullable)) continue;
    const judged = field.check(value);
    if (judged === UNSURE) return null;
    query[name] = judged;
  }
  return query as JobQuery;
};

/**
 * A `POST /jobs` body (parsed JSON; undefined or null: every default) as a validated query.
 * @throws ZodError, as `JobQuerySchema.parse` throws it, when the body breaks the schema.
 */
export const parseJobQuery = (body: unknown): JobQuery => {
  const given = body ?? {};
  return quickJobQuery(given) ?? JobQuerySchema.parse(given);
};
