import { describe, expect, it } from 'vitest';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryCatalogVersion, InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { createWarmJobIndex } from './warm-job-index';

const setup = (checkEverySeconds: number) => {
  let clock = 0;
  const jobs = new InMemoryJobRepository(COHERE_JOBS.slice(0, 2));
  const catalogVersion = new InMemoryCatalogVersion();
  const warm = createWarmJobIndex({
    jobs,
    catalogVersion,
    checkEverySeconds,
    build: (summaries: readonly JobSummary[]) => ({ titles: summaries.map((summary) => summary.job_title) }),
    now: () => clock,
  });
  return { warm, jobs, catalogVersion, advance: (ms: number) => (clock += ms) };
};

describe('the warm job index', () => {
  it('builds once and serves the same index while the catalog version stays', async () => {
    const { warm, jobs, advance } = setup(60);
    const first = await warm.get();
    advance(120_000);
    expect(await warm.get()).toBe(first);
    expect(warm.builds).toBe(1);
    expect(jobs.calls.listOpenSummaries).toBe(1);
  });

  it('rebuilds after a seed or crawl bumps the version, once the check interval has passed', async () => {
    const { warm, jobs, catalogVersion, advance } = setup(60);
    expect((await warm.get()).titles).toHaveLength(2);
    await jobs.putMany(COHERE_JOBS.slice(2));
    await catalogVersion.bump('2025-10-29T00:00:00.000Z');
    advance(59_000);
    expect((await warm.get()).titles).toHaveLength(2);
    advance(2_000);
    expect((await warm.get()).titles).toHaveLength(4);
    expect(warm.builds).toBe(2);
  });

  it('checks the version on every request when the interval is 0', async () => {
    const { warm, jobs, catalogVersion } = setup(0);
    await warm.get();
    await jobs.putMany(COHERE_JOBS.slice(2));
    await catalogVersion.bump('2025-10-29T00:00:00.000Z');
    expect((await warm.get()).titles).toHaveLength(4);
  });

  it('shares one build between concurrent requests', async () => {
    const { warm, jobs } = setup(60);
    const [a, b, c] = await Promise.all([warm.get(), warm.get(), warm.get()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(jobs.calls.listOpenSummaries).toBe(1);
  });

  it('tries again after a failed build', async () => {
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
});

describe('the warm job index with a snapshot', () => {
  const memorySnapshot = () => {
    const saved = new Map<string, readonly JobSummary[]>();
    return { saved, load: async (version: string) => saved.get(version) ?? null, save: async (version: string, summaries: readonly JobSummary[]) => void saved.set(version, summaries) };
  };

  it('saves the summaries it listed and a fresh process builds from them without listing', async () => {
    const snapshot = memorySnapshot();
    const jobs = new InMemoryJobRepository(COHERE_JOBS);
    const catalogVersion = new InMemoryCatalogVersion();
    const build = (summaries: readonly JobSummary[]) => summaries.length;
    expect(await createWarmJobIndex({ jobs, catalogVersion, build, checkEverySeconds: 60, snapshot }).get()).toBe(4);
    expect(jobs.calls.listOpenSummaries).toBe(1);
    expect(await createWarmJobIndex({ jobs, catalogVersion, build, checkEverySeconds: 60, snapshot }).get()).toBe(4);
    expect(jobs.calls.listOpenSummaries).toBe(1);
  });

  it('lists again when the snapshot holds another version', async () => {
    const snapshot = memorySnapshot();
    snapshot.saved.set('0', []);
    const jobs = new InMemoryJobRepository(COHERE_JOBS);
    const catalogVersion = new InMemoryCatalogVersion();
    await catalogVersion.bump('2025-10-29T00:00:00.000Z');
    const build = (summaries: readonly JobSummary[]) => summaries.length;
    expect(await createWarmJobIndex({ jobs, catalogVersion, build, checkEverySeconds: 60, snapshot }).get()).toBe(4);
  });

  it('completes summaries saved before a field was part of them from the stored jobs', async () => {
    const snapshot = memorySnapshot();
    const jobs = new InMemoryJobRepository(COHERE_JOBS);
    const catalogVersion = new InMemoryCatalogVersion();
    const old = COHERE_JOBS.map(({ company_key, slug_url, job_title, company_name, department, workplace_type, date_posted, skills }) => ({
      company_key, slug_url, job_title, company_name, department, workplace_type, date_posted, skills, locations: [],
    }));
    snapshot.saved.set(await catalogVersion.current(), old as unknown as JobSummary[]);
    const build = (summaries: readonly JobSummary[]) => summaries;
    const summaries = await createWarmJobIndex({ jobs, catalogVersion, build, checkEverySeconds: 60, snapshot }).get();
    expect(summaries.map((summary) => summary.job_url)).toEqual(old.map((summary) => COHERE_JOBS.find((job) => job.slug_url === summary.slug_url)!.job_url));
    expect(summaries.every((summary) => summary.source.ats === 'ashby')).toBe(true);
  });
});
