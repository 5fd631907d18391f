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
 */
export type AnswerCache<Index extends object, Answer> = (index: Index, key: string | null, answer: () => Promise<Answer>) => Promise<Answer>;

export const createAnswerCache = <Index extends object, Answer>(size: number, maxKeyChars = 2000): AnswerCache<Index, Answer> => {
  const byIndex = new WeakMap<Index, Map<string, Answer>>();
  return async (index, key, answer) => {
    if (key === null || key.length > maxKeyChars) return answer();
    let answers = byIndex.get(index);
    const held = answers?.get(key);
    if (answers !== undefined && held !== undefined) {
      // Most recently used last: Map keeps insertion order.
      answers.delete(key);
      answers.set(key, held);
      return held;
    }
    const made = await answer();
    if (answers === undefined) byIndex.set(index, (answers = new Map()));
    answers.set(key, made);
    if (answers.size > size) answers.delete(answers.keys().next().value as string);
    return made;
  };
};
