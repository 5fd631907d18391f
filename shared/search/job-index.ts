import { Index } from 'flexsearch';
import type { JobSummary } from '../jobs/job-summary';
import { FIELD_WEIGHTS, JobTable, SEARCH_FIELDS, fieldText, type JobIndex, type JobSearchQuery } from './job-table';
import { documentTerms, queryTerms } from './search-terms';

export type { JobIndex, JobSearchPage, JobSearchQuery } from './job-table';
export { joinSearchText } from './search-terms';

/**
 * Builds the in-process job search index over job summaries.
 *
 * `search(query)`:
 * - text: free text over job title, company name, locations and skills. Every word must
 *   match, each in any of those fields; case, accents and plurals are ignored; whole words
 *   only ("java" is not "JavaScript", "engineer" is not "engineering"; the rules are in
 *   `search-terms.ts`). Null, blank, or only small words such as "the": every job that
 *   passes the filters, newest first.
 * - departments / workplaces: a job passes when its department is any of `departments`
 *   and its workplace type any of `workplaces`; null or [] means no filter.
 * - order: relevance first (each word scores 3 when it matches the title or the company,
 *   else 1 for a location or a skill; the word scores are added), then newest
 *   `date_posted`, then company key and slug.
 * - `count` is every match; `page` is zero-based; a page past the end has no keys and
 *   the true count.
 *
 * Text from `POST /jobs`'s `search: [text]` array: join it with `joinSearchText`.
 *
 * How: flexsearch 0.8.212 (chosen by measuring, see bench/search-candidates.ts) holds one
 * whole-word index per field, fed our own terms. Each search word is looked up in every
 * field; the AND across words, the filters and the ranking are done here, because
 * flexsearch's AND works only within one field and its tag filter returned wrong counts.
 * Searches run one at a time (they share scratch arrays; JavaScript is single-threaded).
 *
 * @throws Error when two summaries share a key; `search` throws RangeError on a bad page or pageSize.
 */
export const createJobIndex = (summaries: readonly JobSummary[]): JobIndex => {
  const table = new JobTable(summaries);
  const size = table.summaries.length;

  // Documents are tokenised by our rules (each distinct text once: names, places and titles
  // repeat); a search hands flexsearch one finished term.
  let termsOfText: Map<string, string[]> | null = new Map();
  const encode = (text: string): string[] => {
    if (termsOfText === null) return [text];
    let terms = termsOfText.get(text);
    if (!terms) {
      terms = documentTerms(text);
      termsOfText.set(text, terms);
    }
    return terms;
  };
  const fields = SEARCH_FIELDS.map((field) => ({ field, weight: FIELD_WEIGHTS[field], index: new Index({ tokenize: 'strict', encode }) }));
  table.summaries.forEach((summary, id) => {
    for (const { field, index } of fields) {
      const text = fieldText(summary, field);
      if (text !== '') index.add(id, text);
    }
  });
  termsOfText = null;

  // Scratch per job: the weight of the word being looked up, how many words matched so far, their total.
  const wordWeight = new Uint8Array(size);
  const wordsMatched = new Uint16Array(size);
  const total = new Uint16Array(size);

  /** The jobs that hold `term` in some field, each once, with the weight of its heaviest field. */
  const lookUp = (term: string): { ids: number[]; weights: number[] } => {
    const ids: number[] = [];
    for (const { index, weight } of fields) {
      for (const id of index.search(term, { limit: size }) as number[]) {
        if (wordWeight[id] === 0) ids.push(id);
        if (wordWeight[id]! < weight) wordWeight[id] = weight;
      }
    }
    const weights = ids.map((id) => wordWeight[id]!);
    for (const id of ids) wordWeight[id] = 0;
    return { ids, weights };
  };

  return {
    size,
    search(query: JobSearchQuery) {
      const terms = query.text === null ? [] : queryTerms(query.text);
      if (terms.length === 0) return table.browse(query);
      const hits = terms.map(lookUp).sort((a, b) => a.ids.length - b.ids.length);
      if (hits[0]!.ids.length === 0) return table.rankMatches(query, [], []);
      // Only jobs of the rarest word can match every word: count and add word by word.
      for (const [word, { ids, weights }] of hits.entries()) {
        ids.forEach((id, at) => {
          if (wordsMatched[id] === word) {
            wordsMatched[id] = word + 1;
            total[id]! += weights[at]!;
          }
        });
      }
      const passes = table.filterOf(query);
      const ids: number[] = [];
      const scores: number[] = [];
      for (const id of hits[0]!.ids) {
        if (wordsMatched[id] === terms.length && passes(id)) {
          ids.push(id);
          scores.push(total[id]!);
        }
        wordsMatched[id] = 0;
        total[id] = 0;
      }
      return table.rankMatches(query, ids, scores);
    },
  };
};
