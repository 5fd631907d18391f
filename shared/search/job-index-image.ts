/**
 * A job index as bytes (the body of a search snapshot, lambdas/search/search-snapshot.ts): every
 * part of `JobIndexParts` (job-index.ts) laid out as typed arrays, so reading one back is a few
 * hundred views on one buffer, not a rebuild: nothing at load walks the jobs.
 *
 * Layout (format `JOB_INDEX_IMAGE_FORMAT`, little-endian):
 *   bytes 0-3  "LJIX"
 *   bytes 4-7  uint32: the header's length in bytes
 *   header     UTF-8 JSON `ImageHeader`: format, the table layout it was written under
 *              (job-table.ts `JOB_TABLE_LAYOUT`), the caller's `meta`, the job count, the small
 *              lists (countries, row fields) and the sections: [name, element type, byte offset, elements]
 *   sections   each at a byte offset that is a multiple of 8 from the start of the image
 * Sections: the rows (job-rows.ts `PackedRowsParts`: per field a Uint32 column of value ids and its
 * distinct values as packed JSON texts), the table's columns, each searched field's postings
 * (term-postings.ts), the ranked suggestions and the key index.
 *
 * The rows read back are `PackedRows`: a summary is decoded when a page lists it.
 */
import { JOB_TABLE_LAYOUT, SEARCH_FIELDS, type Geography, type JobTableColumns, type SearchField } from './job-table';
import type { JobIndexParts } from './job-index';
import { PackedRows, packRows, type PackedRowsParts, type RowColumn } from './job-rows';
import { packStrings, unpackStrings, utf8, type PackedStrings } from './packed-strings';
import { TermPostings, type TermPostingsParts } from './term-postings';

/** Bumped whenever the layout below changes; an image of another format is refused. */
export const JOB_INDEX_IMAGE_FORMAT = 2;

/** The bytes are not a job index image this code can read (truncated, other format, other table layout, other meta). */
export class SnapshotFormatError extends Error {
  override name = 'SnapshotFormatError';
}

const MAGIC = 'LJIX';
/** How many bytes each reach set holds (job-table.ts sizes them so). */
const REACH_BYTES = 1 << 12;

type ElementType = 'u8' | 'u16' | 'u32' | 'i32' | 'f64';
type Section = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
const TYPES: Record<ElementType, { new (buffer: ArrayBuffer, offset: number, length: number): Section; BYTES_PER_ELEMENT: number }> = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
};
const typeOf = (array: Section): ElementType =>
  array instanceof Uint8Array ? 'u8' : array instanceof Uint16Array ? 'u16' : array instanceof Uint32Array ? 'u32' : array instanceof Int32Array ? 'i32' : 'f64';

interface ImageHeader {
  format: number;
  layout: string;
  meta: Record<string, string | number>;
  jobs: number;
  countries: string[];
  rowFields: string[];
  sections: [name: string, type: ElementType, offset: number, length: number][];
}

/** Writes `parts` with `meta` (small facts of the caller's, e.g. the catalog version) as one image. */
export const encodeJobIndexImage = (parts: JobIndexParts, meta: Record<string, string | number>): Uint8Array => {
  const sections = new Map<string, Section>();
  const packed = (name: string, strings: PackedStrings) => {
    sections.set(`${name}.bytes`, strings.bytes);
    sections.set(`${name}.offsets`, strings.offsets);
  };
  const rows: PackedRowsParts = packRows(parts.rows, parts.rows.length);
  rows.fields.forEach((_, f) => {
    sections.set(`rows.${f}.column`, rows.columns[f]!);
    packed(`rows.${f}.values`, rows.values[f]!);
  });
  const table = parts.table;
  table.slots.forEach((slots, at) => sections.set(`table.slots.${at}`, slots));
  sections.set('table.attributes', table.attributes);
  sections.set('table.salary', table.salary);
  table.numbers.forEach((column, at) => sections.set(`table.numbers.${at}`, column));
  table.optionNumbers.forEach((column, at) => sections.set(`table.options.${at}`, column));
  sections.set('table.ghostSince', table.ghostSince);
  sections.set('table.company', table.company);
  packed('table.companyNames', packStrings(table.companyNames));
  sections.set('table.geography', table.geography);
  sections.set('table.geographies.reach', Int32Array.from(table.geographies, ({ reach }) => reach));
  for (const list of ['places', 'named'] as const) {
    const offsets = new Uint32Array(table.geographies.length + 1);
    table.geographies.forEach((geography, at) => (offsets[at + 1] = offsets[at]! + geography[list].length));
    const all = new Uint16Array(offsets[table.geographies.length]!);
    table.geographies.forEach((geography, at) => all.set(geography[list], offsets[at]!));
    sections.set(`table.geographies.${list}`, all);
    sections.set(`table.geographies.${list}.offsets`, offsets);
  }
  const reaches = new Uint8Array(table.reaches.length * REACH_BYTES);
  table.reaches.forEach((reach, at) => reaches.set(reach, at * REACH_BYTES));
  sections.set('table.reaches', reaches);
  for (const field of SEARCH_FIELDS) {
    const { terms, starts, ids } = parts.postings[field].parts();
    packed(`postings.${field}.terms`, terms);
    sections.set(`postings.${field}.starts`, starts);
    sections.set(`postings.${field}.ids`, toVarints(starts, ids));
  }
  sections.set('suggestions.kinds', parts.suggestions.kinds);
  packed('suggestions.texts', parts.suggestions.texts);
  packed('suggestions.folded', parts.suggestions.folded);
  sections.set('keys.hashes', parts.keys.hashes);
  sections.set('keys.ids', parts.keys.ids);

  const header: ImageHeader = {
    format: JOB_INDEX_IMAGE_FORMAT,
    layout: JOB_TABLE_LAYOUT,
    meta,
    jobs: parts.rows.length,
    countries: table.countries,
    rowFields: rows.fields,
    sections: [],
  };
  let start = 0;
  const place = (headerBytes: number) => {
    let offset = align(8 + headerBytes);
    header.sections = [...sections].map(([name, array]) => {
      const at = offset;
      offset = align(offset + array.byteLength);
      return [name, typeOf(array), at, array.length];
    });
    start = offset;
  };
  // The sections' offsets depend on the header's length, which holds them: place them after
  // room for the header, and make more room if the header then outgrows it.
  let reserved = utf8(JSON.stringify(header)).length + 64;
  let headerBytes: Uint8Array;
  for (;;) {
    place(reserved);
    headerBytes = utf8(JSON.stringify(header));
    if (headerBytes.length <= reserved) break;
    reserved = headerBytes.length + 64;
  }
  const image = new Uint8Array(start);
  image.set(utf8(MAGIC), 0);
  new DataView(image.buffer).setUint32(4, headerBytes.length, true);
  image.set(headerBytes, 8);
  for (const [name, , offset] of header.sections) {
    const array = sections.get(name)!;
    image.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
  }
  return image;
};

/** Each term's ids (ascending from `starts[t]` to `starts[t + 1]`) as LEB128 varints of their gaps: a posting takes 1 to 2 bytes instead of 4. */
const toVarints = (starts: Uint32Array, ids: Uint32Array): Uint8Array => {
  const out = new Uint8Array(ids.length * 5);
  let at = 0;
  for (let term = 0; term + 1 < starts.length; term += 1) {
    let previous = 0;
    for (let k = starts[term]!; k < starts[term + 1]!; k += 1) {
      let gap = ids[k]! - previous;
      previous = ids[k]!;
      while (gap >= 0x80) {
        out[at++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      out[at++] = gap;
    }
  }
  return out.slice(0, at);
};

/** The ids `toVarints` wrote. @throws SnapshotFormatError when they do not add up to ids below `jobs`. */
const fromVarints = (starts: Uint32Array, bytes: Uint8Array, jobs: number): Uint32Array => {
  const ids = new Uint32Array(starts.length === 0 ? 0 : starts[starts.length - 1]!);
  let at = 0;
  let largest = 0;
  for (let term = 0; term + 1 < starts.length; term += 1) {
    let previous = 0;
    for (let k = starts[term]!; k < starts[term + 1]!; k += 1) {
      let byte = bytes[at++]!;
      let gap = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = bytes[at++]!;
        gap += (byte & 0x7f) * 2 ** shift;
      }
      previous += gap;
      ids[k] = previous;
    }
    if (previous > largest) largest = previous;
  }
  // Reading past the end gives undefined, whose bits are 0: a short section shows here.
  if (at !== bytes.length || (ids.length > 0 && largest >= jobs)) throw new SnapshotFormatError('the image holds postings that do not add up');
  return ids;
};

const align = (offset: number): number => Math.ceil(offset / 8) * 8;

/**
 * The parts of an image (views on `image`'s buffer, which they keep), checked to be of this
 * format and table layout, with `meta` as given to `encodeJobIndexImage`.
 * @throws SnapshotFormatError when the bytes are not such an image (or are cut short).
 */
export const decodeJobIndexImage = (image: Uint8Array): { parts: JobIndexParts; meta: Record<string, string | number> } => {
  try {
    return readImage(image);
  } catch (error) {
    if (error instanceof SnapshotFormatError) throw error;
    throw new SnapshotFormatError(`not a job index image: ${String(error)}`);
  }
};

const readImage = (input: Uint8Array): { parts: JobIndexParts; meta: Record<string, string | number> } => {
  if (input.length < 8 || new TextDecoder().decode(input.subarray(0, 4)) !== MAGIC) throw new SnapshotFormatError('not a job index image');
  // Views need their element alignment: copy the rare input that does not start on 8 bytes.
  const image = input.byteOffset % 8 === 0 ? input : input.slice();
  const headerLength = new DataView(image.buffer, image.byteOffset).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(image.subarray(8, 8 + headerLength))) as ImageHeader;
  if (header.format !== JOB_INDEX_IMAGE_FORMAT) throw new SnapshotFormatError(`a format ${header.format} image, not format ${JOB_INDEX_IMAGE_FORMAT}`);
  if (header.layout !== JOB_TABLE_LAYOUT) throw new SnapshotFormatError('an image written under other search filters or countries');
  const sections = new Map(header.sections.map(([name, type, offset, length]) => [name, { type, offset, length }]));
  const section = <T extends Section>(name: string, type: ElementType): T => {
    const found = sections.get(name);
    if (found === undefined || found.type !== type) throw new SnapshotFormatError(`the image has no ${type} section ${name}`);
    if (found.offset + found.length * TYPES[type].BYTES_PER_ELEMENT > image.length) throw new SnapshotFormatError(`the image is cut short in ${name}`);
    return new TYPES[type](image.buffer as ArrayBuffer, image.byteOffset + found.offset, found.length) as T;
  };
  const packed = (name: string): PackedStrings => ({ bytes: section(`${name}.bytes`, 'u8'), offsets: section(`${name}.offsets`, 'u32') });
  const listOf = <T>(prefix: string, type: ElementType): T[] => {
    const found: T[] = [];
    while (sections.has(`${prefix}.${found.length}`)) found.push(section(`${prefix}.${found.length}`, type) as T);
    return found;
  };
  const jobs = header.jobs;

  const rows = new PackedRows(
    {
      fields: header.rowFields,
      columns: header.rowFields.map((_, f) => section<RowColumn>(`rows.${f}.column`, sections.get(`rows.${f}.column`)?.type ?? 'u32')),
      values: header.rowFields.map((_, f) => packed(`rows.${f}.values`)),
    },
    jobs,
  );
  const attributesType = sections.get('table.attributes')?.type === 'u16' ? 'u16' : 'u32';
  const reachOf = section<Int32Array>('table.geographies.reach', 'i32');
  const lists = (list: 'places' | 'named') => ({ all: section<Uint16Array>(`table.geographies.${list}`, 'u16'), offsets: section<Uint32Array>(`table.geographies.${list}.offsets`, 'u32') });
  const places = lists('places');
  const named = lists('named');
  const geographies: Geography[] = Array.from(reachOf, (reach, at) => ({
    reach,
    places: places.all.subarray(places.offsets[at]!, places.offsets[at + 1]!),
    named: named.all.subarray(named.offsets[at]!, named.offsets[at + 1]!),
  }));
  const reachBytes = section<Uint8Array>('table.reaches', 'u8');
  const table: JobTableColumns = {
    slots: listOf<Uint8Array>('table.slots', 'u8'),
    attributes: section(`table.attributes`, attributesType),
    salary: section('table.salary', 'f64'),
    numbers: listOf<Float64Array>('table.numbers', 'f64'),
    optionNumbers: listOf<Float64Array>('table.options', 'f64'),
    ghostSince: section('table.ghostSince', 'f64'),
    company: section('table.company', 'u32'),
    companyNames: unpackStrings(packed('table.companyNames')),
    geography: section('table.geography', 'u32'),
    geographies,
    reaches: Array.from({ length: reachBytes.length / REACH_BYTES }, (_, at) => reachBytes.subarray(at * REACH_BYTES, (at + 1) * REACH_BYTES)),
    countries: header.countries,
  };
  const columns = [table.attributes, table.salary, table.ghostSince, table.company, table.geography, ...table.slots, ...table.numbers, ...table.optionNumbers];
  if (columns.some((column) => column.length !== jobs) || rows.length !== jobs) throw new SnapshotFormatError('the image holds columns of another length than its jobs');
  const postingsOf = (field: SearchField): TermPostingsParts => {
    const starts = section<Uint32Array>(`postings.${field}.starts`, 'u32');
    return { terms: packed(`postings.${field}.terms`), starts, ids: fromVarints(starts, section(`postings.${field}.ids`, 'u8'), jobs) };
  };
  const postings = Object.fromEntries(
    SEARCH_FIELDS.map((field) => [field, TermPostings.restore(postingsOf(field))]),
  ) as Record<SearchField, TermPostings>;
  return {
    meta: header.meta,
    parts: {
      rows,
      table,
      postings,
      suggestions: { kinds: section('suggestions.kinds', 'u8'), texts: packed('suggestions.texts'), folded: packed('suggestions.folded') },
      keys: { hashes: section('keys.hashes', 'u32'), ids: section('keys.ids', 'u32') },
    },
  };
};
