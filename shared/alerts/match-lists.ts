/**
 * A digest run's new jobs numbered in the digest's order, and each distinct saved search's matches
 * among them laid out so that every subscriber's sections are cheap to assemble (issue 20.4). Pure.
 *
 * - `createJobNumbering(jobs)` sorts a run's new jobs ONCE, newest first seen first (`newestFirst`),
 *   and numbers them (0 = the newest) and their companies.
 * - `numbering.list(matches)` turns one search's matches (any order, any subset of those jobs,
 *   closed ones dropped) into a `MatchList`: its jobs in the digest's order with, for each, its
 *   number, its company's number and its first sighting (`first_seen_at`, epoch ms, descending).
 *   A distinct search's list is made once a run and shared by every subscriber who saved it.
 * - `windowSlice(list, fromMs, toMs)`: the positions of the list's jobs first seen in
 *   (fromMs, toMs], a contiguous slice found by binary search.
 *
 * So a subscriber's section (digest-selection.ts `digestSections`) is a slice of a shared list,
 * and its dedupe and caps are reads of small integer arrays: no per-subscriber sort, no string
 * key, no copy of a job.
 */
import type { JobSummary } from '../jobs/job-summary';
import { firstAtMost } from '../search/sorted-positions';

/** Newest first seen first, then newest posted, title and slug (a stable order). */
export const newestFirst = (a: JobSummary, b: JobSummary): number =>
  Date.parse(b.first_seen_at) - Date.parse(a.first_seen_at) ||
  Date.parse(b.date_posted) - Date.parse(a.date_posted) ||
  a.job_title.localeCompare(b.job_title) ||
  a.slug_url.localeCompare(b.slug_url);

/** One search's open matches among a numbering's jobs, in the digest's order. All arrays are parallel. */
export interface MatchList {
  readonly numbering: JobNumbering;
  /** The jobs, newest first seen first (`newestFirst`). */
  readonly jobs: readonly JobSummary[];
  /** Each job's number in `numbering` (ascending). */
  readonly ids: Uint32Array;
  /** Each job's company number in `numbering`. */
  readonly companies: Uint32Array;
  /** Each job's `first_seen_at` in epoch ms (descending). */
  readonly seenMs: Float64Array;
}

export interface JobNumbering {
  /** How many jobs are numbered. */
  readonly size: number;
  /** How many companies they belong to. */
  readonly companyCount: number;
  /**
   * The open ones of `matches` as a MatchList.
   * @throws Error for a job that is not one of the numbering's (by company key and slug).
   */
  list(matches: readonly JobSummary[]): MatchList;
}

const jobKey = (job: Pick<JobSummary, 'company_key' | 'slug_url'>): string => `${job.company_key}\n${job.slug_url}`;

/** See the module comment. Jobs with the same company key and slug are one job (the first kept). */
export const createJobNumbering = (jobs: readonly JobSummary[]): JobNumbering => {
  const numberOfKey = new Map<string, number>();
  const ordered: JobSummary[] = [];
  for (const job of [...jobs].sort(newestFirst)) {
    const key = jobKey(job);
    if (numberOfKey.has(key)) continue;
    numberOfKey.set(key, ordered.length);
    ordered.push(job);
  }
  const companyOfKey = new Map<string, number>();
  const companyOf = Uint32Array.from(ordered, (job) => {
    let company = companyOfKey.get(job.company_key);
    if (company === undefined) companyOfKey.set(job.company_key, (company = companyOfKey.size));
    return company;
  });
  const seenOf = Float64Array.from(ordered, (job) => Date.parse(job.first_seen_at));
  const open = Uint8Array.from(ordered, (job) => (job.closed_at === null ? 1 : 0));
  // The same job objects come back from every search of a run: their numbers are looked up by identity after the first time.
  const numberOfJob = new WeakMap<JobSummary, number>();
  const numberOf = (job: JobSummary): number => {
    let number = numberOfJob.get(job);
    if (number === undefined) {
      number = numberOfKey.get(jobKey(job));
      if (number === undefined) throw new Error(`${job.company_key}${job.slug_url} is not one of this run's new jobs`);
      numberOfJob.set(job, number);
    }
    return number;
  };

  const numbering: JobNumbering = {
    size: ordered.length,
    companyCount: companyOfKey.size,
    list(matches) {
      const ids = new Uint32Array(matches.length);
      let count = 0;
      for (const job of matches) {
        const id = numberOf(job);
        if (open[id] === 1) ids[count++] = id;
      }
      const sorted = ids.subarray(0, count).sort();
      // Repeats (the same job twice in one answer) are listed once.
      let unique = 0;
      for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i]!;
      const kept = sorted.slice(0, unique);
      return {
        numbering,
        jobs: Array.from(kept, (id) => ordered[id]!),
        ids: kept,
        companies: kept.map((id) => companyOf[id]!),
        seenMs: Float64Array.from(kept, (id) => seenOf[id]!),
      };
    },
  };
  return numbering;
};


/** Positions [start, end) of the list's jobs first seen after `fromMs` and at or before `toMs` (epoch ms). */
export const windowSlice = (list: MatchList, fromMs: number, toMs: number): { start: number; end: number } => {
  const start = firstAtMost(list.seenMs, toMs);
  return { start, end: Math.max(start, firstAtMost(list.seenMs, fromMs)) };
};
