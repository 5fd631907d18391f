import MiniSearch from 'minisearch';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { FIELD_WEIGHTS, JobTable, SEARCH_FIELDS, fieldText, type JobSearchQuery, type SearchField } from '../../shared/search/job-table';
import { documentTerms, queryTerms } from '../../shared/search/search-terms';
import { JOB_TABLE_RULES } from '../../shared/search/job-rules';
import type { SearchOnly } from '../search-workload';

/**
 * The job index on minisearch 7.2.0 (a candidate the search bench compares): the same
 * terms, filters, order and paging as shared/search/job-index.ts; minisearch finds the jobs
 * that hold every word (prefix and fuzzy off) and says in which fields each word matched.
 */
export const createMiniSearchJobIndex = (summaries: readonly JobSummary[]): SearchOnly => {
  const table = new JobTable(summaries, JOB_TABLE_RULES);
  const miniSearch = new MiniSearch<number>({
    idField: 'id',
    fields: SEARCH_FIELDS,
    storeFields: [],
    extractField: (id, field) => (field === 'id' ? id : fieldText(table.summaries.at(id as number), field as SearchField)),
    tokenize: documentTerms,
    processTerm: (term) => term,
    searchOptions: { prefix: false, fuzzy: false, combineWith: 'AND', tokenize: (text) => text.split(' '), processTerm: (term) => term },
  });
  miniSearch.addAll(Array.from(table.summaries.keys()));

  return {
    size: summaries.length,
    search(query: JobSearchQuery) {
      const terms = query.text === null ? [] : queryTerms(query.text);
      if (terms.length === 0) return table.collect(query, null, null, null, false);
      const ids: number[] = [];
      const scores: number[] = [];
      for (const result of [...miniSearch.search(terms.join(' '))].sort((a, b) => (a.id as number) - (b.id as number))) {
        let score = 0;
        for (const fields of Object.values(result.match)) {
          score += Math.max(...fields.map((field) => FIELD_WEIGHTS[field as SearchField]));
        }
        ids.push(result.id as number);
        scores.push(score);
      }
      return table.collect(query, ids, scores, null, true);
    },
  };
};
