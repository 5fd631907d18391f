/**
 * `npm run seed -- [--reset]`: loads the reference catalog (43 Ashby boards, the company
 * registry, the ~10,500 boards of companies/ats-boards/) into DynamoDB. Uses DYNAMODB_ENDPOINT when set, else starts DynamoDB Local on
 * `.data/dynamodb` and stops it at the end. Without `--reset` an already seeded catalog is left
 * as it is. Prints a short summary; exits 1 with the error's message on failure.
 */
import './sdk-notices';
import { parseArgs } from 'node:util';
import { readConfig } from '../../lambdas/config';
import { openLocalStorage } from './local-storage';
import { writeLocalSearchSnapshot } from './s3-stand-in';
import { CAPTURED_ON, seedCatalog, type SeedResult } from './seed';
import { DynamoCrawlRuns } from '../../lambdas/storage/crawl-runs';

const USAGE = `Usage: npm run seed -- [--reset]

Loads companies (companies/registry.csv + profiles, and the board lists of companies/ats-boards/,
listed once a crawl finds jobs) and jobs (ats/ashby/*.json) from the reference data into DynamoDB. Uses DYNAMODB_ENDPOINT when set, else DynamoDB Local on .data/dynamodb.

  --reset   delete the stored jobs and companies first and load them again
  --help    show this text`;

const summary = (result: SeedResult): string => {
  if (!result.seeded) {
    return `Catalog already seeded (version ${result.catalogVersion}): nothing changed. Use --reset to reload.`;
  }
  const reasons = new Map<string, number>();
  for (const skip of result.skipped) reasons.set(skip.reason, (reasons.get(skip.reason) ?? 0) + 1);
  const lines = [
    ...(result.cleared === null ? [] : [`Deleted ${result.cleared.jobs} jobs and ${result.cleared.companies} companies.`]),
    `Companies: ${result.companies} (${result.listedCompanies} with open jobs)`,
    `Jobs:      ${result.jobs} from ${result.boards} Ashby boards (${result.openJobs} open)`,
    `Dates:     moved ${result.shiftDays} days on, so that postings captured on ${CAPTURED_ON} read as if captured today (demo catalog)`,
    ...result.boardLists.map((list) => {
      const rejected = Object.entries(list.rejected);
      const total = rejected.reduce((sum, [, count]) => sum + count, 0);
      return `Boards:    ${list.added} companies added from ${list.file}${total === 0 ? '' : `; ${total} rows rejected: ${rejected.map(([reason, count]) => `${count} × ${reason}`).join('; ')}`}`;
    }),
    `Skipped:   ${result.skipped.length}`,
    ...[...reasons].map(([reason, count]) => `  ${count} × ${reason}`),
    ...(result.rejectedCompanies.length === 0 ? [] : [`Registry rows rejected: ${result.rejectedCompanies.length}`]),
    ...result.rejectedCompanies.map((problem) => `  line ${problem.line} ${problem.company}: ${problem.reason}`),
    ...(result.mergedCompanies.length === 0 ? [] : [`Registry rows merged: ${result.mergedCompanies.length}`]),
    ...result.mergedCompanies.map((problem) => `  line ${problem.line} ${problem.company}: ${problem.reason}`),
    `Catalog version ${result.catalogVersion}, seeded in ${(result.elapsedMs / 1000).toFixed(1)} s.`,
  ];
  return lines.join('\n');
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { reset: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const local = await openLocalStorage(readConfig());
  try {
    console.log(`DynamoDB: ${local.config.dynamodb.endpoint ?? 'AWS'}${local.dynamoDbLocal === null ? '' : ' (DynamoDB Local, .data/dynamodb)'}`);
    const result = await seedCatalog({
      repos: { ...local.storage, runs: new DynamoCrawlRuns(local.storage.clients.doc, local.config.dynamodb.tables.state) },
      sharedDataDir: local.config.sharedDataDir,
      clock: () => new Date(),
      reset: values.reset,
    });
    console.log(summary(result));
    console.log(await writeLocalSearchSnapshot(local.config, local.storage, local.dynamoDbLocal !== null || local.sharedEndpoint !== null));
  } finally {
    await local.close();
  }
};

main().catch((error: unknown) => {
  console.error(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
