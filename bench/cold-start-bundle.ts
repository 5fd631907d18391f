/**
 * `npm run bench:cold-start:bundle [-- sizes...]` (issue 19, "the jobs bundle invoked as Lambda
 * would against 100,000 stored jobs"): the jobs function's bundle from the synthesized assembly,
 * cold, answering `POST /jobs` against N stored open jobs (default 100,000), with and without a
 * search snapshot.
 *
 * For each size, in a temporary folder: DynamoDB Local (on disk) and an s3rver stand-in; N jobs
 * resampled from the captured Ashby postings (bench/search-workload.ts, seeded), each completed
 * with the description, source department and source fields of the captured posting whose title
 * it carries, and inserted through the crawl's own write path (lambdas/storage/crawl-store.ts:
 * conditional inserts carrying `crawl_version` and `open_shard`, as a crawl writes them); then the
 * catalog version is bumped as a crawl run that changed the catalog does.
 * 1. Without a snapshot (the bucket is empty, as before the builder's first run): the jobs
 *    function lists every open job from DynamoDB and builds its index inside the request.
 * 2. The snapshot builder's bundle is invoked with its schedule's event (as EventBridge does after
 *    a crawl run) and writes the snapshot (when it cannot within its timeout, this process writes
 *    the snapshot of the same jobs, and says so); then the jobs function restores it.
 * Each case invokes the jobs bundle twice, each in a fresh process (tests/bundles/lambda-invoke.ts:
 * the Lambda runtime's environment and heap limits for the template's memory, the function's
 * template environment pointed at the stand-ins), pinned to one core (`taskset -c 0`: the
 * function's 1,769 MB is one vCPU), with a payload-2.0 `POST /jobs` event: a blank search and a
 * text search. Reported: wall and CPU from the import of the bundle to the answer (Lambda's init
 * plus the first invocation), the answer's count, peak RSS, and whether it answered within the
 * template's timeout.
 *
 * The assembly is cdk.out/dev, reused when its template is newer than every source file under
 * lambdas/, shared/ and infra/aws/, else synthesized (`npm run synth -- --bundle-once`); the
 * output says which. Timings on a busy machine are inflated: the load average is printed, and
 * CPU is the fairer figure. Ends with one line of JSON.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import PQueue from 'p-queue';
import { REPO_ROOT, readConfig } from '../lambdas/config';
import { encodeSearchSnapshot } from '../lambdas/search/search-snapshot';
import { searchSnapshotsFromConfig } from '../lambdas/storage/s3-search-snapshots';
import { chunk } from '../lambdas/storage/batch';
import { createCrawlStore } from '../lambdas/storage/crawl-store';
import { crawlWriteModeFor } from '../lambdas/storage/crawl-writes';
import { BULK_TIMEOUTS, createDynamoClients } from '../lambdas/storage/dynamo-clients';
import { createStorage } from '../lambdas/storage/repositories';
import { ensureTables } from '../infra/local/create-tables';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { startS3StandIn } from '../infra/local/s3-stand-in';
import type { Job } from '../shared/jobs/job';
import { toJobSummary, type JobSummary } from '../shared/jobs/job-summary';
import { apiEvent, functionEnvironment, readAssembly, scheduledEvent, templateFileOf, type LambdaFunction, type StandIns } from '../tests/bundles/assembly';
import { invokeBundle, type BundleUsage } from '../tests/bundles/lambda-invoke';
import { loadCapturedJobs, resampleSummaries } from './search-workload';

const ASSEMBLY = path.join(REPO_ROOT, 'cdk.out', 'dev');
/** Jobs per writeJobs call, and calls in flight (the crawl writes a board's jobs in one call). */
const WRITE_CHUNK = 500;
const WRITES_IN_FLIGHT = 8;

const SEARCHES = [
  { name: 'blank', body: {} },
  { name: 'text', body: { search: ['machine learning engineer'] } },
] as const;

/** The newest modification time (ms) of the files under `dir`. */
const newestUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return newest;
    const at = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestUnder(at) : statSync(at).mtimeMs);
  }, 0);

/** cdk.out/dev, synthesized unless its template is newer than every source the bundles are built from. */
const assembly = (): { functions: LambdaFunction[]; source: 'reused' | 'synthesized' } => {
  const template = templateFileOf(ASSEMBLY);
  const sources = Math.max(...['lambdas', 'shared', path.join('infra', 'aws')].map((dir) => newestUnder(path.join(REPO_ROOT, dir))));
  const fresh = existsSync(template) && statSync(template).mtimeMs > sources;
  if (!fresh) {
    console.log(`${path.relative(REPO_ROOT, ASSEMBLY)} is ${existsSync(template) ? 'older than the sources' : 'missing'}: npm run synth -- --bundle-once`);
    const synth = spawnSync('npm', ['run', 'synth', '--', '--bundle-once'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (synth.status !== 0) throw new Error('npm run synth failed');
  } else console.log(`Reusing ${path.relative(REPO_ROOT, ASSEMBLY)} (its template is newer than lambdas/, shared/ and infra/aws/)`);
  return { functions: readAssembly(ASSEMBLY), source: fresh ? 'reused' : 'synthesized' };
};

const functionNamed = (functions: readonly LambdaFunction[], pattern: RegExp): LambdaFunction => {
  const found = functions.find((fn) => pattern.test(fn.logicalId));
  if (found === undefined) throw new Error(`No function matching ${String(pattern)} in ${ASSEMBLY}`);
  return found;
};

/** `count` resampled jobs, each with the description and source fields of the captured posting it takes its title from. */
const resampledJobs = async (count: number): Promise<Job[]> => {
  const captured = await loadCapturedJobs();
  const sourceKey = (job: Pick<JobSummary, 'source'>) => `${job.source.board_token}\u0000${job.source.job_id}`;
  const bySource = new Map(captured.map((job) => [sourceKey(job), job]));
  return resampleSummaries(captured.map(toJobSummary), count, count / 1000).map((summary) => ({ ...bySource.get(sourceKey(summary))!, ...summary }));
};

interface Invocation {
  search: string;
  answered: boolean;
  status: number | null;
  count: number | null;
  within_timeout: boolean;
  usage: BundleUsage | null;
  error?: string;
}

const PIN = existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', '0'] : [];

/** The jobs bundle, cold, answering one search; a process that gives no answer (killed 5 s past the timeout, or threw) is reported as such. */
const invokeJobs = async (fn: LambdaFunction, standIns: StandIns, search: (typeof SEARCHES)[number]): Promise<Invocation> => {
  try {
    const { result, usage, logs } = await invokeBundle({
      dir: fn.dir,
      environment: { ...functionEnvironment(fn, standIns), LOG_LEVEL: 'warn' },
      event: apiEvent('POST /jobs', { body: search.body }),
      timeoutMs: fn.timeoutMs,
      memoryMb: fn.memoryMb,
      name: `LatentJobs-dev-${fn.logicalId}`,
      handler: fn.handler,
      wrapper: PIN,
    });
    const answer = result as { statusCode?: number; body?: string };
    const count = answer.statusCode === 200 ? (JSON.parse(answer.body ?? '{}') as { count?: number }).count ?? null : null;
    // A refusal names its cause in the function's error log line (Powertools JSON).
    const logged = logs.split('\n').flatMap((text) => {
      try {
        return text.includes('"ERROR"') ? [JSON.parse(text) as { error?: { name?: string; message?: string } }] : [];
      } catch {
        return [];
      }
    });
    const error = answer.statusCode === 200 ? {} : { error: logged.map(({ error: e }) => `${e?.name}: ${e?.message}`).join('; ') };
    return { search: search.name, answered: answer.statusCode === 200, status: answer.statusCode ?? null, count, within_timeout: usage.wall_ms <= fn.timeoutMs, usage, ...error };
  } catch (error) {
    return { search: search.name, answered: false, status: null, count: null, within_timeout: false, usage: null, error: String(error).slice(0, 600) };
  }
};

const line = (label: string, fn: LambdaFunction, run: Invocation): string =>
  run.usage === null
    ? `  ${label}, ${run.search} search: NO ANSWER within ${fn.timeoutMs / 1000} s (+5 s grace): ${run.error ?? ''}`
    : `  ${label}, ${run.search} search: ${run.status} with count ${run.count} in ${run.usage.wall_ms} ms wall, ${run.usage.cpu_ms} ms CPU; peak RSS ${run.usage.peak_rss_mb} MB; ` +
      `${run.within_timeout ? 'within' : 'PAST'} the ${fn.timeoutMs / 1000} s timeout${run.error === undefined ? '' : `: ${run.error}`}`;

const runSize = async (jobs: number, functions: readonly LambdaFunction[]) => {
  const directory = await mkdtemp(path.join(tmpdir(), 'latent-jobs-bench-bundle-'));
  const [dynamodb, s3] = await Promise.all([startDynamoDbLocal({ dataDir: path.join(directory, 'dynamodb') }), startS3StandIn({ directory: path.join(directory, 's3'), port: 0, nameIt: false })]);
  try {
    const config = readConfig({ DYNAMODB_ENDPOINT: dynamodb.endpoint, TABLE_PREFIX: 'bench-', ...s3.env });
    const storage = createStorage(config, createDynamoClients(config, BULK_TIMEOUTS));
    await ensureTables(storage.clients.client, config, { timeToLive: false });
    const { tables } = config.dynamodb;
    const crawl = createCrawlStore(storage.clients.doc, { jobs: tables.jobs, companies: tables.companies, state: tables.state }, crawlWriteModeFor(config.dynamodb));

    const writeStarted = performance.now();
    const catalog = await resampledJobs(jobs);
    const queue = new PQueue({ concurrency: WRITES_IN_FLIGHT });
    const outcomes = await Promise.all(chunk(catalog, WRITE_CHUNK).map((part) => queue.add(() => crawl.writeJobs(part.map((job) => ({ kind: 'insert' as const, job }))))));
    const written = outcomes.reduce((sum, outcome) => sum + (outcome?.written ?? 0), 0);
    await storage.catalogVersion.bump(new Date().toISOString());
    const writeSeconds = Math.round((performance.now() - writeStarted) / 100) / 10;
    console.log(`${jobs} jobs: ${written} inserted through the crawl's write path in ${writeSeconds} s (DynamoDB Local, ${WRITES_IN_FLIGHT} writers)`);

    const jobsFn = functionNamed(functions, /^ApijobsFunction/);
    const standIns: StandIns = { config, s3Endpoint: s3.endpoint };
    const withoutSnapshot: Invocation[] = [];
    for (const search of SEARCHES) {
      withoutSnapshot.push(await invokeJobs(jobsFn, standIns, search));
      console.log(line('no snapshot (listing from DynamoDB)', jobsFn, withoutSnapshot.at(-1)!));
    }

    const builderFn = functionNamed(functions, /^SearchSnapshotsBuilderFunction/);
    const builderStarted = performance.now();
    const builder = await invokeBundle({
      dir: builderFn.dir,
      environment: { ...functionEnvironment(builderFn, standIns), LOG_LEVEL: 'warn' },
      event: scheduledEvent(builderFn),
      timeoutMs: builderFn.timeoutMs,
      memoryMb: builderFn.memoryMb,
      name: `LatentJobs-dev-${builderFn.logicalId}`,
      handler: builderFn.handler,
    }).then(
      ({ result, usage }) => ({ ...(result as { built: boolean; jobs?: number; bytes?: number }), usage }),
      (error: Error) => ({ built: false, wall_ms: Math.round(performance.now() - builderStarted), error: (/\n(\w*Error\b.*)/.exec(error.message)?.[1] ?? error.message).slice(0, 300) }),
    );
    if ('usage' in builder) {
      console.log(
        `  snapshot builder bundle (${builderFn.memoryMb} MB, not pinned): ${builder.jobs} jobs, ${Math.round((builder.bytes ?? 0) / 1024 / 1024)} MB gzip'd in ${builder.usage.wall_ms} ms wall, ` +
          `${builder.usage.cpu_ms} ms CPU; peak RSS ${builder.usage.peak_rss_mb} MB`,
      );
    } else {
      // The builder lists every open job from DynamoDB as the fallback does; when that does not
      // finish within its timeout, the snapshot of the same catalog is encoded here from the jobs
      // written (the summaries the listing would give) so the snapshot case is still timed.
      const version = await storage.catalogVersion.current();
      await searchSnapshotsFromConfig(config)!.write(version, encodeSearchSnapshot(version, catalog.map(toJobSummary), new Date().toISOString()));
      console.log(`  snapshot builder bundle: NO SNAPSHOT within its ${builderFn.timeoutMs / 1000} s (${builder.wall_ms} ms: ${builder.error}); the snapshot of the same catalog written from this process instead`);
    }

    const withSnapshot: Invocation[] = [];
    for (const search of SEARCHES) {
      withSnapshot.push(await invokeJobs(jobsFn, standIns, search));
      console.log(line('from the snapshot', jobsFn, withSnapshot.at(-1)!));
    }
    return { jobs, written, write_seconds: writeSeconds, timeout_ms: jobsFn.timeoutMs, memory_mb: jobsFn.memoryMb, without_snapshot: withoutSnapshot, snapshot_builder: builder, with_snapshot: withSnapshot };
  } finally {
    await Promise.all([dynamodb.stop(), s3.stop()]);
    await rm(directory, { recursive: true, force: true });
  }
};

const { positionals } = parseArgs({ allowPositionals: true });
const sizes = positionals.map(Number).filter((size) => size > 0);
const { functions, source } = assembly();
const loadBefore = loadavg()[0]!;
console.log(`Load average ${loadBefore.toFixed(1)} (1 min) on ${PIN.length > 0 ? 'a core pinned with taskset -c 0' : 'unpinned cores (no taskset)'}`);
const sets = [];
for (const jobs of sizes.length > 0 ? sizes : [100_000]) sets.push(await runSize(jobs, functions));
const loadAfter = loadavg()[0]!;
console.log(`Load average ${loadAfter.toFixed(1)} (1 min) at the end`);
console.log(
  JSON.stringify({ bench: 'cold-start-bundle', node: process.version, assembly: source, pinned_to_one_core: PIN.length > 0, load_average: [Number(loadBefore.toFixed(1)), Number(loadAfter.toFixed(1))], sets }),
);
