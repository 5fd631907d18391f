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

/** Scores are packed above the job id in one sortable number. */
const ID_SPAN = 2 ** 32;

/**
 * The summaries in a form that filters and ranks fast. A job's id is its position in
 * `summaries`, which holds them newest first (ties: company key, then slug), so among
 * equally relevant jobs the lower id ranks first.
 *
 * @throws Error when two summaries share a key (company_key + slug_url).
 */
export class JobTable {
  /** The jobs, newest first; ids are positions here. */
  readonly summaries: readonly JobSummary[];
  private readonly department: Uint8Array;
  private readonly workplace: Uint8Array;

  constructor(summaries: readonly JobSummary[]) {
    const seen = new Set<string>();
    for (const { company_key, slug_url } of summaries) {
      const key = `${company_key}${slug_url}`;
      if (seen.has(key)) throw new Error(`two jobs share the key ${company_key} ${slug_url}`);
      seen.add(key);
    }
    const posted = new Map(summaries.map((summary) => [summary, Date.parse(summary.date_posted)]));
    this.summaries = [...summaries].sort(
      (a, b) =>
        posted.get(b)! - posted.get(a)! || compareText(a.company_key, b.company_key) || compareText(a.slug_url, b.slug_url),
    );
    this.department = Uint8Array.from(this.summaries, (summary) => DEPARTMENTS.indexOf(summary.department));
    this.workplace = Uint8Array.from(this.summaries, (summary) => WORKPLACES.indexOf(summary.workplace_type));
  }

  /** A test for the query's filters (departments OR'ed, workplaces OR'ed, the two AND'ed). */
  filterOf(query: JobSearchQuery): (id: number) => boolean {
    const departments = maskOf(DEPARTMENTS, query.departments);
    const workplaces = maskOf(WORKPLACES, query.workplaces);
    if (departments === -1 && workplaces === -1) return () => true;
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
    for (let id = 0; id < this.summaries.length; id += 1) {
      if (!passes(id)) continue;
      if (count >= from && count < to) keys.push(this.keyOf(id));
      count += 1;
    }
    return { keys, count };
  }

  /**
   * Orders matches (already filtered) by score, then id (newest first), and cuts the page.
   * `ids[i]` scored `scores[i]`, a small non-negative integer. Ids in ascending order are
   * bucketed by score without sorting.
   */
  rankMatches(query: JobSearchQuery, ids: ArrayLike<number>, scores: ArrayLike<number>): JobSearchPage {
    checkPaging(query);
    const count = ids.length;
    const from = query.page * query.pageSize;
    if (from >= count) return { keys: [], count };
    const to = Math.min(count, from + query.pageSize);
    const ranked = isAscending(ids) ? bucketByScore(ids, scores, to) : sortByScore(ids, scores, to);
    const keys: JobKey[] = [];
    for (let at = from; at < to; at += 1) keys.push(this.keyOf(ranked[at]!));
    return { keys, count };
  }

  private keyOf(id: number): JobKey {
    const { company_key, slug_url } = this.summaries[id]!;
    return { company_key, slug_url };
  }
}

const isAscending = (ids: ArrayLike<number>): boolean => {
  for (let at = 1; at < ids.length; at += 1) if (ids[at - 1]! >= ids[at]!) return false;
  return true;
};

/** The first `needed` ids by score (highest first), keeping the given (ascending) order within a score. */
const bucketByScore = (ids: ArrayLike<number>, scores: ArrayLike<number>, needed: number): Uint32Array => {
  let top = 0;
  for (let at = 0; at < scores.length; at += 1) top = Math.max(top, scores[at]!);
  const starts = new Uint32Array(top + 2);
  for (let at = 0; at < scores.length; at += 1) starts[top - scores[at]! + 1]! += 1;
  for (let bucket = 1; bucket < starts.length; bucket += 1) starts[bucket]! += starts[bucket - 1]!;
  const ranked = new Uint32Array(ids.length);
  for (let at = 0; at < ids.length; at += 1) {
    const bucket = top - scores[at]!;
    const slot = starts[bucket]!;
    starts[bucket] = slot + 1;
    ranked[slot] = ids[at]!;
  }
  return ranked.subarray(0, needed);
};

const sortByScore = (ids: ArrayLike<number>, scores: ArrayLike<number>, needed: number): Uint32Array => {
  const sortable = new Float64Array(ids.length);
  for (let at = 0; at < ids.length; at += 1) sortable[at] = -scores[at]! * ID_SPAN + ids[at]!;
  sortable.sort();
  const ranked = new Uint32Array(needed);
  for (let at = 0; at < needed; at += 1) ranked[at] = ((sortable[at]! % ID_SPAN) + ID_SPAN) % ID_SPAN;
  return ranked;
};

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
