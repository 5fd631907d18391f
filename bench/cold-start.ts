/**
 * `npx tsx bench/cold-start.ts [runs]`: how long `npm start` takes, with the data already
 * seeded, until the home page is served: its HTML (GET /) and the first page of jobs
 * (POST /api/jobs, what the home page asks for). Also how long Ctrl-C takes to stop everything.
 *
 * Uses its own DynamoDB Local data folder (.tmp/bench-cold-start/dynamodb), seeded by a first,
 * unmeasured start when empty, so it never shares .data/dynamodb with a running `npm start`.
 * Target (issue 2): under 15 s on the 2-core machine. Ends with one line of JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../lambdas/config';

const DATA_DIR = path.join(REPO_ROOT, '.tmp', 'bench-cold-start', 'dynamodb');
const runs = Number(process.argv[2] ?? 3);

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts `npm start`'s script as npm would, with its own DynamoDB Local (no configured endpoint). */
const start = (port: number): ChildProcess => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  delete env.DYNAMODB_ENDPOINT;
  return spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/local/start.ts'), '--data-dir', DATA_DIR], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
};

/** Polls until `probe` answers 200; returns the ms since `since`. */
const until = async (since: number, probe: () => Promise<Response>, child: ChildProcess, timeoutMs = 120_000): Promise<number> => {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (performance.now() - since > timeoutMs) throw new Error('npm start did not serve in time');
    try {
      const response = await probe();
      await response.arrayBuffer();
      if (response.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
};

const stopped = (child: ChildProcess): Promise<void> => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

const once = async (): Promise<{ html_ms: number; first_jobs_ms: number; stop_ms: number; notes: string[] }> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const child = start(port);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const html = await until(since, () => fetch(`${base}/`), child);
    const jobs = await until(since, () => fetch(`${base}/api/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), child);
    const stopping = performance.now();
    child.kill('SIGINT');
    await stopped(child);
    const notes = output.split('\n').filter((line) => line.startsWith('  ') && !line.includes('Ctrl-C') && !line.includes('API:'));
    return { html_ms: Math.round(html), first_jobs_ms: Math.round(jobs), stop_ms: Math.round(performance.now() - stopping), notes };
  } catch (error) {
    child.kill('SIGINT');
    await stopped(child);
    console.error(output);
    throw error;
  }
};

if (!existsSync(path.join(DATA_DIR, 'shared-local-instance.db'))) {
  console.log(`Seeding ${DATA_DIR} with a first start (not measured)...`);
  await once();
}
const results = [];
for (let run = 1; run <= runs; run += 1) {
  const result = await once();
  console.log(`run ${run}: home page HTML ${result.html_ms} ms, first jobs ${result.first_jobs_ms} ms, stopped in ${result.stop_ms} ms`);
  for (const note of result.notes) console.log(`  ${note.trim()}`);
  results.push(result);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  JSON.stringify({
    bench: 'cold-start',
    runs,
    html_ms_median: median(results.map((r) => r.html_ms)),
    first_jobs_ms_median: median(results.map((r) => r.first_jobs_ms)),
    first_jobs_ms_max: Math.max(...results.map((r) => r.first_jobs_ms)),
    stop_ms_median: median(results.map((r) => r.stop_ms)),
    target_ms: 15_000,
  }),
);
