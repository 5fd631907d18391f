/**
 * `npm run bench:search [-- sizes...]` (issues 19.2 and 24.4): memory and query latency of the job
 * search index (shared/search/job-index.ts) at 20,000, 100,000 and 500,000 jobs (default; or the
 * sizes given) resampled from every captured posting (bench/search-workload.ts, seeded, so runs
 * are repeatable).
 *
 * Each size runs in a fresh child process (`node --expose-gc`). The child resamples the jobs and
 * parses each one fresh from its JSON text, as a snapshot or a DynamoDB page is read, so no string
 * is shared between jobs or with the captured postings (shared strings flattered the memory figure
 * several times over); it times the parse and the index build, then takes the memory the jobs and
 * the index keep after a full GC (heap plus array buffers, MB) and the peak RSS.
 *
 * Then, after a warm-up of 200 other queries, it times a stream of distinct queries from the
 * workload's query mix (bench/search-workload.ts `labelledQueryMix`: text of seven kinds, every
 * filter of `POST /jobs` in a share of them, sorts, deep pages, facet counts and the pay histogram
 * on every search), one after another, and reports p50, p95, p99 and the slowest, for all queries
 * and per kind of text; and the same of the CPU time each query took (process.cpuUsage: microseconds,
 * every thread of the process), which a busy machine inflates less than wall time. Targets on all queries: p99 ≤ 20 ms at 20,000 jobs (issue 2), ≤ 5 ms at
 * 100,000 (issues 12.6, 24.4) and at 500,000 (issue 19.2).
 *
 * The load average is printed beside each size: figures taken on a busy machine are inflated.
 * Prints one block per size, then one line of JSON with every figure.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { JobSummary } from '../shared/jobs/job-summary';
import { createJobIndex, type JobIndex } from '../shared/search/job-index';
import { labelledQueryMix, loadCapturedSummaries, resampleSummaries, type QueryKind } from './search-workload';

const TARGET_P99_MS: Record<number, number> = { 20_000: 20, 100_000: 5, 500_000: 5 };
const DEFAULT_SIZES = [20_000, 100_000, 500_000];
const QUERIES = 4_000;
const WARM_UP = 200;

interface Latency {
  queries: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

interface SizeFigures {
  jobs: number;
  parse_ms: number;
  build_ms: number;
  /** Heap plus array buffers that the parsed jobs and their index keep after a full GC. */
  memory_mb: number;
  peak_rss_mb: number;
  all: Latency;
  /** CPU time of the process per query (all threads, so GC helpers count; the load of others does not). */
  all_cpu: Latency;
  by_kind: Record<string, Latency>;
  by_kind_cpu: Record<string, Latency>;
  load_average: { before: number; after: number };
}

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;

const percentile = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

const latencyOf = (times: number[]): Latency => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    queries: sorted.length,
    p50_ms: round(percentile(sorted, 0.5), 3),
    p95_ms: round(percentile(sorted, 0.95), 3),
    p99_ms: round(percentile(sorted, 0.99), 3),
    max_ms: round(sorted[sorted.length - 1]!, 3),
  };
};

const collectGarbage = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  gc();
};

/** Heap in use plus memory outside the heap (typed arrays' buffers). */
const retainedBytes = (): number => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/** The child: one size, measured in a process of its own. Prints its figures as one line of JSON. */
const measureSize = async (size: number): Promise<void> => {
  const loadBefore = loadavg()[0]!;
  const real = await loadCapturedSummaries();
  // Distinct queries, none of them among the warm-up's.
  const warmUp = labelledQueryMix(WARM_UP, 8);
  const seen = new Set(warmUp.map(({ query }) => JSON.stringify(query)));
  const measured = labelledQueryMix(QUERIES, 7).filter(({ query }) => {
    const key = JSON.stringify(query);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  collectGarbage();
  const memoryBefore = retainedBytes();
  // The parsed jobs are held by the index alone once this returns.
  const { index, parseMs, buildMs } = ((): { index: JobIndex; parseMs: number; buildMs: number } => {
    const started = performance.now();
    const jobs = resampleSummaries(real, size, Math.round(size / 1000)).map((job) => JSON.parse(JSON.stringify(job)) as JobSummary);
    const parsed = performance.now();
    return { index: createJobIndex(jobs), parseMs: parsed - started, buildMs: performance.now() - parsed };
  })();
  collectGarbage();
  const memoryMb = (retainedBytes() - memoryBefore) / 1024 / 1024;

  for (const { query } of warmUp) index.search(query);
  const all: number[] = [];
  const cpu: number[] = [];
  const byKind = new Map<QueryKind, { wall: number[]; cpu: number[] }>();
  for (const { kind, query } of measured) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    index.search(query);
    const took = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    all.push(took);
    cpu.push((used.user + used.system) / 1000);
    const times = byKind.get(kind) ?? { wall: [], cpu: [] };
    times.wall.push(took);
    times.cpu.push(cpu.at(-1)!);
    byKind.set(kind, times);
  }
  const figures: SizeFigures = {
    jobs: index.size,
    parse_ms: round(parseMs, 0),
    build_ms: round(buildMs, 0),
    memory_mb: round(memoryMb, 1),
    peak_rss_mb: round(process.resourceUsage().maxRSS / 1024, 0),
    all: latencyOf(all),
    all_cpu: latencyOf(cpu),
    by_kind: Object.fromEntries([...byKind].map(([kind, { wall }]) => [kind, latencyOf(wall)])),
    by_kind_cpu: Object.fromEntries([...byKind].map(([kind, { cpu: times }]) => [kind, latencyOf(times)])),
    load_average: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
  };
  console.log(JSON.stringify(figures));
};

const line = (label: string, { queries, p50_ms, p95_ms, p99_ms, max_ms }: Latency): string =>
  `  ${label.padEnd(17)} ${String(queries).padStart(5)} queries  p50 ${p50_ms} ms  p95 ${p95_ms} ms  p99 ${p99_ms} ms  max ${max_ms} ms`;

/** The parent: one child per size, then the figures. */
const main = (sizes: number[]): void => {
  const results: (SizeFigures & { target_p99_ms: number | null; meets_target: boolean | null })[] = [];
  for (const size of sizes) {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(size)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`bench:search child for ${size} jobs exited with ${child.status ?? child.signal}`);
    const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as SizeFigures;
    const target = TARGET_P99_MS[size] ?? null;
    const meets = target === null ? null : figures.all.p99_ms <= target;
    results.push({ ...figures, target_p99_ms: target, meets_target: meets });
    console.log(
      `${figures.jobs} jobs (load average ${figures.load_average.before} → ${figures.load_average.after}): parse ${figures.parse_ms} ms, build ${figures.build_ms} ms, ` +
        `memory +${figures.memory_mb} MB (parsed fresh), peak RSS ${figures.peak_rss_mb} MB`,
    );
    console.log(line('all', figures.all) + (target === null ? '' : `  (target p99 ≤ ${target} ms: ${meets ? 'met' : 'MISSED'})`));
    console.log(line('all, CPU time', figures.all_cpu));
    for (const [kind, latency] of Object.entries(figures.by_kind)) {
      const cpu = figures.by_kind_cpu[kind]!;
      console.log(`${line(kind, latency)}  | CPU p50 ${cpu.p50_ms} p95 ${cpu.p95_ms} p99 ${cpu.p99_ms} ms`);
    }
  }
  console.log(JSON.stringify({ bench: 'search', node: process.version, sets: results }));
};

const childAt = process.argv.indexOf('--child');
if (childAt !== -1) {
  await measureSize(Number(process.argv[childAt + 1]));
} else {
  const sizes = process.argv.slice(2).map(Number).filter((size) => Number.isSafeInteger(size) && size > 0);
  main(sizes.length > 0 ? sizes : DEFAULT_SIZES);
}
