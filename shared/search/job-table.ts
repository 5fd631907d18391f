import { DEPARTMENTS, type Department } from '../departments/department';
import type { Workplace } from '../jobs/job';
import type { JobKey, JobSummary } from '../jobs/job-summary';

/**
 * What every job index shares whatever finds the matching words: the query and page
 * shapes, the filters, the order of results and paging. An index only has to say which
 * jobs match all words and how well (`rankMatches`); blank text lists jobs newest first
 * (`browse`).
 */

/** One search: free text (null or blank: every job), filters (null or empty: no filter), zero-based page. */
export interface JobSearchQuery {
  text: string | null;
  /** A job passes when its department is any of these. */
  departments: readonly Department[] | null;
  /** A job passes when its workplace type is any of these. */
  workplaces: readonly Workplace[] | null;
  /** Zero-based page number, an integer ≥ 0. */
  page: number;
  /** Jobs per page, an integer ≥ 1. */
  pageSize: number;
}

/** One page of results: the keys on the page, best first, and the count of all matches. */
export interface JobSearchPage {
  keys: JobKey[];
  count: number;
}

/** An in-process search index over job summaries. */
export interface JobIndex {
  /** How many jobs the index holds. */
  readonly size: number;
  /** @throws RangeError when `page` or `pageSize` is not a valid integer. */
  search(query: JobSearchQuery): JobSearchPage;
}

/** The searched fields and what a word matching in each is worth: title and company weigh more. */
export const FIELD_WEIGHTS = { title: 3, company: 3, locations: 1, skills: 1 } as const;
export type SearchField = keyof typeof FIELD_WEIGHTS;
export const SEARCH_FIELDS = Object.keys(FIELD_WEIGHTS) as SearchField[];

/** A job's text in one searched field. */
export const fieldText = (summary: JobSummary, field: SearchField): string => {
  switch (field) {
    case 'title':
      return summary.job_title;
    case 'company':
      return summary.company_name;
    case 'locations':
      return summary.locations.join('\n');
    case 'skills':
      return summary.skills.join('\n');
  }
};

const WORKPLACES: readonly Workplace[] = ['remote', 'hybrid', 'onsite'];

const maskOf = <T>(all: readonly T[], chosen: readonly T[] | null): number => {
  if (chosen === null || chosen.length === 0) return -1;
  let mask = 0;
  for (const value of chosen) mask |= 1 << all.indexOf(value);
  return mask;
};

const checkPaging = ({ page, pageSize }: JobSearchQuery): void => {
  if (!Number.isSafeInteger(page) || page < 0) throw new RangeError(`page must be an integer ≥ 0, got ${page}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be an integer ≥ 1, got ${pageSize}`);
};

/** A score is at most 3 per word; scores are packed above the date order in one sortable number. */
const ORDER_SPAN = 2 ** 32;

/**
 * The summaries in a form that filters and sorts fast. Job ids are positions in the array
 * given. Ties in relevance go to the newest `date_posted`, then to company key and slug.
 *
 * @throws Error when two summaries share a key (company_key + slug_url).
 */
export class JobTable {
  readonly summaries: readonly JobSummary[];
  /** Ids, newest first. */
  private readonly newestFirst: Uint32Array;
  /** Position of each id in `newestFirst`. */
  private readonly order: Uint32Array;
  private readonly department: Uint8Array;
  private readonly workplace: Uint8Array;

  constructor(summaries: readonly JobSummary[]) {
    this.summaries = summaries;
    const seen = new Set<string>();
    for (const { company_key, slug_url } of summaries) {
      const key = `${company_key}${slug_url}`;
      if (seen.has(key)) throw new Error(`two jobs share the key ${company_key} ${slug_url}`);
      seen.add(key);
    }
    const posted = summaries.map((summary) => Date.parse(summary.date_posted));
    const ids = Array.from(summaries.keys()).sort((a, b) => {
      const left = summaries[a]!;
      const right = summaries[b]!;
      return (
        posted[b]! - posted[a]! ||
        compareText(left.company_key, right.company_key) ||
        compareText(left.slug_url, right.slug_url)
      );
    });
    this.newestFirst = Uint32Array.from(ids);
    this.order = new Uint32Array(summaries.length);
    ids.forEach((id, at) => (this.order[id] = at));
    this.department = Uint8Array.from(summaries, (summary) => DEPARTMENTS.indexOf(summary.department));
    this.workplace = Uint8Array.from(summaries, (summary) => WORKPLACES.indexOf(summary.workplace_type));
  }

  /** A test for the query's filters (departments OR'ed, workplaces OR'ed, the two AND'ed). */
  filterOf(query: JobSearchQuery): (id: number) => boolean {
    const departments = maskOf(DEPARTMENTS, query.departments);
    const workplaces = maskOf(WORKPLACES, query.workplaces);
    return (id) => ((departments >>> this.department[id]!) & 1) === 1 && ((workplaces >>> this.workplace[id]!) & 1) === 1;
  }

  /** Blank text: every job that passes the filters, newest first. */
  browse(query: JobSearchQuery): JobSearchPage {
    checkPaging(query);
    const passes = this.filterOf(query);
    const from = query.page * query.pageSize;
    const to = from + query.pageSize;
    const keys: JobKey[] = [];
    let count = 0;
    for (const id of this.newestFirst) {
      if (!passes(id)) continue;
      if (count >= from && count < to) keys.push(this.keyOf(id));
      count += 1;
    }
    return { keys, count };
  }

  /**
   * Orders matches (already filtered) by score, then newest, and cuts the page.
   * `ids[i]` scored `scores[i]` (a small non-negative integer).
   */
  rankMatches(query: JobSearchQuery, ids: ArrayLike<number>, scores: ArrayLike<number>): JobSearchPage {
    checkPaging(query);
    const count = ids.length;
    const from = query.page * query.pageSize;
    if (from >= count) return { keys: [], count };
    const sortable = new Float64Array(count);
    for (let at = 0; at < count; at += 1) sortable[at] = -scores[at]! * ORDER_SPAN + this.order[ids[at]!]!;
    sortable.sort();
    const to = Math.min(count, from + query.pageSize);
    const keys: JobKey[] = [];
    for (let at = from; at < to; at += 1) {
      const position = ((sortable[at]! % ORDER_SPAN) + ORDER_SPAN) % ORDER_SPAN;
      keys.push(this.keyOf(this.newestFirst[position]!));
    }
    return { keys, count };
  }

  private keyOf(id: number): JobKey {
    const { company_key, slug_url } = this.summaries[id]!;
    return { company_key, slug_url };
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
