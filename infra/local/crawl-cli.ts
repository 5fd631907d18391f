/**
 * `npm run crawl -- [options]`: crawls the companies of the registry (the companies table) that
 * have an ATS and a board token, and ends with a table of what changed.
 *
 * Storage: DYNAMODB_ENDPOINT when set; else the DynamoDB Local that `npm start` (or another
 * command) is running on .data/dynamodb, found through .data/dynamodb/endpoint.json; else it
 * starts DynamoDB Local on .data/dynamodb itself and stops it at the end (local-storage.ts).
 * Crawler settings: CRAWL_* (lambdas/config.ts, readCrawlConfig).
 *
 * Output: a progress bar on stderr (only on a terminal, not on CI), then the summary table; the
 * failing companies with their reasons. `--json` adds ONE JSON object on the last line of stdout:
 * `{ companies: { ok, failing, skipped }, jobs: { new, changed, closed, reopened, unchanged,
 * touched, skipped, not_jobs (general applications, talent pools), conflicts }, elapsed_ms, catalog_version_bumped }`. Exit code 1 only when the
 * command itself fails (bad option, storage unreachable); failing companies are reported, not fatal.
 */
import './sdk-notices';
import { parseArgs } from 'node:util';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { readConfig, readCrawlConfig } from '../../lambdas/config';
import { crawlWriteModeFor } from '../../lambdas/storage/crawl-writes';
import { createCrawler } from '../../lambdas/crawler/crawler';
import { configuredSearchEngines } from '../../lambdas/crawler/search-engines';
import { DynamoIndexingBudget } from '../../lambdas/storage/indexing-budget';
import { createSecretReader } from '../../lambdas/secrets/secrets';
import { localSiteEnv } from './local-site';
import { createCareerPages } from '../../lambdas/crawler/career-page/career-page-source';
import { LOCAL_CHROMIUM } from './local-chromium';
import { createLocalLogoStore } from '../../lambdas/logos/local-logo-store';
import type { CompanyCrawlResult, CrawlRunRecord } from '../../shared/crawl/crawl-summary';
import type { SourceStatus } from '../../shared/crawl/source-status';
import { LOCAL_LOGO_DIR, openLocalStorage } from './local-storage';
import { writeLocalSearchSnapshot } from './s3-stand-in';
import { AtsSchema } from '../../shared/jobs/job';
import { ATS_PROVIDER_NAMES } from '../../shared/ats/provider-ids';

/** What --provider accepts: every ATS of the registry, and careers_page. */
const PROVIDER_CHOICES = AtsSchema.options;

const USAGE = `Usage: npm run crawl -- [options]

Crawls every company of the registry that has an ATS and a board token (${Object.values(ATS_PROVIDER_NAMES).join(', ')})
or a careers page, and stores new, changed and closed jobs.

  --company NAME    only this company (name, company key or board token)
  --provider NAME   only companies on this ATS (${PROVIDER_CHOICES.join(', ')})
  --replay DIR      read saved responses DIR/{provider}/{board}.json instead of the network
                    (e.g. --replay ../shared/data/ats replays the 43 captured Ashby boards);
                    only companies with a saved board are crawled
  --full            parse and compare every board, even when its responses did not change:
                    every job of those boards is normalised again with today's rules (places,
                    workplace, pay, seniority, skills...) and stored where that changes it
  --report          show the failing sources (reason, consecutive failures) and the last run;
                    crawls nothing
  --json            end with one JSON line holding the figures
  --help            show this text`;

/** The figures of a run as the --json line carries them. */
const runFigures = (record: CrawlRunRecord) => ({
  companies: record.companies,
  jobs: record.jobs,
  elapsed_ms: record.elapsed_ms,
  catalog_version_bumped: record.catalog_version_bumped,
});

/** Rows of label and value as a boxed two-column table. */
const table = (rows: readonly [string, string][]): string => {
  const left = Math.max(...rows.map(([label]) => label.length));
  const right = Math.max(...rows.map(([, value]) => value.length));
  const line = (a: string, b: string, c: string) => `${a}${'─'.repeat(left + 2)}${b}${'─'.repeat(right + 2)}${c}`;
  return [
    line('┌', '┬', '┐'),
    ...rows.map(([label, value]) => `│ ${label.padEnd(left)} │ ${value.padStart(right)} │`),
    line('└', '┴', '┘'),
  ].join('\n');
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const summaryTable = (record: CrawlRunRecord): string =>
  table([
    ['Companies ok', String(record.companies.ok)],
    ['Companies failing', String(record.companies.failing)],
    ['Jobs new', String(record.jobs.new)],
    ['Jobs changed', String(record.jobs.changed)],
    ['Jobs closed', String(record.jobs.closed)],
    ['Jobs reopened', String(record.jobs.reopened)],
    ['Jobs unchanged', String(record.jobs.unchanged)],
    ['Postings skipped', String(record.jobs.skipped)],
    ['  of which not jobs', String(record.jobs.not_jobs)],
    ['Time', seconds(record.elapsed_ms)],
  ]);

const failureLines = (results: readonly CompanyCrawlResult[]): string[] =>
  results
    .filter((result) => result.outcome === 'failing')
    .sort((a, b) => a.company_key.localeCompare(b.company_key))
    .map((result) => `  ${result.company_name} (${result.ats ?? 'no ATS'}): ${result.reason ?? 'unknown'}`);

const reportText = (statuses: readonly SourceStatus[], last: CrawlRunRecord | null): string => {
  const failing = statuses.filter((status) => status.status === 'failing').sort((a, b) => b.consecutive_failures - a.consecutive_failures || a.company_key.localeCompare(b.company_key));
  const lines = [
    last === null
      ? 'No crawl recorded yet.'
      : `Last run ${last.started_at}: ${last.companies.ok} ok, ${last.companies.failing} failing; jobs ${last.jobs.new} new, ${last.jobs.changed} changed, ${last.jobs.closed} closed (${seconds(last.elapsed_ms)}).`,
    `Sources: ${statuses.length} crawled, ${statuses.length - failing.length} ok, ${failing.length} failing.`,
  ];
  if (failing.length > 0) {
    lines.push('', 'Failing sources (most consecutive failures first):');
    for (const status of failing) {
      lines.push(
        `  ${status.company_name} (${status.ats} ${status.board_token}): ${status.consecutive_failures} in a row, ${status.total_failures} in all; last ok ${status.last_ok_at ?? 'never'}`,
        `    ${status.reason ?? 'unknown'}`,
      );
    }
  }
  return lines.join('\n');
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      company: { type: 'string' },
      provider: { type: 'string' },
      replay: { type: 'string' },
      full: { type: 'boolean', default: false },
      report: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.provider !== undefined && !(PROVIDER_CHOICES as readonly string[]).includes(values.provider.toLowerCase())) {
    throw new Error(`--provider must be one of ${PROVIDER_CHOICES.join(', ')} (got "${values.provider}")`);
  }
  // Logo URLs start with the running product's address (infra/local/local-site.ts) unless SITE_URL is set.
  const crawlConfig = readCrawlConfig(process.env, await localSiteEnv(process.env));
  const local = await openLocalStorage(readConfig());
  try {
    const { storage, config } = local;
    const where = local.dynamoDbLocal !== null ? ' (DynamoDB Local started on .data/dynamodb)' : local.sharedEndpoint !== null ? ' (the DynamoDB Local already running on .data/dynamodb)' : '';
    console.log(`DynamoDB: ${config.dynamodb.endpoint ?? 'AWS'}${where}`);
    // Career pages (ats careers_page): Chromium starts on the first one, unpacked into .tmp.
    const careerPages = createCareerPages(crawlConfig, LOCAL_CHROMIUM);
    const crawler = createCrawler({
      extraSources: values.replay === undefined ? [careerPages.source] : [],
      crawl: crawlConfig,
      doc: storage.clients.doc,
      tables: config.dynamodb.tables,
      catalogVersion: storage.catalogVersion,
      writeMode: crawlWriteModeFor(config.dynamodb),
      ...(values.replay === undefined ? {} : { replayDir: path.resolve(values.replay) }),
      // Without GOOGLE_INDEXING_KEY (locally, as a rule) the job pages a run opened or closed are only logged.
      searchEngines: configuredSearchEngines(crawlConfig, {
        log: (_level, message, detail) => console.error(`${message}: ${JSON.stringify(detail)}`),
        readSecret: createSecretReader(config.region),
        budget: new DynamoIndexingBudget(storage.clients.doc, config.dynamodb.tables.state),
      }),
      // Company logos (issue 13.5) in .data/logos, served by the local server at /logos/<key>.
      logos: { store: createLocalLogoStore(LOCAL_LOGO_DIR), companies: storage.companies },
    });
    try {
      if (values.report) {
        const statuses = await crawler.store.listSourceStatuses();
        const last = await crawler.store.lastRun();
        console.log(reportText(statuses, last));
        if (values.json) {
          const failing = statuses.filter((status) => status.status === 'failing');
          console.log(JSON.stringify({ sources: statuses.length, failing: failing.map(({ company_name, ats, board_token, reason, consecutive_failures, total_failures, last_ok_at }) => ({ company_name, ats, board_token, reason, consecutive_failures, total_failures, last_ok_at })), last_run: last }));
        }
        return;
      }
      const all = await storage.companies.listAll();
      if (all.length === 0) throw new Error('No companies are stored: run `npm run seed` first.');
      const filter = { ...(values.company === undefined ? {} : { company: values.company }), ...(values.provider === undefined ? {} : { provider: values.provider }) };
      const companies = crawler.select(all, filter);
      if (companies.length === 0) throw new Error(`No company to crawl${values.company || values.provider ? ' matches the filter' : ''}${values.replay ? ` with a saved board in ${values.replay}` : ''}.`);
      console.log(`Crawling ${companies.length} ${companies.length === 1 ? 'company' : 'companies'}${values.replay ? ` from saved responses in ${values.replay}` : ''}...`);

      const showBar = crawlConfig.progressBar && process.stderr.isTTY === true;
      const bar = new cliProgress.SingleBar(
        { format: 'Crawling [{bar}] {value}/{total} companies | {ok} ok, {failing} failing | {eta_formatted} left', stream: process.stderr, hideCursor: true, noTTYOutput: false },
        cliProgress.Presets.shades_classic,
      );
      let ok = 0;
      let failing = 0;
      if (showBar) bar.start(companies.length, 0, { ok, failing });
      const { record, results } = await crawler.run(companies, {
        full: values.full,
        onResult: (result, done) => {
          if (result.outcome === 'ok') ok += 1;
          if (result.outcome === 'failing') failing += 1;
          if (showBar) bar.update(done, { ok, failing });
        },
      });
      if (showBar) bar.stop();
      console.log(summaryTable(record));
      const failures = failureLines(results);
      if (failures.length > 0) console.log(['Failing:', ...failures, 'See them across runs with `npm run crawl -- --report`.'].join('\n'));
      // The search snapshot of the changed catalog, which the running site picks up in the background.
      if (record.catalog_version_bumped) console.log(await writeLocalSearchSnapshot(config, storage, local.dynamoDbLocal !== null || local.sharedEndpoint !== null));
      if (values.json) console.log(JSON.stringify(runFigures(record)));
    } finally {
      await crawler.close();
      await careerPages.close();
    }
  } finally {
    await local.close();
  }
};

main().catch((error: unknown) => {
  console.error(`Crawl failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
