import type { JobSummary } from '../jobs/job-summary';
import { packBytes, utf8, type PackedStrings } from './packed-strings';

/**
 * The job summaries a search index holds, by id (position; job-table.ts orders them). Two
 * forms behind one interface:
 * - `ArrayRows`: the summaries as objects (an index built in-process, e.g. from a DynamoDB listing);
 * - `PackedRows`: the summaries as compact bytes (a search snapshot, job-index-image.ts), each
 *   decoded only when asked for, so a load never walks every summary. Per field a column of
 *   value ids (Uint32) into that field's distinct values, each kept once as JSON text
 *   (`PackedRowsParts`); a value repeated across jobs (a company, a place list, a date) is stored once.
 *
 * `at(id)` on packed rows keeps the last `RECENT_ROWS` summaries it decoded and gives the same
 * object again while one is kept, so what callers keep per summary object (a list form, its JSON:
 * find-jobs.ts, lambdas/http/responses.ts) serves the jobs that pages show again and again;
 * past that, a new object: callers must not rely on identity, nor modify what they get.
 */
export interface JobRows extends Iterable<JobSummary> {
  readonly length: number;
  /** Summary `id` (0 ≤ id < length). */
  at(id: number): JobSummary;
  /** One field of summary `id`, without decoding the rest. */
  field<F extends keyof JobSummary>(id: number, field: F): JobSummary[F];
  /** The ids, ascending. */
  keys(): IterableIterator<number>;
}

function* ids(length: number): IterableIterator<number> {
  for (let id = 0; id < length; id += 1) yield id;
}

/** Rows over summaries already in memory. */
export class ArrayRows implements JobRows {
  readonly length: number;
  constructor(private readonly list: readonly JobSummary[]) {
    this.length = list.length;
  }
  at(id: number): JobSummary {
    return this.list[id]!;
  }
  field<F extends keyof JobSummary>(id: number, field: F): JobSummary[F] {
    return this.list[id]![field];
  }
  keys(): IterableIterator<number> {
    return ids(this.list.length);
  }
  [Symbol.iterator](): IterableIterator<JobSummary> {
    return this.list[Symbol.iterator]();
  }
}

/**
 * Packed summaries: `columns[f][id]` is the position in `values[f]` of job id's JSON value of
 * field `fields[f]`, or the largest number of the column's type when the job has no such key
 * (a column is as narrow as its field's distinct values allow).
 */
export interface PackedRowsParts {
  fields: string[];
  columns: RowColumn[];
  values: PackedStrings[];
}

export type RowColumn = Uint8Array | Uint16Array | Uint32Array;

/** The value id of a field a job does not have, in a column of `column`'s type. */
const absentIn = (column: RowColumn): number => (column instanceof Uint8Array ? 0xff : column instanceof Uint16Array ? 0xffff : 0xffffffff);

/** `column` (ABSENT for a missing key) in the narrowest type that holds `count` value ids and the absent mark. */
const narrow = (column: Uint32Array, count: number): RowColumn => {
  if (count >= 0xffff) return column;
  const narrowed = count < 0xff ? new Uint8Array(column.length) : new Uint16Array(column.length);
  const absent = absentIn(narrowed);
  for (let id = 0; id < column.length; id += 1) narrowed[id] = column[id] === ABSENT ? absent : column[id]!;
  return narrowed;
};

/** Fields with at most this many distinct values keep each decoded value for `field`. */
const CACHED_VALUES = 1 << 16;
/**
 * Summaries `PackedRows.at` keeps decoded: 4,096, about 20 first pages' worth of every sort
 * at 20 jobs (each kept with its list form and JSON, a few KB a row: about 20 MB at most).
 */
const RECENT_ROWS = 4096;
/** The value id of a field a summary does not have. */
const ABSENT = 0xffffffff;
const decoder = new TextDecoder();

/** Packs summaries (their own keys, any JSON values; `undefined` fields are left out as JSON.stringify does). */
export const packRows = (rows: Iterable<JobSummary>, length: number): PackedRowsParts => {
  const fields: string[] = [];
  const fieldAt = new Map<string, number>();
  const columns: Uint32Array[] = [];
  const distinct: Map<string, number>[] = [];
  let id = 0;
  for (const summary of rows) {
    for (const [field, value] of Object.entries(summary)) {
      if (value === undefined) continue;
      let f = fieldAt.get(field);
      if (f === undefined) {
        f = fields.length;
        fieldAt.set(field, f);
        fields.push(field);
        columns.push(new Uint32Array(length).fill(ABSENT));
        distinct.push(new Map());
      }
      const text = JSON.stringify(value);
      const known = distinct[f]!;
      let valueId = known.get(text);
      if (valueId === undefined) {
        valueId = known.size;
        known.set(text, valueId);
      }
      columns[f]![id] = valueId;
    }
    id += 1;
  }
  return { fields, columns: columns.map((column, f) => narrow(column, distinct[f]!.size)), values: distinct.map((known) => packBytes([...known.keys()].map(utf8))) };
};

/** Rows decoded from `PackedRowsParts` on demand: one JSON.parse of the job's assembled bytes per `at`. */
export class PackedRows implements JobRows {
  readonly length: number;
  private readonly fieldAt: Map<string, number>;
  /** `,"field":` in UTF-8, per field. */
  private readonly prefixes: Uint8Array[];
  /** Per field, its column's absent mark. */
  private readonly absent: number[];
  private scratch = new Uint8Array(4096);
  /** Per field, its values decoded so far (fields with few distinct values only). */
  private readonly decoded: unknown[][] = [];
  /** The summaries `at` decoded last, oldest first (a Map keeps insertion order). */
  private readonly recent = new Map<number, JobSummary>();

  constructor(private readonly parts: PackedRowsParts, length: number) {
    this.length = length;
    this.fieldAt = new Map(parts.fields.map((field, f) => [field, f]));
    this.prefixes = parts.fields.map((field) => utf8(`,${JSON.stringify(field)}:`));
    this.absent = parts.columns.map(absentIn);
  }

  at(id: number): JobSummary {
    const kept = this.recent.get(id);
    if (kept !== undefined) return kept;
    const summary = this.decode(id);
    if (this.recent.size >= RECENT_ROWS) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(id, summary);
    return summary;
  }

  /** Summary `id` as a new object, from its fields' JSON texts. */
  private decode(id: number): JobSummary {
    const { columns, values } = this.parts;
    let size = 2;
    for (let f = 0; f < columns.length; f += 1) {
      const value = columns[f]![id]!;
      if (value !== this.absent[f]) size += this.prefixes[f]!.length + values[f]!.offsets[value + 1]! - values[f]!.offsets[value]!;
    }
    if (size > this.scratch.length) this.scratch = new Uint8Array(size * 2);
    const out = this.scratch;
    let at = 0;
    for (let f = 0; f < columns.length; f += 1) {
      const value = columns[f]![id]!;
      if (value === this.absent[f]) continue;
      const prefix = this.prefixes[f]!;
      out.set(prefix, at);
      // The first field opens the object instead of following a comma.
      if (at === 0) out[0] = 0x7b;
      at += prefix.length;
      const { bytes, offsets } = values[f]!;
      out.set(bytes.subarray(offsets[value]!, offsets[value + 1]!), at);
      at += offsets[value + 1]! - offsets[value]!;
    }
    if (at === 0) return {} as JobSummary;
    out[at] = 0x7d;
    return JSON.parse(decoder.decode(out.subarray(0, at + 1))) as JobSummary;
  }

  /** A field with few distinct values (at most `CACHED_VALUES`) is decoded once per value: the value returned may be shared, do not modify it. */
  field<F extends keyof JobSummary>(id: number, field: F): JobSummary[F] {
    const f = this.fieldAt.get(field);
    const value = f === undefined ? ABSENT : this.parts.columns[f]![id]!;
    if (f === undefined || value === this.absent[f]) return undefined as JobSummary[F];
    const { bytes, offsets } = this.parts.values[f!]!;
    const cache = offsets.length - 1 <= CACHED_VALUES ? (this.decoded[f!] ??= []) : null;
    const known = cache?.[value];
    if (known !== undefined) return known as JobSummary[F];
    const decoded = JSON.parse(decoder.decode(bytes.subarray(offsets[value]!, offsets[value + 1]!))) as JobSummary[F];
    if (cache !== null) cache[value] = decoded;
    return decoded;
  }

  keys(): IterableIterator<number> {
    return ids(this.length);
  }

  *[Symbol.iterator](): IterableIterator<JobSummary> {
    // A walk over every row keeps none: it would only push out the rows pages show.
    for (let id = 0; id < this.length; id += 1) yield this.decode(id);
  }
}
