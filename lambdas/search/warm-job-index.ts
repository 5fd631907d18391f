/**
 * Keeps one search index warm across the invocations of a Lambda instance (or the local
 * server's life). The index is built from the open jobs' summaries on first use and rebuilt
 * when the catalog version (shared/jobs/job-ports.ts `CatalogVersion`, bumped by seed and crawl) has
 * changed. The version is asked at most once every `checkEverySeconds` (0: on every `get`).
 *
 * With a `snapshot`, the summaries of a version are read from it when it has them, and saved
 * to it after listing them from storage.
 *
 * Summaries that lack a field (saved, or projected by a storage index, before the field was
 * part of the summary) are completed from the stored jobs, so an older snapshot or table
 * never breaks a search.
 *
 * Concurrent `get` calls share one check or build. A failed check or build is not cached:
 * the next `get` tries again (and throws the same storage error to its caller meanwhile).
 */
import { JOB_SUMMARY_FIELDS, toJobSummary, type JobSummary } from '../../shared/jobs/job-summary';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';

/**
 * A saved copy of the open jobs' summaries for one catalog version, so that a fresh process
 * (the local start) builds its index without listing every job from storage.
 */
export interface SummarySnapshot {
  /** The summaries saved for `version`, or null when none are (or they are for another version). */
  load(version: string): Promise<readonly JobSummary[] | null>;
  save(version: string, summaries: readonly JobSummary[]): Promise<void>;
}

export interface WarmJobIndexOptions<Index> {
  jobs: Pick<JobRepository, 'listOpenSummaries' | 'getMany'>;
  catalogVersion: Pick<CatalogVersion, 'current'>;
  /** Builds an index from summaries, e.g. shared/search's `createJobIndex`. */
  build(summaries: readonly JobSummary[]): Index;
  /** Seconds between version checks; 0 checks on every `get`. */
  checkEverySeconds: number;
  /** Where summaries are kept between processes; none by default. A failing snapshot is skipped. */
  snapshot?: SummarySnapshot;
  /** Monotonic milliseconds; `performance.now` unless a test says otherwise. */
  now?: () => number;
}

export interface WarmJobIndex<Index> {
  /** The index for the current catalog (building or rebuilding it when needed). */
  get(): Promise<Index>;
  /** How many times an index was built, for logs and tests. */
  readonly builds: number;
}

export const createWarmJobIndex = <Index>(options: WarmJobIndexOptions<Index>): WarmJobIndex<Index> => {
  const now = options.now ?? (() => performance.now());
  const intervalMs = options.checkEverySeconds * 1000;
  let current: { index: Index; version: string; checkedAt: number } | null = null;
  let refreshing: Promise<Index> | null = null;
  let builds = 0;

  const complete = async (summaries: readonly JobSummary[]): Promise<readonly JobSummary[]> => {
    const lacking = summaries.filter((summary) => JOB_SUMMARY_FIELDS.some((field) => summary[field] === undefined));
    if (lacking.length === 0) return summaries;
    const full = new Map((await options.jobs.getMany(lacking)).map((job) => [`${job.company_key}${job.slug_url}`, toJobSummary(job)]));
    return summaries.flatMap((summary) => {
      if (!JOB_SUMMARY_FIELDS.some((field) => summary[field] === undefined)) return [summary];
      const found = full.get(`${summary.company_key}${summary.slug_url}`);
      return found === undefined || found.closed_at !== null ? [] : [found];
    });
  };

  const summariesOf = async (version: string): Promise<readonly JobSummary[]> => {
    const saved = await options.snapshot?.load(version).catch(() => null);
    if (saved !== undefined && saved !== null) return complete(saved);
    const summaries = await complete(await options.jobs.listOpenSummaries());
    await options.snapshot?.save(version, summaries).catch(() => undefined);
    return summaries;
  };

  const refresh = async (): Promise<Index> => {
    const startedAt = now();
    const version = await options.catalogVersion.current();
    if (current !== null && current.version === version) {
      current.checkedAt = startedAt;
      return current.index;
    }
    const index = options.build(await summariesOf(version));
    builds += 1;
    current = { index, version, checkedAt: startedAt };
    return index;
  };

  return {
    get builds() {
      return builds;
    },
    get() {
      if (current !== null && intervalMs > 0 && now() - current.checkedAt < intervalMs) {
        return Promise.resolve(current.index);
      }
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
  };
};
