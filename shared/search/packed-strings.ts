/**
 * A list of strings kept as UTF-8 bytes: `bytes` holds them end to end, string i is
 * `bytes[offsets[i] .. offsets[i + 1])`. Strings are decoded only when asked for, so a search
 * snapshot (shared/search/job-index-image.ts) can hold hundreds of thousands of them without
 * making one JavaScript string each at load. Any string may be stored (newlines too).
 *
 *   const packed = packStrings(['go', 'rust']);
 *   stringAt(packed, 1);                                  // 'rust'
 *   findBytes(packed, utf8('go'));                        // 0 (the list sorted by `compareBytes`)
 */
export interface PackedStrings {
  bytes: Uint8Array;
  /** n + 1 offsets into `bytes`, ascending. */
  offsets: Uint32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The UTF-8 bytes of `text`. */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** Packs `list` in its order. */
export const packStrings = (list: readonly string[]): PackedStrings => packBytes(list.map(utf8));

/** Packs UTF-8 byte strings in their order. */
export const packBytes = (list: readonly Uint8Array[]): PackedStrings => {
  const offsets = new Uint32Array(list.length + 1);
  let total = 0;
  list.forEach((bytes, at) => {
    total += bytes.length;
    offsets[at + 1] = total;
  });
  const bytes = new Uint8Array(total);
  list.forEach((one, at) => bytes.set(one, offsets[at]!));
  return { bytes, offsets };
};

/** How many strings `packed` holds. */
export const packedCount = (packed: PackedStrings): number => packed.offsets.length - 1;

/** String `at` (a new string each call). */
export const stringAt = (packed: PackedStrings, at: number): string => decoder.decode(packed.bytes.subarray(packed.offsets[at]!, packed.offsets[at + 1]!));

/** Every string, in order. */
export const unpackStrings = (packed: PackedStrings): string[] => Array.from({ length: packedCount(packed) }, (_, at) => stringAt(packed, at));

/** Byte order of two UTF-8 strings (the order of their code points). */
export const compareBytes = (a: Uint8Array, b: Uint8Array): number => {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at += 1) {
    if (a[at] !== b[at]) return a[at]! - b[at]!;
  }
  return a.length - b.length;
};

/** The position of `wanted` (UTF-8) in `packed`, which is sorted by `compareBytes`, or -1. */
export const findBytes = (packed: PackedStrings, wanted: Uint8Array): number => {
  const { bytes, offsets } = packed;
  let low = 0;
  let high = offsets.length - 2;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const start = offsets[middle]!;
    const end = offsets[middle + 1]!;
    const length = Math.min(end - start, wanted.length);
    let order = 0;
    for (let at = 0; at < length && order === 0; at += 1) order = bytes[start + at]! - wanted[at]!;
    if (order === 0) order = end - start - wanted.length;
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
};
