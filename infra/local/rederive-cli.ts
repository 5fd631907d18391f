/**
 * `npm run rederive -- [--json]`: recomputes every stored job's normalised fields from what the
 * job stores, with today's rules (shared/crawl/rederive.ts; nothing is fetched), writes the
 * jobs that change, closes stored jobs that are not jobs (general applications, talent pools),
 * recounts each company's open jobs and bumps the catalog version when anything changed.
 *
 * Reads the jobs company by company (a key-only Scan finds the companies that have jobs, then
 * one Query each), with a progress bar on a terminal, and ends with a summary: jobs read,
 * changed (per field), closed. `--json` adds one line `{ read, changed, closed, fields }`.
 * Places, workplace type and department are read again from what the source published, which
 * each job stores (`raw`); jobs stored before that was kept keep theirs until a crawl with
 * `--full` re-derives them from the boards' responses.
 *
 * Storage as for every local command (infra/local/local-storage.ts). Writes replace the job items
 * (last writer wins against a crawl running at the same time). Exit code 1 with the error's
 * message on failure.
 */
import './sdk-notices';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { readConfig, readCrawlConfig } from '../../lambdas/config';
import { scanAll } from '../../lambdas/storage/paginate';
import { recountOpenJobs } from '../../lambdas/storage/job-counts';
import { rederiveJobs } from '../../shared/crawl/rederive';
import { openLocalStorage } from './local-storage';

const USAGE = `Usage: npm run rederive -- [--json]

Recomputes every stored job's normalised fields (places, workplace type, department, skills,
seniority, pay in USD a year, years of experience, visa sponsorship, remote eligibility) from
what is stored, without fetching, and closes stored postings that are not jobs. Jobs stored
before the source's own fields were kept keep their places, workplace type and department:
\`npm run crawl -- --full\` re-derives those from the boards.

  --json   end with one JSON line holding the figures
  --help   show this text`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const progressBar = readCrawlConfig().progressBar && process.stderr.isTTY === true;
  const local = await openLocalStorage(readConfig());
  try {
    const { storage, config } = local;
    const keys = await scanAll(storage.clients.doc, { TableName: config.dynamodb.tables.jobs, ProjectionExpression: 'company_key' });
    const companies = [...new Set(keys.map((item) => String(item.company_key)))].sort();
    const bar = new cliProgress.SingleBar({ format: 'Re-deriving [{bar}] {value}/{total} companies | {changed} jobs changed | {eta_formatted} left', stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
    if (progressBar) bar.start(companies.length, 0, { changed: 0 });
    const now = new Date().toISOString();
    const totals = { read: 0, changed: 0, closed: 0, fields: {} as Record<string, number> };
    for (const [index, companyKey] of companies.entries()) {
      const result = rederiveJobs(await storage.jobs.listByCompany(companyKey), { now });
      await storage.jobs.putMany(result.changed);
      totals.read += result.read;
      totals.changed += result.changed.length;
      totals.closed += result.closed;
      for (const [field, count] of Object.entries(result.fields)) totals.fields[field] = (totals.fields[field] ?? 0) + count;
      if (progressBar) bar.update(index + 1, { changed: totals.changed });
    }
    if (progressBar) bar.stop();
    if (totals.changed > 0) {
      await recountOpenJobs(storage);
      await storage.catalogVersion.bump(now);
    }
    const fields = Object.entries(totals.fields).sort((a, b) => b[1] - a[1]);
    console.log(`${totals.read} jobs of ${companies.length} companies read: ${totals.changed} changed, ${totals.closed} closed as not jobs.`);
    for (const [field, count] of fields) console.log(`  ${field}: ${count}`);
    if (values.json) console.log(JSON.stringify(totals));
  } finally {
    await local.close();
  }
};

main().catch((error: unknown) => {
  console.error(`rederive: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
