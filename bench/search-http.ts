/**
 * `npm run bench:search-http`: `POST /api/jobs` as served by the local product (the real jobs
 * handler behind the payload-2.0 adapter, DynamoDB Local on disk in a temporary folder, seeded
 * with the captured postings: 1,323 open jobs, its search index restored from the search snapshot
 * the seed wrote to the S3 stand-in, as on AWS) against a bare `node:http` server, three processes:
 *
 * - this one runs the product (infra/local/server.ts), as `npm start` does;
 * - bench/search-http-bare.ts, its own process: the bare server, answering each request body
 *   with a precomputed body as long as the product's answer to it;
 * - bench/search-http-client.ts, its own process: the load client (undici, keep-alive), which
 *   times each request and alternates one-second slices between the two servers.
 *
 * Figures:
 * - size: the 20-job list answer (the board's first page) uncompressed, gzip and Brotli, as the
 *   server sends it to a client that accepts them. Target (issue 12.6): at most 15 KB compressed.
 * - two cases, each at 1 and at 32 connections, no compression asked (both servers send the same
 *   bytes), as requests a second, p50 and p99 latency and the product/bare ratio:
 *   - cached: one repeated search, the board's first page, which the product answers from its
 *     answer cache (lambdas/search/answer-cache.ts): the HTTP path's cost without the search;
 *   - distinct: 2,000 distinct bodies from bench/search-workload.ts's query mix (text, filters,
 *     sorts, deep pages, 240-job pages), sent in turn, so the answer cache (32 answers) never
 *     holds the next one: the search, its serialisation and the HTTP path.
 *   Target (issue 19.4): distinct ratio at 32 connections at least 0.3.
 *
 * `--cpu-prof DIR`: instead, profiles this process (the product's server) while the client sends
 * distinct searches from 32 connections for 10 s, writes the profile (Chrome DevTools'
 * .cpuprofile) to DIR and prints the functions with the most self time.
 *
 * Prints one line per figure, then one line of JSON. Numbers move with the machine's load
 * (this one is shared): read the ratios, which both sides share, and the CPU time per request;
 * the one-minute load average before and after the timed slices is printed with them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { startLocalProduct } from '../infra/local/server';
import { SEARCH_FILTERS } from '../shared/search/filters/search-filters';
import type { SearchFilter } from '../shared/search/filters/search-filter';
import type { JobQueryInput } from '../shared/search/job-query';
import type { JobSearchQuery } from '../shared/search/job-search';
import type { BarePlan } from './search-http-bare';
import type { ClientFigures, ClientPlan, CpuQuery } from './search-http-client';
import { queryMix } from './search-workload';

const CACHED_BODY = JSON.stringify({ page: 0, page_size: 20 });
const DISTINCT_BODIES = 2000;
const CLIENTS = [1, 32];
const ROUNDS = 5;
const SLICE_MS = 1000;
/** Requests to each server before each timed run, so that V8 has compiled the hot paths (fewer left the compiler threads busy in the timed slices). */
const WARM_UP = 3000;
const PROFILE_MS = 10_000;
const TARGET_DISTINCT_RATIO = 0.3;
const TARGET_COMPRESSED_KB = 15;
const here = path.dirname(fileURLToPath(import.meta.url));

const DAY_MS = 86_400_000;
/** The query mix's "now" (bench/search-workload.ts), from which its time windows were made. */
const MIX_NOW_MS = Date.parse('2025-11-01T00:00:00.000Z');

/** The `POST /jobs` body a filter bar would send for an index query of the mix: each filter under its field name. */
const toBody = (query: JobSearchQuery): JobQueryInput => {
  const fields = query as Record<string, unknown>;
  const body: Record<string, unknown> = { page: query.page, page_size: query.pageSize };
  if (query.text !== null) body.search = [query.text];
  for (const filter of SEARCH_FILTERS as readonly SearchFilter[]) {
    const value = fields[filter.index.key];
    if (value === null || value === undefined) continue;
    if (filter.name === 'posted_within_days') body[filter.name] = Math.round((MIX_NOW_MS - (value as number)) / DAY_MS);
    else if (filter.name === 'exclude_ghost') body[filter.name] = true;
    else body[filter.name] = value;
  }
  if (query.sort !== null) body.sort = query.sort;
  return body as JobQueryInput;
};

/** `count` distinct request bodies from the query mix, in its order. */
const distinctBodies = (count: number): string[] => {
  const bodies = new Set<string>();
  for (let seed = 19; bodies.size < count; seed += 1) {
    for (const query of queryMix(count, seed)) {
      bodies.add(JSON.stringify(toBody(query)));
      if (bodies.size === count) break;
    }
  }
  return [...bodies];
};

const post = async (url: string, body: string, headers: Record<string, string> = {}): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> => {
  const answer = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} to ${body}: ${bytes.toString('utf8').slice(0, 200)}`);
  return { headers: answer.headers, bytes };
};

/** Forks a bench process (TypeScript through tsx, without this process's flags such as --cpu-prof). */
const forkBench = (file: string): ChildProcess => fork(path.join(here, file), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

const reply = <T>(child: ChildProcess, message: unknown): Promise<T> =>
  new Promise((resolve, reject) => {
    child.once('message', (answer) => resolve(answer as T));
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.at(-1)} exited with ${code}`)));
    child.send(message as object);
  });

/** Runs the client's `plan`, answering its questions about the servers' CPU time, until it sends its figures. */
const runClient = (client: ChildProcess, bare: ChildProcess, plan: ClientPlan): Promise<ClientFigures> =>
  new Promise((resolve, reject) => {
    client.on('message', (message: CpuQuery | { figures: ClientFigures }) => {
      if ('figures' in message) resolve(message.figures);
      else if (message.cpuOf === 'bare') {
        bare.once('message', (cpu: number) => client.send(cpu));
        bare.send('cpu');
      }
      else {
        const { user, system } = process.cpuUsage();
        client.send(user + system);
      }
    });
    client.once('exit', (code) => reject(new Error(`the load client exited with ${code}`)));
    client.send(plan);
  });

const round = (value: number, places = 0): number => Math.round(value * 10 ** places) / 10 ** places;

/** The functions with the most self time in a V8 CPU profile, with their share of samples. */
const topSelfTime = (profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[] }, count: number): string[] => {
  const byNode = new Map<number, string>();
  for (const { id, callFrame } of profile.nodes) byNode.set(id, `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*\/(node_modules|w-[^/]+)\//, '$1/')}:${callFrame.lineNumber + 1}`);
  const samples = new Map<string, number>();
  for (const id of profile.samples) samples.set(byNode.get(id)!, (samples.get(byNode.get(id)!) ?? 0) + 1);
  return [...samples.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, n]) => `${((100 * n) / profile.samples.length).toFixed(1).padStart(5)}%  ${name}`);
};

const main = async (): Promise<void> => {
  const { values: args } = parseArgs({ options: { 'cpu-prof': { type: 'string' } } });
  // On disk in a temporary folder, as `npm start` runs: the seed writes a search snapshot to the S3
  // stand-in beside it and the jobs handler restores its index from that snapshot, as on AWS (with
  // data in memory it would build the index from DynamoDB instead, a path production never takes).
  const dataRoot = await mkdtemp(path.join(tmpdir(), 'latent-jobs-bench-http-'));
  const product = await startLocalProduct({ port: 0, dataDir: path.join(dataRoot, 'dynamodb'), signIn: false, env: { LOG_LEVEL: 'warn' } });
  const children: ChildProcess[] = [];
  try {
    const productUrl = new URL('api/jobs', product.url).href;
    const plain = await post(productUrl, CACHED_BODY);
    const gzip = await post(productUrl, CACHED_BODY, { 'accept-encoding': 'gzip' });
    const brotli = await post(productUrl, CACHED_BODY, { 'accept-encoding': 'br, gzip' });
    const size = { uncompressed_kb: round(plain.bytes.length / 1024, 1), gzip_kb: round(gzip.bytes.length / 1024, 1), brotli_kb: round(brotli.bytes.length / 1024, 1) };
    const jobs = (JSON.parse(plain.bytes.toString('utf8')) as { count: number }).count;
    const snapshot = product.notes.find((note) => note.startsWith('Search snapshot'));
    if (snapshot === undefined) throw new Error(`The local product wrote no search snapshot, so its index would not be the one AWS serves: ${product.notes.join('; ')}`);
    console.log(`Catalog: ${jobs} open jobs (the seeded local product; ${snapshot})`);
    console.log(`20-job list answer: ${size.uncompressed_kb} KB, gzip ${size.gzip_kb} KB, brotli ${size.brotli_kb} KB (target ≤ ${TARGET_COMPRESSED_KB} KB)`);

    // Each distinct body once, for the length of its answer (the bare server sends as many bytes).
    const distinct = distinctBodies(DISTINCT_BODIES);
    const answers: [string, number][] = [[CACHED_BODY, plain.bytes.length]];
    let longest = plain.bytes;
    for (const body of distinct) {
      const { bytes } = await post(productUrl, body);
      answers.push([body, bytes.length]);
      if (bytes.length > longest.length) longest = bytes;
    }
    const meanKb = answers.slice(1).reduce((sum, [, length]) => sum + length, 0) / distinct.length / 1024;

    const bare = forkBench('search-http-bare.ts');
    children.push(bare);
    const bareUrl = await reply<string>(bare, { answers, filler: longest.toString('utf8'), contentType: String(plain.headers['content-type']) } satisfies BarePlan);
    const client = forkBench('search-http-client.ts');
    children.push(client);
    const plan: ClientPlan = { product: productUrl, bare: bareUrl, cases: [{ name: 'cached', bodies: [CACHED_BODY] }, { name: 'distinct', bodies: distinct }], clients: CLIENTS, rounds: ROUNDS, sliceMs: SLICE_MS, warmUp: WARM_UP };

    if (args['cpu-prof'] !== undefined) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      await runClient(client, bare, { ...plan, cases: [plan.cases[1]!], clients: [32], rounds: 1, sliceMs: PROFILE_MS, warmUp: WARM_UP, productOnly: true } satisfies ClientPlan);
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      await mkdir(args['cpu-prof'], { recursive: true });
      const file = path.join(args['cpu-prof'], `search-http-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      console.log(`Profile of the product's server process, distinct searches from 32 connections for ${PROFILE_MS / 1000} s: ${file}`);
      console.log(topSelfTime(profile as never, 25).join('\n'));
      return;
    }

    const loadBefore = loadavg()[0]!;
    const figures = await runClient(client, bare, plan);
    const load = { before: round(loadBefore, 1), after: round(loadavg()[0]!, 1) };
    const ratios: Record<string, Record<number, number>> = {};
    console.log(`Client in its own process (undici), bare node:http server in another; ${ROUNDS} alternating ${SLICE_MS / 1000}-second slices each; no compression; load average ${load.before} before, ${load.after} after`);
    for (const [name, byClients] of Object.entries(figures)) {
      ratios[name] = {};
      for (const [clients, { product: ours, bare: floor }] of Object.entries(byClients)) {
        const ratio = ours.rps / floor.rps;
        ratios[name][Number(clients)] = round(ratio, 3);
        console.log(
          `${name.padEnd(8)} ${String(clients).padStart(2)} client(s): product ${ours.rps} req/s (p50 ${ours.p50_ms} ms, p99 ${ours.p99_ms} ms, CPU ${ours.cpu_us} µs a request), ` +
            `bare ${floor.rps} req/s (p50 ${floor.p50_ms} ms, p99 ${floor.p99_ms} ms, CPU ${floor.cpu_us} µs), ratio ${round(ratio, 2)}`,
        );
      }
    }
    const distinctRatio = ratios.distinct?.[32] ?? 0;
    console.log(`distinct searches: ${distinct.length} bodies, answers ${round(meanKb, 1)} KB on average; ratio at 32 clients ${round(distinctRatio, 2)} (target ≥ ${TARGET_DISTINCT_RATIO})`);
    console.log(
      JSON.stringify({
        bench: 'search-http',
        node: process.version,
        jobs,
        size,
        meets_size_target: Math.min(size.gzip_kb, size.brotli_kb) <= TARGET_COMPRESSED_KB,
        load_average: load,
        seconds_each: (ROUNDS * SLICE_MS) / 1000,
        distinct_bodies: distinct.length,
        distinct_answer_mean_kb: round(meanKb, 1),
        figures,
        ratios,
        meets_distinct_ratio_target: distinctRatio >= TARGET_DISTINCT_RATIO,
      }),
    );
  } finally {
    for (const child of children) child.kill();
    await product.stop();
    await rm(dataRoot, { recursive: true, force: true });
  }
};

await main();
