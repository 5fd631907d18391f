/**
 * `npm run bench:crawl -- [--boards N] [--full]`: crawl throughput against DynamoDB Local.
 *
 * N boards (default 3,000) are made by resampling the real Ashby captures
 * (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json, ../shared/data/ats/ashby): each
 * board takes the posting count of a randomly drawn real board and that many postings drawn
 * without repetition from all 1,333 captured postings (seeded, so every run serves the same
 * boards). The local fixture server (tests/crawler/fixture-server.ts) serves them from a child
 * process of its own (this file with `--serve N`: the ATS hosts are elsewhere in production, so
 * neither their CPU nor their memory is counted as the crawler's), with pacing off
 * (CRAWL_HOST_INTERVAL_MS=0); the crawler writes to a fresh in-memory DynamoDB Local.
 *
 * Phases: the first crawl (every job new; the targets: at least 3,000 boards a minute with a
 * peak RSS of at most 512 MB), then a re-crawl of the unchanged boards (the target: at least
 * 2,000 boards a minute); `--full` adds a re-crawl that parses and compares every board anyway
 * (what a board whose responses changed costs). Prints per phase: boards per minute, jobs, the
 * failing boards' reasons, the peak RSS of this process (the crawler alone), and CPU time per
 * board of the crawler, of DynamoDB Local's JVM and of the board server (user + system, from
 * process.cpuUsage and /proc/PID/stat); the last line is one JSON object with the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readConfig, readCrawlConfig } from '../lambdas/config';
import { localEndpoints } from '../lambdas/crawler/board-urls';
import { createCrawler } from '../lambdas/crawler/crawler';
import { BULK_TIMEOUTS, createDynamoClients } from '../lambdas/storage/dynamo-clients';
import { createStorage } from '../lambdas/storage/repositories';
import { ensureTables } from '../infra/local/create-tables';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { newCompany, type Company } from '../shared/companies/company';
import { startFixtureServer } from '../tests/crawler/fixture-server';

const { values } = parseArgs({ options: { boards: { type: 'string', default: '3000' }, full: { type: 'boolean', default: false }, serve: { type: 'string' } } });
const BOARDS = Number(values.serve ?? values.boards);
if (!Number.isInteger(BOARDS) || BOARDS < 1) throw new Error('--boards must be a positive whole number');
const TARGET_FIRST_BOARDS_PER_MINUTE = 3000;
const TARGET_FIRST_PEAK_RSS_MB = 512;
const TARGET_RECRAWL_BOARDS_PER_MINUTE = 2000;

/** The token of board `index`, the same in both processes. */
const tokenOf = (index: number): string => `bench-${String(index).padStart(5, '0')}`;

/** The board server (child process): makes the boards, serves them, prints `{ base, hostPort, postings }` and waits for stdin to close. */
const serve = async (): Promise<void> => {
  /** mulberry32: a small seeded PRNG, so every run serves the same boards. */
  const random = (() => {
    let seed = 20251028;
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  })();
  const ashbyDir = path.join(readConfig().sharedDataDir, 'ats', 'ashby');
  const captures = readdirSync(ashbyDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(ashbyDir, name), 'utf8')) as { jobs: unknown[]; apiVersion?: unknown });
  const pool = captures.flatMap((capture) => capture.jobs);
  const sizes = captures.map((capture) => capture.jobs.length);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  /** Each posting serialised once; a board is built from their indices when it is asked for. */
  const poolJson = pool.map((posting) => JSON.stringify(posting));
  const sample = (count: number): number[] => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, pool.length)) chosen.add(Math.floor(random() * pool.length));
    return [...chosen];
  };
  const boardText = (indices: readonly number[]) => () => `{"jobs":[${indices.map((index) => poolJson[index]).join(',')}],"apiVersion":"1"}`;
  const server = await startFixtureServer();
  let postings = 0;
  for (let index = 0; index < BOARDS; index += 1) {
    const jobs = sample(pick(sizes));
    postings += jobs.length;
    server.set('ashby', tokenOf(index), { text: boardText(jobs) });
  }
  console.log(JSON.stringify({ base: server.base, hostPort: server.hostPort, postings }));
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await server.close();
};

/** CPU time (user + system) a process has used so far, in ms, from /proc/PID/stat (Linux; clock ticks of 10 ms); null elsewhere. */
const cpuMsOf = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};

/**
 * The V8 heap limits AWS Lambda's Node.js runtime gives a function of `memoryMb` (its bootstrap,
 * /var/runtime/bootstrap: a tenth of the memory is new space, in two semi-spaces; the rest old space).
 */
const lambdaHeapArgs = (memoryMb: number): string[] => [`--max-semi-space-size=${Math.floor(memoryMb / 10 / 2)}`, `--max-old-space-size=${memoryMb - Math.floor(memoryMb / 10)}`];

if (values.serve !== undefined) {
  await serve();
  process.exit(0);
}
if (!process.execArgv.some((arg) => arg.startsWith('--max-old-space-size'))) {
  // The crawler runs with the heap its Lambda worker has (infra/aws/constructs/crawler.ts): under this machine's default
  // limits V8 let the heap reach 500 MB between collections while about 130 MB of it was live.
  const { WORKERS } = await import('../infra/aws/constructs/crawler');
  const heap = lambdaHeapArgs(WORKERS.json.memorySize);
  console.log(`Crawler process: ${heap.join(' ')}, as Lambda's Node.js runtime sets for the JSON crawl worker's ${WORKERS.json.memorySize} MB`);
  const crawler = spawnSync(process.execPath, [...heap, '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(crawler.status ?? 1);
}

let peakRss = 0;
let atPeak = process.memoryUsage();
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  if (usage.rss > peakRss) [peakRss, atPeak] = [usage.rss, usage];
}, 100);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The board server, started as a child process; resolves once it answers. */
const startBoardServer = async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', String(BOARDS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the board server exited (code ${String(code)}) before answering`)));
  });
  const { base, hostPort, postings } = JSON.parse(first) as { base: string; hostPort: string; postings: number };
  const close = async (): Promise<void> => {
    child.stdin.end();
    await exited;
  };
  return { base, hostPort, postings, pid: child.pid, close };
};

const dynamo = await startDynamoDbLocal();
const server = await startBoardServer();
try {
  const storageConfig = readConfig({ DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_PREFIX: 'bench-crawl-' });
  // The timeouts of the local commands (`npm run crawl`): DynamoDB Local can sit seconds on a transaction when the machine is busy.
  const storage = createStorage(storageConfig, createDynamoClients(storageConfig, BULK_TIMEOUTS));
  await ensureTables(storage.clients.client, storageConfig);

  const companies: Company[] = Array.from({ length: BOARDS }, (_, index) => newCompany(`Bench ${index}`, { company_key: tokenOf(index), ats: 'ashby', board_token: tokenOf(index) }));
  await storage.companies.putMany(companies);
  console.log(`${BOARDS} boards with ${server.postings} postings, served by ${server.base} (pid ${String(server.pid)}); DynamoDB Local ${dynamo.endpoint} (in memory, pid ${String(dynamo.pid)})`);

  const crawler = createCrawler({
    crawl: readCrawlConfig({}, { CRAWL_ALLOW_HOSTS: server.hostPort, CRAWL_HOST_INTERVAL_MS: '0', CRAWL_HOST_CONCURRENCY: '16', CRAWL_CONCURRENCY: '16', CI: '1' }),
    doc: storage.clients.doc,
    tables: storageConfig.dynamodb.tables,
    catalogVersion: storage.catalogVersion,
    endpoints: localEndpoints(server.base),
    writeMode: 'transaction',
  });

  /** CPU ms per board of a process over a phase, to one decimal (null when it cannot be read). */
  const perBoard = (before: number | null, after: number | null): number | null => (before === null || after === null ? null : Math.round(((after - before) / BOARDS) * 10) / 10);

  const phase = async (name: string, full: boolean) => {
    peakRss = process.memoryUsage().rss;
    const current = await storage.companies.listAll();
    const cpuBefore = { crawler: process.cpuUsage(), dynamo: cpuMsOf(dynamo.pid), server: cpuMsOf(server.pid) };
    const started = performance.now();
    const { record, results } = await crawler.run(current, { full });
    const seconds = (performance.now() - started) / 1000;
    const crawlerCpu = process.cpuUsage(cpuBefore.crawler);
    const reasons = new Map<string, number>();
    for (const result of results) if (result.outcome === 'failing') reasons.set(result.reason ?? '?', (reasons.get(result.reason ?? '?') ?? 0) + 1);
    const figures = {
      seconds: Math.round(seconds * 10) / 10,
      boards_per_minute: Math.round((BOARDS / seconds) * 60),
      companies_ok: record.companies.ok,
      companies_failing: record.companies.failing,
      jobs_new: record.jobs.new,
      jobs_unchanged: record.jobs.unchanged,
      peak_rss_mb: mb(peakRss),
      at_peak_mb: { heap_total: mb(atPeak.heapTotal), heap_used: mb(atPeak.heapUsed), external: mb(atPeak.external) },
      cpu_ms_per_board: {
        crawler: Math.round(((crawlerCpu.user + crawlerCpu.system) / 1000 / BOARDS) * 10) / 10,
        dynamodb_local: perBoard(cpuBefore.dynamo, cpuMsOf(dynamo.pid)),
        board_server: perBoard(cpuBefore.server, cpuMsOf(server.pid)),
      },
      failing_reasons: Object.fromEntries([...reasons].sort((a, b) => b[1] - a[1]).slice(0, 5)),
    };
    const cpu = figures.cpu_ms_per_board;
    console.log(
      `${name}: ${figures.seconds} s, ${figures.boards_per_minute} boards/min, ${figures.companies_ok} ok, ${figures.companies_failing} failing, ${figures.jobs_new} new, ${figures.jobs_unchanged} unchanged, ` +
        `peak RSS ${figures.peak_rss_mb} MB (V8 heap ${figures.at_peak_mb.heap_used} of ${figures.at_peak_mb.heap_total} MB, external ${figures.at_peak_mb.external} MB); CPU per board: crawler ${cpu.crawler} ms, DynamoDB Local ${String(cpu.dynamodb_local)} ms, board server ${String(cpu.board_server)} ms`,
    );
    for (const [reason, count] of reasons) console.log(`  failing (${count}): ${reason}`);
    return figures;
  };

  const first = await phase('First crawl', false);
  const recrawl = await phase('Re-crawl, boards unchanged', false);
  const fullRecrawl = values.full ? await phase('Re-crawl, parsed in full', true) : null;
  await crawler.close();
  storage.clients.client.destroy();
  const met = {
    first_boards_per_minute: first.boards_per_minute >= TARGET_FIRST_BOARDS_PER_MINUTE,
    first_peak_rss: first.peak_rss_mb <= TARGET_FIRST_PEAK_RSS_MB,
    recrawl_boards_per_minute: recrawl.boards_per_minute >= TARGET_RECRAWL_BOARDS_PER_MINUTE,
  };
  const said = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`Target: first crawl at least ${TARGET_FIRST_BOARDS_PER_MINUTE} boards/min: ${said(met.first_boards_per_minute)}; its peak RSS at most ${TARGET_FIRST_PEAK_RSS_MB} MB: ${said(met.first_peak_rss)}.`);
  console.log(`Target: at least ${TARGET_RECRAWL_BOARDS_PER_MINUTE} boards/min re-crawling unchanged boards: ${said(met.recrawl_boards_per_minute)}.`);
  console.log(
    JSON.stringify({
      boards: BOARDS,
      postings: server.postings,
      load_average: os.loadavg().map((load) => Math.round(load * 100) / 100),
      first_crawl: first,
      recrawl_unchanged: recrawl,
      ...(fullRecrawl === null ? {} : { recrawl_full: fullRecrawl }),
      targets: { first_boards_per_minute: TARGET_FIRST_BOARDS_PER_MINUTE, first_peak_rss_mb: TARGET_FIRST_PEAK_RSS_MB, recrawl_boards_per_minute: TARGET_RECRAWL_BOARDS_PER_MINUTE },
      met,
      peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
    }),
  );
} finally {
  clearInterval(sampler);
  await server.close();
  await dynamo.stop();
}
