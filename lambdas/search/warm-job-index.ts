/**
 * Keeps one search index warm across the invocations of a Lambda instance (or the local
 * server's life), restored from the newest search snapshot (lambdas/search/search-snapshot.ts:
 * no rebuild, `restore`) when there is one, else built from every open job listed from storage.
 *
 * - The first `get` of a process waits for the first load. A failed first load is not kept:
 *   the next `get` tries again (and its caller gets the storage error meanwhile).
 * - Afterwards `get` always answers at once with the index it holds. At most once every
 *   `checkEverySeconds` (0: on every `get`) it starts, in the background, a check of the newest
 *   version: the snapshot pointer, or the catalog version (shared/jobs/job-ports.ts
 *   `CatalogVersion`, bumped by seed and crawl) when there is no snapshot. When that differs
 *   from the version held, the new index is loaded and built in the background and replaces
 *   the old one once built; requests meanwhile get the old one. A failed check or load keeps
 *   the old index, is reported to `onRefreshError`, and is tried again an interval later.
 * - A snapshot that is missing or unreadable (`restore` throws, e.g. SnapshotFormatError for another format or version) is
 *   skipped for the listing from storage, and not tried again while the pointer names it; so is
 *   a pointer that cannot be read on the first load (S3 unreachable).
 */
import type { JobSummary } from '../../shared/jobs/job-summary';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';
import { listOpenSummaries } from './open-summaries';
import type { SearchSnapshotStore } from './search-snapshot';

/** Where the search snapshots are and how an index is restored from one. */
export interface WarmSnapshots<Index> {
  store: SearchSnapshotStore;
  /** The index of a snapshot's bytes, e.g. search-snapshot.ts `decodeSearchSnapshot`; throws when they cannot be read. */
  restore(data: Uint8Array, version: string): Index;
}

export interface WarmJobIndexOptions<Index> {
  jobs: Pick<JobRepository, 'listOpenSummaries' | 'getMany'>;
  catalogVersion: Pick<CatalogVersion, 'current'>;
  /** Builds an index from summaries, e.g. shared/search's `createJobIndex`. */
  build(summaries: readonly JobSummary[]): Index;
  /** Seconds between version checks; 0 checks on every `get`. */
  checkEverySeconds: number;
  /** Told of a background check or load that failed (the old index is kept). */
  onRefreshError?: (error: unknown) => void;
  /** Monotonic milliseconds; `performance.now` unless a test says otherwise. */
  now?: () => number;
  /** Where the search snapshots are; none: always list from storage. */
  snapshots?: WarmSnapshots<Index>;
}

export interface WarmJobIndex<Index> {
  /** The index held (waiting only for the first load of the process). */
  get(): Promise<Index>;
  /** The version of the index held, or null before the first load. */
  readonly version: string | null;
  /** How many times an index was built, for logs and tests. */
  readonly builds: number;
  /** Settles when no background check or load is running (tests, local tools). */
  idle(): Promise<void>;
}

/** Where the newest version is to be read from. */
type Wanted = { from: 'snapshot' | 'storage'; version: string };

export const createWarmJobIndex = <Index>(options: WarmJobIndexOptions<Index>): WarmJobIndex<Index> => {
  const now = options.now ?? (() => performance.now());
  const intervalMs = options.checkEverySeconds * 1000;
  let current: { index: Index; version: string; checkedAt: number } | null = null;
  let first: Promise<Index> | null = null;
  let refreshing: Promise<void> | null = null;
  let unreadable: string | null = null;
  let builds = 0;

  /** The newest version; on the first load a pointer that cannot be read counts as none. */
  const wanted = async (firstLoad: boolean): Promise<Wanted> => {
    const pointed = options.snapshots === undefined ? null : await options.snapshots.store.latest().catch((error: unknown) => (firstLoad ? null : Promise.reject(error)));
    if (pointed !== null && pointed !== unreadable) return { from: 'snapshot', version: pointed };
    return { from: 'storage', version: await options.catalogVersion.current() };
  };

  const snapshotIndex = async (version: string): Promise<{ index: Index } | null> => {
    if (options.snapshots === undefined) return null;
    try {
      const data = await options.snapshots.store.read(version);
      return data === null ? null : { index: options.snapshots.restore(data, version) };
    } catch {
      return null;
    }
  };

  const load = async (target: Wanted): Promise<{ index: Index; version: string }> => {
    if (target.from === 'snapshot') {
      const restored = await snapshotIndex(target.version);
      if (restored !== null) {
        builds += 1;
        return { index: restored.index, version: target.version };
      }
      unreadable = target.version;
      return load({ from: 'storage', version: await options.catalogVersion.current() });
    }
    const index = options.build(await listOpenSummaries(options.jobs));
    builds += 1;
    return { index, version: target.version };
  };

  const refresh = async (): Promise<void> => {
    const held = current!;
    held.checkedAt = now();
    const target = await wanted(false);
    if (target.version === held.version) return;
    const loaded = await load(target);
    current = { ...loaded, checkedAt: held.checkedAt };
  };

  return {
    get builds() {
      return builds;
    },
    get version() {
      return current?.version ?? null;
    },
    idle: async () => {
      await refreshing;
    },
    get() {
      if (current === null) {
        first ??= (async () => {
          const startedAt = now();
          const loaded = await load(await wanted(true));
          current = { ...loaded, checkedAt: startedAt };
          return loaded.index;
        })().finally(() => {
          first = null;
        });
        return first;
      }
      if (refreshing === null && now() - current.checkedAt >= intervalMs) {
        refreshing = refresh()
          .catch((error: unknown) => options.onRefreshError?.(error))
          .finally(() => {
            refreshing = null;
          });
      }
      return Promise.resolve(current.index);
    },
  };
};
