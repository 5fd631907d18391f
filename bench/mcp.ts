/**
 * `npm run bench:mcp`: latency of a warm `search_jobs` call on `/mcp` as the local product serves
 * it (the real MCP function behind the payload-2.0 adapter, DynamoDB Local in memory seeded with
 * the captured postings, the per-client limit counted on its table as always), measured by a
 * client in its own process (bench/mcp-client.ts: the SDK's Streamable HTTP client, 50 calls to
 * warm up, then 700 distinct searches one after another). Target (issue 21): p95 at most 50 ms.
 *
 * Prints p50, p95, p99 and the slowest call, then one line of JSON. Figures move with the
 * machine's load (this one is shared).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startLocalProduct } from '../infra/local/server';

const TARGET_P95_MS = 50;
const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

const percentile = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const round = (value: number): number => Math.round(value * 10) / 10;

const main = async (): Promise<void> => {
  const product = await startLocalProduct({ port: 0, dataDir: null, signIn: false, env: { LOG_LEVEL: 'warn', MCP_REQUESTS_PER_MINUTE: '100000' } });
  try {
    const url = new URL('/mcp', product.url).href;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(here, 'mcp-client.ts'), url], { maxBuffer: 16 * 1024 * 1024 });
    const { calls, ms, errors } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { calls: number; ms: number[]; errors: number };
    const sorted = [...ms].sort((a, b) => a - b);
    const figures = { calls, errors, p50_ms: round(percentile(sorted, 0.5)), p95_ms: round(percentile(sorted, 0.95)), p99_ms: round(percentile(sorted, 0.99)), max_ms: round(sorted.at(-1)!) };
    console.log(`search_jobs over /mcp, ${calls} distinct warm calls (${errors} tool errors), client in its own process`);
    console.log(`p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms (target <= ${TARGET_P95_MS}), p99 ${figures.p99_ms} ms, slowest ${figures.max_ms} ms`);
    console.log(JSON.stringify({ bench: 'mcp', ...figures, target_p95_ms: TARGET_P95_MS, pass: figures.p95_ms <= TARGET_P95_MS && errors === 0 }));
  } finally {
    await product.stop();
  }
};

await main();
