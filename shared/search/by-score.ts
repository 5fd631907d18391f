/**
 * Ordering matched jobs by relevance score without a comparator: shared by the job table's first
 * page (shared/search/job-table.ts) and a held text's whole order (shared/search/text-matches.ts).
 */

/**
 * The first `needed` ids by score (highest first), keeping the given (ascending) order within a
 * score: a view on `into`'s first `needed` slots. `counted` is all zeros, one slot per possible
 * score (65,536: scores are Uint16), and is left so. One pass counts each score's ids; the second
 * places ids only while a slot below `needed` is left, so a first page of a common word's many
 * best matches stops after its first few hundred ids instead of reading all of them twice more.
 */
export const bucketByScore = (ids: ArrayLike<number>, scores: ArrayLike<number>, needed: number, into: Uint32Array, counted: Uint32Array): Uint32Array => {
  let top = 0;
  for (let at = 0; at < scores.length; at += 1) {
    const score = scores[at]!;
    counted[score]! += 1;
    if (score > top) top = score;
  }
  // Each score's first slot (`counted` reused: scores from the top down), and how many ids to place.
  let slot = 0;
  let unplaced = 0;
  for (let score = top; score >= 0; score -= 1) {
    const count = counted[score]!;
    counted[score] = slot;
    if (slot < needed) unplaced += Math.min(count, needed - slot);
    slot += count;
  }
  const ranked = into.subarray(0, needed);
  for (let at = 0; at < ids.length && unplaced > 0; at += 1) {
    const score = scores[at]!;
    const place = counted[score]!;
    if (place < needed) {
      ranked[place] = ids[at]!;
      counted[score] = place + 1;
      unplaced -= 1;
    }
  }
  counted.fill(0, 0, top + 1);
  return ranked;
};
