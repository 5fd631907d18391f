/**
 * `npm run bench:search-http`: `POST /api/jobs` as served by the local product (the real jobs
 * handler behind the payload-2.0 adapter, DynamoDB Local in memory, seeded with the captured
 * postings) against a bare `node:http` server answering the same body, in one run:
 *
 * - size: the 20-job list answer (the board's first page) uncompressed, gzip and Brotli, as the
 *   server sends it to a client that accepts them. Target (issue 12.6): at most 15 KB compressed.
 * - throughput: 32 concurrent keep-alive clients against the product and the bare server in
 *   alternating one-second slices, five each (no compression asked, so both send the same
 *   bytes); printed as requests a second and the product/bare ratio. Target: at least 0.5.
 *   Every request is the board's first page, which the product answers from its cache of recent
 *   searches (lambdas/search/answer-cache.ts) as it would its most common query: the figure is
 *   the HTTP path's cost (adapter, middy chain, JSON parse and validation) more than the search's.
 *
 * Prints one line per figure, then one line of JSON. Numbers move with the machine's load
 * (this one is shared): read the ratio, which both sides share.
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLocalProduct } from '../infra/local/server';

const BODY = JSON.stringify({ page: 0, page_size: 20 });
const CLIENTS = 32;
const ROUNDS = 5;
const TARGET_RATIO = 0.5;
const TARGET_COMPRESSED_KB = 15;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const post = (agent: Agent, url: URL, headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(BODY)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(BODY);
  });

/** Requests a second against each URL: `ROUNDS` alternating one-second slices each, so both meet the same machine load. */
const throughput = async (urls: readonly URL[]): Promise<number[]> => {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: CLIENTS }));
  for (const [at, url] of urls.entries()) for (let warm = 0; warm < 200; warm += 1) await post(agents[at]!, url);
  const done = urls.map(() => 0);
  const spent = urls.map(() => 0);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [at, url] of urls.entries()) {
      const started = performance.now();
      const until = started + 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < until) {
            const answer = await post(agents[at]!, url);
            if (answer.status !== 200) throw new Error(`status ${answer.status}`);
            done[at]! += 1;
          }
        }),
      );
      spent[at]! += (performance.now() - started) / 1000;
    }
  }
  for (const agent of agents) agent.destroy();
  return done.map((count, at) => count / spent[at]!);
};

const listen = (server: Server): Promise<URL> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/jobs`))));

const round = (value: number, places = 0): number => Math.round(value * 10 ** places) / 10 ** places;

const main = async (): Promise<void> => {
  const product = await startLocalProduct({ port: 0, dataDir: null, signIn: false, env: { LOG_LEVEL: 'warn' } });
  try {
    const productUrl = new URL('api/jobs', product.url);
    const agent = new Agent({ keepAlive: true });
    const plain = await post(agent, productUrl);
    const gzip = await post(agent, productUrl, { 'accept-encoding': 'gzip' });
    const brotli = await post(agent, productUrl, { 'accept-encoding': 'br, gzip' });
    agent.destroy();
    const size = { uncompressed_kb: round(plain.body.length / 1024, 1), gzip_kb: round(gzip.body.length / 1024, 1), brotli_kb: round(brotli.body.length / 1024, 1) };
    console.log(`20-job list answer: ${size.uncompressed_kb} KB, gzip ${size.gzip_kb} KB, brotli ${size.brotli_kb} KB (target ≤ ${TARGET_COMPRESSED_KB} KB)`);

    const bare = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': String(plain.headers['content-type']), 'cache-control': 'no-store', 'content-length': String(plain.body.length) });
        res.end(plain.body);
      });
    });
    const bareUrl = await listen(bare);
    const [productRps = 0, bareRps = 1] = await throughput([productUrl, bareUrl]);
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    const ratio = productRps / bareRps;
    console.log(`POST /api/jobs, ${CLIENTS} clients: product ${round(productRps)} req/s, bare node:http ${round(bareRps)} req/s, ratio ${round(ratio, 2)} (target ≥ ${TARGET_RATIO})`);
    console.log(
      JSON.stringify({
        bench: 'search-http',
        node: process.version,
        size,
        meets_size_target: Math.min(size.gzip_kb, size.brotli_kb) <= TARGET_COMPRESSED_KB,
        clients: CLIENTS,
        seconds_each: ROUNDS,
        product_rps: round(productRps),
        bare_rps: round(bareRps),
        ratio: round(ratio, 3),
        meets_ratio_target: ratio >= TARGET_RATIO,
      }),
    );
  } finally {
    await product.stop();
  }
};

await main();
