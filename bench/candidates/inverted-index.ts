import type { JobSummary } from '../../shared/jobs/job-summary';
import { FIELD_WEIGHTS, JobTable, SEARCH_FIELDS, fieldText, type JobSearchQuery } from '../../shared/search/job-table';
import { documentTerms, queryTerms } from '../../shared/search/search-terms';
import { JOB_TABLE_RULES } from '../../shared/search/job-rules';
import type { SearchOnly } from '../search-workload';

/**
 * A hand-written inverted index (a candidate the search bench compares, not used by the
 * product: the issue allows one only when both libraries miss the targets, and flexsearch
 * meets them). Same terms, filters, order and paging as shared/search/job-index.ts: for each
 * term, the job ids in ascending order and a bit mask of the fields it occurs in; a search
 * intersects the lists from the shortest, galloping through the others.
 */
interface Postings {
  ids: Uint32Array;
  fields: Uint8Array;
}

const WEIGHT_OF_MASK = Uint8Array.from({ length: 1 << SEARCH_FIELDS.length }, (_, mask) =>
  Math.max(0, ...SEARCH_FIELDS.filter((_field, bit) => (mask >> bit) & 1).map((field) => FIELD_WEIGHTS[field])),
);

const buildPostings = (summaries: readonly JobSummary[]): Map<string, Postings> => {
  const growing = new Map<string, { ids: number[]; fields: number[] }>();
  const termsOfText = new Map<string, string[]>();
  summaries.forEach((summary, id) => {
    SEARCH_FIELDS.forEach((field, bit) => {
      const text = fieldText(summary, field);
      let terms = termsOfText.get(text);
      if (!terms) {
        terms = documentTerms(text);
        termsOfText.set(text, terms);
      }
      for (const term of terms) {
        let list = growing.get(term);
        if (!list) {
          list = { ids: [], fields: [] };
          growing.set(term, list);
        }
        const last = list.ids.length - 1;
        if (list.ids[last] === id) list.fields[last]! |= 1 << bit;
        else {
          list.ids.push(id);
          list.fields.push(1 << bit);
        }
      }
    });
  });
  const postings = new Map<string, Postings>();
  for (const [term, list] of growing) postings.set(term, { ids: Uint32Array.from(list.ids), fields: Uint8Array.from(list.fields) });
  return postings;
};

/** The first position at or after `from` whose id is ≥ `id` (galloping, then binary search). */
const seek = (ids: Uint32Array, from: number, id: number): number => {
  let step = 1;
  let low = from;
  let high = from;
  while (high < ids.length && ids[high]! < id) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, ids.length);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
};

const intersect = (lists: readonly Postings[]): { ids: number[]; scores: number[] } => {
  const ids: number[] = [];
  const scores: number[] = [];
  const [shortest, ...others] = [...lists].sort((a, b) => a.ids.length - b.ids.length) as [Postings, ...Postings[]];
  const cursors = new Array<number>(others.length).fill(0);
  candidates: for (let at = 0; at < shortest.ids.length; at += 1) {
    const id = shortest.ids[at]!;
    let score = WEIGHT_OF_MASK[shortest.fields[at]!]!;
    for (let other = 0; other < others.length; other += 1) {
      const list = others[other]!;
      const position = seek(list.ids, cursors[other]!, id);
      cursors[other] = position;
      if (position === list.ids.length) break candidates;
      if (list.ids[position] !== id) continue candidates;
      score += WEIGHT_OF_MASK[list.fields[position]!]!;
    }
    ids.push(id);
    scores.push(score);
  }
  return { ids, scores };
};

export const createInvertedJobIndex = (summaries: readonly JobSummary[]): SearchOnly => {
  const table = new JobTable(summaries, JOB_TABLE_RULES);
  const postings = buildPostings([...table.summaries]);
  return {
    size: summaries.length,
    search(query: JobSearchQuery) {
      const terms = query.text === null ? [] : queryTerms(query.text);
      if (terms.length === 0) return table.collect(query, null, null, null, false);
      const lists: Postings[] = [];
      for (const term of terms) {
        const list = postings.get(term);
        if (!list) return table.collect(query, [], [], null, true);
        lists.push(list);
      }
      const { ids, scores } = intersect(lists);
      return table.collect(query, ids, scores, null, true);
    },
  };
};
