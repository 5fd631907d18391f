/**
 * The JSON answers of the most recent distinct searches, per search index.
 *
 * A job board's searches repeat: the board's first page, the remote and engineering lists, the
 * popular filters. The index is immutable for one catalog version (a crawl that changes the
 * catalog builds a new one, lambdas/search/warm-job-index.ts), so an answer made from it stays
 * right for as long as that index serves: the cache is held per index object and leaves with it.
 * Only searches whose answer depends on nothing but the index may be cached; the caller decides
 * (`key` null: not cacheable), e.g. `POST /jobs` leaves out those with a time window, the
 * ghost-job filter or descriptions (lambdas/functions/jobs.ts).
 *
 *   const answers = createAnswerCache<JobIndex, JsonText>(64);
 *   const json = await answers(index, '{"page":0}', () => serialise(search(index, query)));
 *
 * Keys longer than `maxKeyChars` (default 2,000) are not kept, so request bodies cannot fill memory.
 * A failed answer is not kept. Least recently used answers leave first once `size` are held.
 *
 * An answer is kept from the second time its key is asked for (among the last `8 × size` keys
 * asked once): a search asked only once (most distinct searches) is answered without being kept,
 * so it neither pushes a popular answer out nor survives into the old generation of V8's heap
 * only to be collected there (each kept answer is 20–250 KB of text; keeping every distinct one
 * made old-generation collections a visible part of a distinct search's CPU time,
 * bench/search-http.ts).
 */
export type AnswerCache<Index extends object, Answer> = (index: Index, key: string | null, answer: () => Promise<Answer>) => Promise<Answer>;

/** How many keys asked once are remembered, per answer kept. */
const SEEN_PER_KEPT = 8;

interface Held<Answer> {
  answers: Map<string, Answer>;
  /** Keys asked for once, oldest first. */
  seen: Set<string>;
}

export const createAnswerCache = <Index extends object, Answer>(size: number, maxKeyChars = 2000): AnswerCache<Index, Answer> => {
  const byIndex = new WeakMap<Index, Held<Answer>>();
  return async (index, key, answer) => {
    if (key === null || key.length > maxKeyChars) return answer();
    let held = byIndex.get(index);
    const kept = held?.answers.get(key);
    if (held !== undefined && kept !== undefined) {
      // Most recently used last: Map keeps insertion order.
      held.answers.delete(key);
      held.answers.set(key, kept);
      return kept;
    }
    const made = await answer();
    if (held === undefined) byIndex.set(index, (held = { answers: new Map(), seen: new Set() }));
    if (!held.seen.delete(key)) {
      held.seen.add(key);
      if (held.seen.size > size * SEEN_PER_KEPT) held.seen.delete(held.seen.values().next().value as string);
      return made;
    }
    held.answers.set(key, made);
    if (held.answers.size > size) held.answers.delete(held.answers.keys().next().value as string);
    return made;
  };
};
