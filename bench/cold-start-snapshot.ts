/**
 * `npm run bench:cold-start [-- sizes...] [-- --catalog FILE ...]` (issue 19.2): how long a fresh
 * jobs function takes from its search snapshot to the first search answer, and what it then
 * holds, for catalogs of 100,000 and 500,000 open jobs (default; or the sizes given) resampled
 * from the captured Ashby postings (bench/search-workload.ts, seeded), or for each catalog file
 * given with `--catalog` (bench/catalog-file.ts: stored jobs, their summaries, or jobs as the API
 * serves them, a JSON array or JSON Lines, `.gz` allowed), e.g. one a script of your own generated.
 *
 * For each size the parent writes the snapshot through the S3 adapter to an s3rver stand-in (a
 * temporary folder), as the builder does; then a fresh child process pinned to one core
 * (`taskset -c 0` where present, `node --expose-gc`) reads the pointer and the snapshot over
 * HTTP, gunzips it and restores the index from it (views on its buffer, nothing rebuilt: no
 * string is shared with the parent) and answers one search, exactly as
 * lambdas/search/warm-job-index.ts with search-snapshot.ts `decodeSearchSnapshot` does.
 * The child reports each step's wall and CPU time (process.cpuUsage: the machine may be busy),
 * memory retained after a full GC (heapUsed + external, which includes array buffers) and peak
 * RSS (resourceUsage().maxRSS). `npm run bench:cold-start:npm-start` times `npm start` instead.
 * Targets: load to first answer ≤ 3 s at 500,000 jobs; retained ≤ 600 MB. Ends with one line of JSON.
 */
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../lambdas/config';
import { gunzipSync } from 'node:zlib';
import { encodeSearchSnapshot } from '../lambdas/search/search-snapshot';
import { searchSnapshotsFromConfig } from '../lambdas/storage/s3-search-snapshots';
import { restoreJobIndex } from '../shared/search/job-index';
import { decodeJobIndexImage } from '../shared/search/job-index-image';
import { startS3StandIn } from '../infra/local/s3-stand-in';
import { readCatalogFile } from './catalog-file';
import { loadCapturedSummaries, queryMix, resampleSummaries } from './search-workload';
import type { JobSummary } from '../shared/jobs/job-summary';

const TARGET_LOAD_MS = 3_000;
const TARGET_RETAINED_MB = 600;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface ChildFigures {
  jobs: number;
  snapshot_bytes: number;
  steps: Record<'fetch' | 'gunzip' | 'restore' | 'first_answer', { wall_ms: number; cpu_ms: number }>;
  image_bytes: number;
  load_to_first_answer_ms: number;
  load_to_first_answer_cpu_ms: number;
  retained_mb: number;
  heap_mb: number;
  external_mb: number;
  peak_rss_mb: number;
  first_answer_count: number;
}

/** The child: load the snapshot named by the pointer, build, answer one search, report. */
const child = async (): Promise<void> => {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const store = searchSnapshotsFromConfig(readConfig())!;
  const steps = {} as ChildFigures['steps'];
  const step = async <T>(name: keyof ChildFigures['steps'], work: () => T | Promise<T>): Promise<T> => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const result = await work();
    const used = process.cpuUsage(cpu);
    steps[name] = { wall_ms: Math.round(performance.now() - wall), cpu_ms: Math.round((used.user + used.system) / 1000) };
    return result;
  };
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let fetched: { version: string; data: Uint8Array } | null = await step('fetch', async () => {
    const version = (await store.latest())!;
    return { version, data: (await store.read(version))! };
  });
  const snapshotBytes = fetched.data.byteLength;
  // The steps of search-snapshot.ts decodeSearchSnapshot, timed apart.
  const image = await step('gunzip', () => gunzipSync(fetched!.data));
  // The warm index keeps no reference to the gzip'd bytes either.
  fetched = null;
  const index = await step('restore', () => {
    const { parts, meta } = decodeJobIndexImage(image);
    if (meta.version !== '1') throw new Error(`snapshot of version ${String(meta.version)}`);
    return restoreJobIndex(parts);
  });
  const answer = await step('first_answer', () => index.search(queryMix(1, 19)[0]!));
  const loadMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  gc();
  gc();
  const memory = process.memoryUsage();
  const figures: ChildFigures = {
    jobs: index.size,
    snapshot_bytes: snapshotBytes,
    image_bytes: image.byteLength,
    steps,
    load_to_first_answer_ms: Math.round(loadMs),
    load_to_first_answer_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    retained_mb: mb(memory.heapUsed + memory.external),
    heap_mb: mb(memory.heapUsed),
    external_mb: mb(memory.external),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    first_answer_count: answer.count,
  };
  console.log(JSON.stringify(figures));
};

/** The catalogs to time: each `--catalog` file, else each size resampled from the captured postings. */
const catalogs = async (): Promise<{ name: string; summaries: () => Promise<JobSummary[]> }[]> => {
  const { values, positionals } = parseArgs({ options: { catalog: { type: 'string', multiple: true } }, allowPositionals: true });
  if (values.catalog !== undefined) return values.catalog.map((file) => ({ name: path.basename(file), summaries: () => readCatalogFile(file) }));
  const sizes = positionals.map(Number).filter((size) => size > 0);
  const real = await loadCapturedSummaries();
  return (sizes.length > 0 ? sizes : [100_000, 500_000]).map((jobs) => ({ name: 'resampled', summaries: async () => resampleSummaries(real, jobs, jobs / 1000) }));
};

const parent = async (): Promise<void> => {
  const results = [];
  for (const catalog of await catalogs()) {
    const directory = await mkdtemp(path.join(tmpdir(), 'latent-jobs-bench-s3-'));
    const s3 = await startS3StandIn({ directory, port: 0, nameIt: false });
    try {
      const summaries = await catalog.summaries();
      const jobs = summaries.length;
      const encodeStarted = performance.now();
      const data = encodeSearchSnapshot('1', summaries, new Date().toISOString());
      const encodeMs = Math.round(performance.now() - encodeStarted);
      await searchSnapshotsFromConfig(readConfig({}, s3.env))!.write('1', data);
      const pin = existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', '0'] : [];
      const command = [...pin, process.execPath, '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child'];
      // Asynchronous: the S3 stand-in the child reads from runs in this process.
      const run = await promisify(execFile)(command[0]!, command.slice(1), { env: { ...process.env, ...s3.env, LOG_LEVEL: 'warn', AWS_REGION: 'us-east-1' }, encoding: 'utf8', maxBuffer: 1 << 20 });
      const figures = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as ChildFigures;
      const met = { load: figures.load_to_first_answer_ms <= TARGET_LOAD_MS, retained: figures.retained_mb <= TARGET_RETAINED_MB };
      console.log(
        `${String(jobs).padStart(7)} jobs (${catalog.name}): snapshot ${mb(data.byteLength)} MB gzip, ${mb(figures.image_bytes)} MB gunzipped (built and encoded in ${encodeMs} ms); load to first answer ${figures.load_to_first_answer_ms} ms wall, ` +
          `${figures.load_to_first_answer_cpu_ms} ms CPU (target ≤ ${TARGET_LOAD_MS} ms: ${met.load ? 'met' : 'MISSED'}); ` +
          Object.entries(figures.steps).map(([name, { wall_ms, cpu_ms }]) => `${name} ${wall_ms}/${cpu_ms}`).join(', ') +
          ` ms wall/CPU; retained ${figures.retained_mb} MB (heap ${figures.heap_mb}, external ${figures.external_mb}; target ≤ ${TARGET_RETAINED_MB} MB: ${met.retained ? 'met' : 'MISSED'}); peak RSS ${figures.peak_rss_mb} MB`,
      );
      results.push({ catalog: catalog.name, ...figures, encode_ms: encodeMs, meets_load_target: met.load, meets_memory_target: met.retained });
    } finally {
      await s3.stop();
      await rm(directory, { recursive: true, force: true });
    }
  }
  console.log(JSON.stringify({ bench: 'cold-start-snapshot', node: process.version, pinned_to_one_core: existsSync('/usr/bin/taskset'), target_load_ms: TARGET_LOAD_MS, target_retained_mb: TARGET_RETAINED_MB, sets: results }));
};

if (process.argv.includes('--child')) await child();
else await parent();
