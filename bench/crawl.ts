/**
 * `npm run bench:crawl -- [--boards N] [--full]`: crawl throughput against DynamoDB Local.
 *
 * N boards (default 3,000) are made by resampling the real Ashby captures
 * (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json, ../shared/data/ats/ashby): each
 * board takes the posting count of a randomly drawn real board and that many postings drawn
 * without repetition from all 1,333 captured postings (seeded, so every run serves the same
 * boards). The local fixture server (tests/crawler/fixture-server.ts) serves them with pacing off
 * (CRAWL_HOST_INTERVAL_MS=0); the crawler writes to a fresh in-memory DynamoDB Local.
 *
 * Phases: the first crawl (every job new), then a re-crawl of the unchanged boards (the target:
 * at least 2,000 boards a minute); `--full` adds a re-crawl that parses and compares every board
 * anyway (what a board whose responses changed costs). Prints boards per minute, jobs, and the
 * peak RSS of this process per phase (crawler and fixture server; DynamoDB Local's JVM is not
 * counted); the last line is one
 * JSON object with the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig, readCrawlConfig } from '../lambdas/config';
import { localEndpoints } from '../lambdas/crawler/board-urls';
import { createCrawler } from '../lambdas/crawler/crawler';
import { createStorage } from '../lambdas/storage/repositories';
import { ensureTables } from '../infra/local/create-tables';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { newCompany, type Company } from '../shared/companies/company';
import { startFixtureServer } from '../tests/crawler/fixture-server';

const { values } = parseArgs({ options: { boards: { type: 'string', default: '3000' }, full: { type: 'boolean', default: false } } });
const BOARDS = Number(values.boards);
if (!Number.isInteger(BOARDS) || BOARDS < 1) throw new Error('--boards must be a positive whole number');

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

const config = readConfig();
const ashbyDir = path.join(config.sharedDataDir, 'ats', 'ashby');
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

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const dynamo = await startDynamoDbLocal();
const server = await startFixtureServer();
try {
  const storageConfig = readConfig({ DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_PREFIX: 'bench-crawl-' });
  const storage = createStorage(storageConfig);
  await ensureTables(storage.clients.client, storageConfig);

  const companies: Company[] = [];
  let servedJobs = 0;
  for (let index = 0; index < BOARDS; index += 1) {
    const token = `bench-${String(index).padStart(5, '0')}`;
    const jobs = sample(pick(sizes));
    servedJobs += jobs.length;
    server.set('ashby', token, { text: boardText(jobs) });
    companies.push(newCompany(`Bench ${index}`, { company_key: token, ats: 'ashby', board_token: token }));
  }
  await storage.companies.putMany(companies);
  console.log(`${BOARDS} boards with ${servedJobs} postings, served by ${server.base}; DynamoDB Local ${dynamo.endpoint} (in memory)`);

  const crawler = createCrawler({
    crawl: readCrawlConfig({}, { CRAWL_ALLOW_HOSTS: server.hostPort, CRAWL_HOST_INTERVAL_MS: '0', CRAWL_HOST_CONCURRENCY: '16', CRAWL_CONCURRENCY: '16', CI: '1' }),
    doc: storage.clients.doc,
    tables: storageConfig.dynamodb.tables,
    catalogVersion: storage.catalogVersion,
    endpoints: localEndpoints(server.base),
    writeMode: 'transaction',
  });

  const phase = async (name: string, full: boolean) => {
    peakRss = process.memoryUsage().rss;
    const current = await storage.companies.listAll();
    const started = performance.now();
    const { record } = await crawler.run(current, { full });
    const seconds = (performance.now() - started) / 1000;
    const figures = {
      seconds: Math.round(seconds * 10) / 10,
      boards_per_minute: Math.round((BOARDS / seconds) * 60),
      companies_ok: record.companies.ok,
      companies_failing: record.companies.failing,
      jobs_new: record.jobs.new,
      jobs_unchanged: record.jobs.unchanged,
      peak_rss_mb: mb(peakRss),
    };
    console.log(`${name}: ${figures.seconds} s, ${figures.boards_per_minute} boards/min, ${figures.companies_ok} ok, ${figures.companies_failing} failing, ${figures.jobs_new} new, ${figures.jobs_unchanged} unchanged, peak RSS ${figures.peak_rss_mb} MB`);
    return figures;
  };

  const first = await phase('First crawl', false);
  const recrawl = await phase('Re-crawl, boards unchanged', false);
  const fullRecrawl = values.full ? await phase('Re-crawl, parsed in full', true) : null;
  await crawler.close();
  storage.clients.client.destroy();
  console.log(`Target: at least 2,000 boards/min re-crawling unchanged boards: ${recrawl.boards_per_minute >= 2000 ? 'met' : 'NOT met'}.`);
  console.log(JSON.stringify({ boards: BOARDS, postings: servedJobs, first_crawl: first, recrawl_unchanged: recrawl, ...(fullRecrawl === null ? {} : { recrawl_full: fullRecrawl }), target_boards_per_minute: 2000, peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024) }));
} finally {
  clearInterval(sampler);
  await server.close();
  await dynamo.stop();
}
