/**
 * Binary searches over sorted numeric arrays (ids, hashes, instants in ms, yearly USD pay): the
 * positions the search index, the job table and the digest's match lists look up. Each returns a
 * position in [low, high): the first one whose value passes the bound, or `high` when none does.
 * Plain loops, no callbacks: they run inside per-query and per-subscriber loops.
 */

/** The first position in [low, high) of `ascending` whose value is at least `value` (`high` when none). */
export const firstAtLeast = (ascending: ArrayLike<number>, value: number, low = 0, high = ascending.length): number => {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ascending[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** The first position of `descending` whose value is below `bound` (`descending.length` when none). */
export const firstBelow = (descending: ArrayLike<number>, bound: number): number => {
  let low = 0;
  let high = descending.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (descending[middle]! < bound) high = middle;
    else low = middle + 1;
  }
  return low;
};

/** The first position of `descending` whose value is at most `value` (`descending.length` when none). */
export const firstAtMost = (descending: ArrayLike<number>, value: number): number => {
  let low = 0;
  let high = descending.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (descending[middle]! > value) low = middle + 1;
    else high = middle;
  }
  return low;
};
