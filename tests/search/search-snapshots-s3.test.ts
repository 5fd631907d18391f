/**
 * The search snapshots on the local S3 stand-in (s3rver, infra/local/s3-stand-in.ts) through the
 * S3 adapter the functions use on AWS: pointer, versions, a restart of the stand-in keeping them,
 * and the warm index loading what the builder wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../lambdas/config';
import { buildSearchSnapshot, decodeSearchSnapshot } from '../../lambdas/search/search-snapshot';
import { createJobIndex } from '../../shared/search/job-index';
import { createWarmJobIndex } from '../../lambdas/search/warm-job-index';
import { SNAPSHOT_PREFIX, s3ObjectRequests, searchSnapshotsFromConfig } from '../../lambdas/storage/s3-search-snapshots';
import { toJobSummary } from '../../shared/jobs/job-summary';
import { startS3StandIn, withLocalS3, type S3StandIn } from '../../infra/local/s3-stand-in';
import { COHERE_JOBS } from '../support/cohere-fixtures';
import { InMemoryJobRepository } from '../support/in-memory-ports';
import type { CatalogVersion } from '../../shared/jobs/job-ports';

let directory: string;
let s3: S3StandIn;
const storeOf = (env: Record<string, string>) => searchSnapshotsFromConfig(readConfig({}, env))!;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'latent-jobs-s3-'));
  s3 = await startS3StandIn({ directory, port: 0 });
});

afterAll(async () => {
  await s3.stop();
  await rm(directory, { recursive: true, force: true });
});

describe('search snapshots on the S3 stand-in', () => {
  it('has no pointer and no version before the first write', async () => {
    const store = storeOf(s3.env);
    expect(await store.latest()).toBeNull();
    expect(await store.read('1')).toBeNull();
  });

  it('writes versions and moves the pointer; a restarted stand-in on the same folder still has them', async () => {
    const store = storeOf(s3.env);
    await store.write('1', new Uint8Array([1, 2, 3]));
    await store.write('2', new Uint8Array([4, 5]));
    expect(await store.latest()).toBe('2');
    expect([...(await store.read('1'))!]).toEqual([1, 2, 3]);
    await s3.stop();
    s3 = await startS3StandIn({ directory, port: 0 });
    const again = storeOf(s3.env);
    expect(await again.latest()).toBe('2');
    expect([...(await again.read('2'))!]).toEqual([4, 5]);
  });

  it('reads a pointer to a snapshot of another format as none, so the builder writes that version again', async () => {
    const config = readConfig({}, s3.env);
    const send = s3ObjectRequests({ region: config.region, ...config.searchSnapshots! });
    await send('PUT', `${SNAPSHOT_PREFIX}latest.json`, { body: new TextEncoder().encode(JSON.stringify({ version: '8' })) });
    const store = storeOf(s3.env);
    expect(await store.latest()).toBeNull();
    const built = await buildSearchSnapshot({ jobs: new InMemoryJobRepository(COHERE_JOBS), catalogVersion: { current: async () => '8' }, store, clock: () => new Date('2026-11-26T12:00:00.000Z') });
    expect(built).toMatchObject({ built: true, version: '8' });
    expect(await store.latest()).toBe('8');
  });

  it('lets a command write through the running stand-in, and the warm index load it without listing jobs', async () => {
    const jobs = new InMemoryJobRepository(COHERE_JOBS);
    const catalogVersion = { current: async () => '7' } satisfies Pick<CatalogVersion, 'current'>;
    const built = await withLocalS3(directory, (env) => buildSearchSnapshot({ jobs, catalogVersion, store: storeOf(env), clock: () => new Date('2026-11-26T12:00:00.000Z') }));
    expect(built).toMatchObject({ built: true, version: '7', jobs: 4 });
    const store = storeOf(s3.env);
    const query = { text: 'engineer', page: 0, pageSize: 10 };
    expect(decodeSearchSnapshot((await store.read('7'))!, '7').search(query)).toEqual(createJobIndex(COHERE_JOBS.map(toJobSummary)).search(query));
    jobs.calls.listOpenSummaries = 0;
    const warm = createWarmJobIndex({ jobs, catalogVersion, build: (summaries) => summaries.length, checkEverySeconds: 60, snapshots: { store, restore: (data, version) => decodeSearchSnapshot(data, version).size } });
    expect(await warm.get()).toBe(4);
    expect(warm.version).toBe('7');
    expect(jobs.calls.listOpenSummaries).toBe(0);
  });
});
