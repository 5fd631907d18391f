/**
 * npm run bench:page-render: how fast a job page's HTML is served by the local product's server
 * render (issue 13.6 target: at most 20 ms at the median). Starts the product in this process
 * (`startLocalProduct`: a free port, DynamoDB Local in memory, seeded with the captured catalog),
 * takes a real job page from the API, warms up with 20 requests, then times 300 sequential
 * GETs of the whole HTML (server render + its loader's call to the product's own /api).
 * Prints median, p95 and max in ms and the page size, then one JSON line.
 * Run with NODE_ENV=production for React's production server build (as Lambda runs it).
 */
import { startLocalProduct } from '../infra/local/server';
import { jobPagePath } from '../shared/seo/page-paths';

const WARMUP = 20;
const RUNS = 300;
const TARGET_MS = 20;

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const main = async (): Promise<void> => {
  const product = await startLocalProduct({ port: 0, dataDir: null, signIn: false, env: { LOG_LEVEL: 'warn' } });
  try {
    const list = (await (
      await fetch(new URL('/api/jobs', product.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":0,"page_size":1}' })
    ).json()) as { jobs: { company_name: string; slug_url: string }[] };
    const job = list.jobs[0]!;
    const url = new URL(jobPagePath(job), product.url).href;
    let bytes = 0;
    const fetchPage = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(url);
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      bytes = html.length;
      return performance.now() - started;
    };
    for (let i = 0; i < WARMUP; i += 1) await fetchPage();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await fetchPage());
    times.sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    console.log(`${url}: ${RUNS} requests, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms, ${bytes} characters of HTML`);
    console.log(`Target median <= ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'NOT met'}`);
    console.log(
      JSON.stringify({ bench: 'page-render', path: new URL(url).pathname, runs: RUNS, median_ms: Number(median.toFixed(2)), p95_ms: Number(p95.toFixed(2)), max_ms: Number(times.at(-1)!.toFixed(2)), html_chars: bytes, target_ms: TARGET_MS }),
    );
  } finally {
    await product.stop();
  }
};

await main();
