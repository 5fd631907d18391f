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

  // Heaviest fields first, so that a word's first hit on a job carries its best weight.
  fields.sort((a, b) => b.weight - a.weight);
  // Scratch per job: how many words it has matched so far in this search, and their total weight.
  const wordsMatched = new Uint16Array(size);
  const total = new Uint16Array(size);

  return {
    size,
    search(query: JobSearchQuery) {
      const terms = query.text === null ? [] : queryTerms(query.text);
      if (terms.length === 0) return table.browse(query);
      const hits = terms
        .map((term) => fields.map(({ index, weight }) => ({ weight, ids: index.search(term, { limit: size }) as number[] })))
        .map((perField) => ({ perField, length: perField.reduce((sum, { ids }) => sum + ids.length, 0) }))
        .sort((a, b) => a.length - b.length);
      // A job counts word w once (its heaviest field) and only if it matched words 0..w-1,
      // so every job touched is among the rarest word's hits.
      hits.forEach(({ perField }, word) => {
        for (const { weight, ids } of perField) {
          for (const id of ids) {
            if (wordsMatched[id] === word) {
              wordsMatched[id] = word + 1;
              total[id]! += weight;
            }
          }
        }
      });
      const passes = table.filterOf(query);
      const ids: number[] = [];
      const scores: number[] = [];
      const rarest = hits[0]!;
      if (rarest.length > size / 16) {
        // Many candidates: a pass over every job yields them already in rank order of ties.
        for (let id = 0; id < size; id += 1) {
          if (wordsMatched[id] === terms.length && passes(id)) {
            ids.push(id);
            scores.push(total[id]!);
          }
          wordsMatched[id] = 0;
          total[id] = 0;
        }
      } else {
        for (const { ids: fieldIds } of rarest.perField) {
          for (const id of fieldIds) {
            if (wordsMatched[id] === terms.length && passes(id)) {
              ids.push(id);
              scores.push(total[id]!);
            }
            wordsMatched[id] = 0;
            total[id] = 0;
          }
        }
      }
      return table.rankMatches(query, ids, scores);
    },
  };
};
