import MiniSearch from 'minisearch';
import type { JobSummary } from '../jobs/job-summary';
import { FIELD_WEIGHTS, JobTable, SEARCH_FIELDS, fieldText, type JobIndex, type JobSearchQuery, type SearchField } from './job-table';
import { documentTerms, queryTerms } from './search-terms';

export type { JobIndex, JobSearchPage, JobSearchQuery } from './job-table';

/**
 * Builds the in-process job search index (minisearch 7.2, whole-word terms from
 * `search-terms.ts`) over job summaries.
 *
 * `search(query)`:
 * - text: free text over job title, company name, locations and skills. Every word must
 *   match, each in any of those fields; case, accents and plurals are ignored; whole words
 *   only (see `search-terms.ts` for the rules). Null, blank, or only small words such as
 *   "the": every job that passes the filters, newest first.
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
 * @throws Error when two summaries share a key; `search` throws RangeError on a bad page or pageSize.
 */
export const createJobIndex = (summaries: readonly JobSummary[]): JobIndex => {
  const table = new JobTable(summaries);
  const miniSearch = new MiniSearch<number>({
    idField: 'id',
    fields: SEARCH_FIELDS,
    storeFields: [],
    extractField: (id, field) => (field === 'id' ? id : fieldText(summaries[id]!, field as SearchField)),
    tokenize: documentTerms,
    processTerm: (term) => term,
    searchOptions: { prefix: false, fuzzy: false, combineWith: 'AND', tokenize: (text) => text.split(' '), processTerm: (term) => term },
  });
  miniSearch.addAll(Array.from(summaries.keys()));

  return {
    size: summaries.length,
    search(query: JobSearchQuery) {
      const terms = query.text === null ? [] : queryTerms(query.text);
      if (terms.length === 0) return table.browse(query);
      const passes = table.filterOf(query);
      const ids: number[] = [];
      const scores: number[] = [];
      for (const result of miniSearch.search(terms.join(' '), { filter: (result) => passes(result.id as number) })) {
        let score = 0;
        for (const fields of Object.values(result.match)) {
          score += Math.max(...fields.map((field) => FIELD_WEIGHTS[field as SearchField]));
        }
        ids.push(result.id as number);
        scores.push(score);
      }
      return table.rankMatches(query, ids, scores);
    },
  };
};
