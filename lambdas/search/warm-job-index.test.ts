import { describe, expect, it } from 'vitest';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryCatalogVersion, InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { gzipSync } from 'node:zlib';
import { toJobSummary, type JobSummary } from '../../shared/jobs/job-summary';
import { createJobIndex } from '../../shared/search/job-index';
import { SnapshotFormatError, buildSearchSnapshot, decodeSearchSnapshot, decodeSearchSnapshotParts, encodeSearchSnapshot, type SearchSnapshotStore } from './search-snapshot';
import { createWarmJobIndex } from './warm-job-index';

/** A snapshot store in memory (the S3 adapter is checked against the stand-in in tests/search-snapshots.test.ts). */
const memorySnapshots = () => {
  const objects = new Map<string, Uint8Array>();
  let pointer: string | null = null;
  const calls = { latest: 0, read: 0 };
  const store: SearchSnapshotStore = {
    latest: async () => {
      calls.latest += 1;
      return pointer;
    },
    read: async (version) => {
      calls.read += 1;
      return objects.get(version) ?? null;
    },
    write: async (version, data) => {
      objects.set(version, data);
      pointer = version;
    },
  };
  return { store, objects, calls, point: (version: string) => (pointer = version) };
};

const titles = (summaries: readonly JobSummary[]) => ({ titles: summaries.map((summary) => summary.job_title) });
/** The summaries a snapshot holds, without the pay estimates the index worked out, by key. */
const summariesOf = (data: Uint8Array, version: string): JobSummary[] =>
  [...decodeSearchSnapshotParts(data, version).rows].map(({ pay_estimate: _estimate, ...summary }) => summary).sort((a, b) => a.slug_url.localeCompare(b.slug_url));
const byKey = (summaries: JobSummary[]) => summaries.sort((a, b) => a.slug_url.localeCompare(b.slug_url));

const setup = (checkEverySeconds: number, snapshots?: SearchSnapshotStore) => {
  let clock = 0;
  const jobs = new InMemoryJobRepository(COHERE_JOBS.slice(0, 2));
  const catalogVersion = new InMemoryCatalogVersion();
  const errors: unknown[] = [];
  const warm = createWarmJobIndex({
    jobs,
    catalogVersion,
    checkEverySeconds,
    build: titles,
    now: () => clock,
    onRefreshError: (error) => errors.push(error),
    ...(snapshots === undefined ? {} : { snapshots: { store: snapshots, restore: (data: Uint8Array, version: string) => titles(summariesOf(data, version)) } }),
  });
  return { warm, jobs, catalogVersion, errors, advance: (ms: number) => (clock += ms) };
};

describe('the warm job index without snapshots', () => {
  it('builds once and serves the same index while the catalog version stays', async () => {
    const { warm, jobs, advance } = setup(60);
    const first = await warm.get();
    advance(120_000);
    expect(await warm.get()).toBe(first);
    await warm.idle();
    expect(warm.builds).toBe(1);
    expect(jobs.calls.listOpenSummaries).toBe(1);
  });

  it('after a seed or crawl bumps the version, rebuilds in the background once the interval has passed, serving the old index meanwhile', async () => {
    const { warm, jobs, catalogVersion, advance } = setup(60);
    expect((await warm.get()).titles).toHaveLength(2);
    await jobs.putMany(COHERE_JOBS.slice(2));
    await catalogVersion.bump('2025-10-29T00:00:00.000Z');
    advance(59_000);
    expect((await warm.get()).titles).toHaveLength(2);
    advance(2_000);
    expect((await warm.get()).titles).toHaveLength(2);
    await warm.idle();
    expect((await warm.get()).titles).toHaveLength(4);
    expect(warm.builds).toBe(2);
  });

  it('shares one first load between concurrent requests', async () => {
    const { warm, jobs } = setup(60);
    const [a, b, c] = await Promise.all([warm.get(), warm.get(), warm.get()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(jobs.calls.listOpenSummaries).toBe(1);
  });

  it('tries the first load again after it failed', async () => {
    const { warm, jobs } = setup(60);
    const original = jobs.listOpenSummaries.bind(jobs);
    let fail = true;
    jobs.listOpenSummaries = async () => {
      if (fail) throw new Error('DynamoDB Local is still starting');
      return original();
    };
    await expect(warm.get()).rejects.toThrow('still starting');
    fail = false;
    expect((await warm.get()).titles).toHaveLength(2);
  });

  it('keeps serving the old index when a background rebuild fails, reports it, and tries again an interval later', async () => {
    const { warm, jobs, catalogVersion, errors, advance } = setup(60);
    await warm.get();
    await jobs.putMany(COHERE_JOBS.slice(2));
    await catalogVersion.bump('2025-10-29T00:00:00.000Z');
    const original = jobs.listOpenSummaries.bind(jobs);
    jobs.listOpenSummaries = async () => {
      throw new Error('throttled');
    };
    advance(61_000);
    expect((await warm.get()).titles).toHaveLength(2);
    await warm.idle();
    expect(errors).toHaveLength(1);
    jobs.listOpenSummaries = original;
    expect((await warm.get()).titles).toHaveLength(2);
    await warm.idle();
    expect(warm.builds).toBe(1);
    advance(61_000);
    await warm.get();
    await warm.idle();
    expect((await warm.get()).titles).toHaveLength(4);
  });
});

describe('the warm job index with snapshots', () => {
  const clock = () => new Date('2025-10-29T00:00:00.000Z');

  it('loads the snapshot the pointer names without listing the jobs from storage', async () => {
    const snapshots = memorySnapshots();
    const { warm, jobs, catalogVersion } = setup(60, snapshots.store);
    await buildSearchSnapshot({ jobs, catalogVersion, store: snapshots.store, clock });
    jobs.calls.listOpenSummaries = 0;
    expect((await warm.get()).titles).toHaveLength(2);
    expect(jobs.calls.listOpenSummaries).toBe(0);
    expect(warm.version).toBe('0');
  });

  it('picks up a newer snapshot in the background, serving the old index until the new one is built', async () => {
    const snapshots = memorySnapshots();
    const { warm, jobs, catalogVersion, advance } = setup(60, snapshots.store);
    await buildSearchSnapshot({ jobs, catalogVersion, store: snapshots.store, clock });
    const old = await warm.get();
    await jobs.putMany(COHERE_JOBS.slice(2));
    await catalogVersion.bump('2025-10-29T00:00:00.000Z');
    advance(61_000);
    // The catalog changed but the builder has not run: the old snapshot stays, nothing is listed.
    expect(await warm.get()).toBe(old);
    await warm.idle();
    expect(await warm.get()).toBe(old);
    await buildSearchSnapshot({ jobs, catalogVersion, store: snapshots.store, clock });
    const listed = jobs.calls.listOpenSummaries;
    advance(61_000);
    expect(await warm.get()).toBe(old);
    await warm.idle();
    expect((await warm.get()).titles).toHaveLength(4);
    expect(warm.version).toBe(await catalogVersion.current());
    expect(jobs.calls.listOpenSummaries).toBe(listed);
  });

  it('builds from storage when no snapshot was ever written', async () => {
    const snapshots = memorySnapshots();
    const { warm, jobs } = setup(60, snapshots.store);
    expect((await warm.get()).titles).toHaveLength(2);
    expect(jobs.calls.listOpenSummaries).toBe(1);
    expect(snapshots.calls.read).toBe(0);
  });

  it('builds from storage when the named snapshot is missing or corrupt, and does not read it again', async () => {
    const formerFormat = gzipSync(JSON.stringify({ format: 1, version: '5', built_at: '2025-10-29T00:00:00.000Z', jobs: 0, summaries: [] }));
    for (const bytes of [null, new TextEncoder().encode('not gzip'), encodeSearchSnapshot('6', [], '2025-10-29T00:00:00.000Z'), formerFormat]) {
      const snapshots = memorySnapshots();
      snapshots.point('5');
      if (bytes !== null) snapshots.objects.set('5', bytes);
      const { warm, jobs, advance } = setup(60, snapshots.store);
      expect((await warm.get()).titles).toHaveLength(2);
      expect(jobs.calls.listOpenSummaries).toBe(1);
      advance(61_000);
      await warm.get();
      await warm.idle();
      expect(snapshots.calls.read).toBe(1);
      expect(jobs.calls.listOpenSummaries).toBe(1);
    }
  });

  it('builds from storage when the pointer cannot be read at start-up', async () => {
    const snapshots = memorySnapshots();
    snapshots.store.latest = async () => {
      throw new Error('S3 unreachable');
    };
    const { warm } = setup(60, snapshots.store);
    expect((await warm.get()).titles).toHaveLength(2);
  });
});

describe('the search snapshot builder', () => {
  it('writes the current version once and skips an unchanged catalog', async () => {
    const snapshots = memorySnapshots();
    const jobs = new InMemoryJobRepository(COHERE_JOBS);
    const catalogVersion = new InMemoryCatalogVersion();
    const clock = () => new Date('2025-10-29T00:00:00.000Z');
    expect(await buildSearchSnapshot({ jobs, catalogVersion, store: snapshots.store, clock })).toMatchObject({ built: true, version: '0', jobs: 4 });
    expect(await buildSearchSnapshot({ jobs, catalogVersion, store: snapshots.store, clock })).toEqual({ built: false, version: '0' });
    expect(jobs.calls.listOpenSummaries).toBe(1);
    expect(summariesOf(snapshots.objects.get('0')!, '0')).toEqual(byKey(COHERE_JOBS.map(toJobSummary)));
    expect(() => decodeSearchSnapshotParts(snapshots.objects.get('0')!, '1')).toThrow(SnapshotFormatError);
  });

  it('writes an index that answers as one built from the same jobs', async () => {
    const snapshots = memorySnapshots();
    await buildSearchSnapshot({ jobs: new InMemoryJobRepository(COHERE_JOBS), catalogVersion: new InMemoryCatalogVersion(), store: snapshots.store, clock: () => new Date('2025-10-29T00:00:00.000Z') });
    const restored = decodeSearchSnapshot(snapshots.objects.get('0')!, '0');
    const built = createJobIndex(COHERE_JOBS.map(toJobSummary));
    for (const text of [null, 'engineer', 'python london', 'enginer', '"machine learning"']) {
      for (const query of [{ text, page: 0, pageSize: 3 }, { text, page: 0, pageSize: 10, sort: 'salary' as const, excludeGhostAt: new Date('2025-10-29T00:00:00.000Z') }]) {
        expect(restored.search(query)).toEqual(built.search(query));
      }
    }
    expect(restored.suggest('en')).toEqual(built.suggest('en'));
  });
});
