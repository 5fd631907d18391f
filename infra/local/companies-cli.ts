/**
 * `npm run companies -- <command>`: the company registry (the companies table).
 *
 *   add <careers-url> [--name NAME]   detect the ATS and board token from the URL, else from the
 *                                     page (links and scripts pointing at a known ATS; fetched
 *                                     through the crawler's guarded client after robots.txt;
 *                                     Chromium only when the plain HTML shows nothing), and add or
 *                                     update the company; ats "careers_page" when no ATS is found
 *   import <file.csv> [--json]        add or update every row of a company list (columns
 *                                     company,ats,board_token with optional name,url; or the
 *                                     name,url board-URL lists of ../shared/data/companies/ats-boards):
 *                                     progress bar on a terminal, then added / updated / unchanged /
 *                                     rejected with the reason per row; --json ends with one line
 *                                     {added, updated, unchanged, rejected: [{line, company, reason}]}
 *   list                              name, ATS, board token, open jobs, source status
 *   remove <name>                     delete the company and its jobs
 *
 * Storage as for every local command (infra/local/local-storage.ts): DYNAMODB_ENDPOINT when set,
 * else the DynamoDB Local `npm start` runs, else one started on .data/dynamodb for the command.
 * Crawler settings (User-Agent, allowlist, timeouts, CHROME_PATH): CRAWL_* in lambdas/config.ts.
 * Exit code 1 with the error's message on failure.
 */
import './sdk-notices';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { readConfig, readCrawlConfig } from '../../lambdas/config';
import { createCrawlBrowser } from '../../lambdas/crawler/career-page/career-page-source';
import { createCrawlFetcher } from '../../lambdas/crawler/http-fetcher';
import { createCrawlStore } from '../../lambdas/storage/crawl-store';
import { addCompany, detectBoard, importCompanyList, listRegistry, removeCompany, type RegistryRow } from './company-registry';
import { LOCAL_CHROMIUM } from './local-chromium';
import { openLocalStorage } from './local-storage';

const USAGE = `Usage: npm run companies -- <command>

  add <careers-url> [--name NAME]  add a company from its careers page: the ATS and board token are
                                   detected from the URL or the page; without an ATS the careers
                                   page itself is crawled (ats careers_page)
  import <file.csv> [--json]       add or update every company of a list: columns
                                   company,ats,board_token (optional name,url), or name,url
                                   with board URLs; a bad row is reported, never stops the rest
  list                             every company: name, ATS, board token, jobs, source status
  remove <name>                    delete a company and its jobs
  --help                           show this text

Examples:
  npm run companies -- add https://jobs.ashbyhq.com/cohere
  npm run companies -- add https://www.example.ai/careers --name "Example AI"
  npm run companies -- import ../shared/data/companies/ats-boards/ashby_companies.csv
  npm run companies -- remove "Example AI"`;

const table = (rows: readonly RegistryRow[]): string => {
  const header = ['Name', 'ATS', 'Board token', 'Jobs', 'Source status'];
  const cells = rows.map((row) => [row.name, row.ats, row.boardToken, String(row.jobs), row.status.length > 70 ? `${row.status.slice(0, 69)}…` : row.status]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (cell: readonly string[]) => cell.map((value, i) => (i === 3 ? value.padStart(widths[i]!) : value.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
};

/** `import`: the plan's summary, the rejected rows with their reasons, and the --json line. */
const runImport = async (repo: Parameters<typeof importCompanyList>[0], csv: string, options: { json: boolean; progressBar: boolean }): Promise<void> => {
  const showBar = options.progressBar && process.stderr.isTTY === true;
  const bar = new cliProgress.SingleBar({ format: 'Importing [{bar}] {value}/{total} companies written | {eta_formatted} left', stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
  const plan = await importCompanyList(repo, csv, {
    onProgress: (written, total) => {
      if (!showBar) return;
      if (written === 0) bar.start(total, 0);
      else bar.update(written);
    },
  });
  if (showBar) bar.stop();
  const rejected = plan.results.filter((result) => result.outcome === 'rejected');
  const { added, updated, unchanged } = plan.counts;
  console.log(`${plan.results.length} rows: ${added} added, ${updated} updated, ${unchanged} unchanged, ${rejected.length} rejected.`);
  if (rejected.length > 0) console.log(['Rejected:', ...rejected.map((row) => `  line ${row.line} ${row.company}: ${row.reason}`)].join('\n'));
  if (added > 0) console.log('New companies show on the site once a crawl finds open jobs: `npm run crawl`.');
  if (options.json) console.log(JSON.stringify({ added, updated, unchanged, rejected: rejected.map(({ line, company, reason }) => ({ line, company, reason })) }));
};

const main = async (): Promise<void> => {
  const { values, positionals } = parseArgs({
    options: { name: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    allowPositionals: true,
    strict: true,
  });
  const [command, argument] = positionals;
  if (values.help || command === undefined) {
    console.log(USAGE);
    return;
  }
  if (!['add', 'import', 'list', 'remove'].includes(command)) throw new Error(`unknown command "${command}" (add, import, list or remove)`);
  if (command !== 'list' && !argument) throw new Error(`${command} needs ${{ add: 'a careers URL', import: 'a CSV file', remove: 'a company name' }[command]}`);
  const csv = command === 'import' ? await readFile(argument!, 'utf8') : '';

  const crawl = readCrawlConfig();
  const local = await openLocalStorage(readConfig());
  try {
    const { storage, config } = local;
    if (command === 'list') {
      const store = createCrawlStore(storage.clients.doc, config.dynamodb.tables);
      const rows = await listRegistry({ companies: storage.companies, statuses: () => store.listSourceStatuses() });
      console.log(rows.length === 0 ? 'No companies yet: `npm run seed` or `npm run companies -- add <careers-url>`.' : table(rows));
      console.log(`${rows.length} companies.`);
      return;
    }
    if (command === 'import') {
      await runImport(storage.companies, csv, { json: values.json, progressBar: crawl.progressBar });
      return;
    }
    if (command === 'remove') {
      const removed = await removeCompany(
        { companies: storage.companies, jobs: storage.jobs, catalogVersion: storage.catalogVersion, doc: storage.clients.doc, tables: config.dynamodb.tables, now: () => new Date().toISOString() },
        argument!,
      );
      if (removed === null) throw new Error(`no company named "${argument}"`);
      console.log(`Removed ${removed.company.company_name} and its ${removed.jobs} jobs.`);
      return;
    }

    const fetcher = createCrawlFetcher(crawl, { hostIntervalMs: 0 });
    const browser = createCrawlBrowser(crawl, LOCAL_CHROMIUM);
    try {
      const board = await detectBoard(argument!, {
        fetcher,
        userAgent: crawl.userAgent,
        render: async (url) => {
          const tab = await browser.openTab();
          try {
            return (await tab.render(url)).html;
          } finally {
            await tab.close();
          }
        },
      });
      const { company, created } = await addCompany(storage.companies, { careersUrl: argument!, board, ...(values.name === undefined ? {} : { name: values.name }) });
      const how = { url: 'from the URL', html: 'from the page', browser: 'from the page rendered in Chromium', none: 'no ATS found: its careers page will be crawled' }[board.via];
      console.log(`${created ? 'Added' : 'Updated'} ${company.company_name}: ${company.ats} ${company.board_token} (${how}).`);
      for (const problem of board.problems) console.log(`  note: ${problem}`);
      console.log('Crawl it with `npm run crawl -- --company "' + company.company_name + '"`.');
    } finally {
      await browser.close();
      await fetcher.close();
    }
  } finally {
    await local.close();
  }
};

main().catch((error: unknown) => {
  console.error(`companies: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
