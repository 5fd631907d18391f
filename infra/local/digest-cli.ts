/**
 * `npm run digest -- [--date YYYY-MM-DD] [--dry-run] [--json]`: runs the daily job-alert digest
 * (lambdas/alerts) for one UTC day on this machine and prints who got what.
 * `npm run alerts:hourly -- [--dry-run] [--json]` (this command with `--hourly`): the yearly plan's
 * hourly alerts for the current UTC hour (the hourly searches' jobs first seen since the last
 * hourly email, at most one email a subscriber an hour), as the hourly schedule runs it on AWS.
 *
 * - Storage: DYNAMODB_ENDPOINT, else the DynamoDB Local `npm start` runs on .data/dynamodb, else
 *   its own (infra/local/local-storage.ts), stopped at the end.
 * - Mail: SES_ENDPOINT when set (a real SES needs AWS credentials); else the SES stand-in that
 *   `npm start` runs (found through .data/ses/endpoint.json: the mail shows on its inbox page);
 *   else its own aws-ses-v2-local, stopped at the end (its inbox goes with it: the mail is listed
 *   here).
 * - Links: to SITE_URL when set; else to the site `npm start` runs (named in .data/site/url.json,
 *   whatever its port); else http://localhost:3000.
 * - Unsubscribe links are signed with EMAIL_TOKEN_SECRET, else the local secret in
 *   .data/email-token-secret that `npm start` uses too.
 * - `--date`: the digest's day (default today, UTC). The run's "now" is the current time for
 *   today, the end of that day for a past day; a future day is refused.
 * - `--dry-run`: claims and sends nothing; lists who would get what.
 * Exit code 1 when the command fails (bad option, storage unreachable) or an email could not be
 * sent; the unsent are listed with the reason.
 */
import './sdk-notices';
import { parseArgs } from 'node:util';
import { readConfig, readEmailConfig, readMailConfig } from '../../lambdas/config';
import { digestServiceFrom } from '../../lambdas/alerts/digest-service';
import { digestFigures } from '../../lambdas/alerts/digest-metrics';
import { hourOf } from '../../lambdas/alerts/digest-run';
import { tokenSecretOf } from '../../lambdas/email/token-secret';
import { localEmailSecretEnv } from './email-secret';
import { readLocalConfig } from './local-config';
import { localSiteEnv } from './local-site';
import { openLocalStorage } from './local-storage';
import { findRunningSesStandIn, LOCAL_SES_DIR, readSesStore, startSesStandIn, type SesStandIn } from './ses-stand-in';

const USAGE = `Usage: npm run digest -- [--date YYYY-MM-DD] [--dry-run] [--json]
       npm run alerts:hourly -- [--dry-run] [--json]

Sends the daily job-alert digest for one UTC day (default today) to every paid, active subscriber
with new jobs for their saved searches, at most once per subscriber and day; with --hourly, the
yearly plan's hourly alerts for this hour, at most once per subscriber and hour.

  --date YYYY-MM-DD  the digest's day (today or earlier; not with --hourly)
  --hourly           the hourly alerts of the current UTC hour
  --dry-run          send nothing, claim nothing: list who would get what
  --json             end with one JSON line holding the figures
  --help             show this text`;

/** The run's day and "now" for `--date` (see the module comment). @throws Error for a bad or future date. */
export const digestDayAndNow = (date: string | undefined, clock: () => Date): { day: string; now: Date } => {
  const current = clock();
  const today = current.toISOString().slice(0, 10);
  if (date === undefined || date === today) return { day: today, now: current };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new Error(`--date must be a day as YYYY-MM-DD, got "${date}"`);
  }
  if (date > today) throw new Error(`--date ${date} is in the future (today is ${today} UTC)`);
  return { day: date, now: new Date(`${date}T23:59:59.999Z`) };
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { date: { type: 'string' }, hourly: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.hourly && values.date !== undefined) throw new Error('--date is for the daily digest; --hourly runs the current hour');
  const cadence = values.hourly ? 'hourly' : 'daily';
  const { day, now } = values.hourly ? { day: hourOf(new Date()), now: new Date() } : digestDayAndNow(values.date, () => new Date());
  let ownSes: SesStandIn | null = null;
  const configured = readMailConfig(process.env, await localSiteEnv(process.env));
  const sesEndpoint = configured.sesEndpoint ?? (await findRunningSesStandIn(LOCAL_SES_DIR)) ?? (ownSes = await startSesStandIn({ port: 0, host: readLocalConfig().host })).endpoint;
  const mail = { ...configured, sesEndpoint };
  const local = await openLocalStorage(readConfig());
  try {
    const { storage, config } = local;
    console.log(`DynamoDB: ${config.dynamodb.endpoint ?? 'AWS'}${local.dynamoDbLocal !== null ? ' (DynamoDB Local started on .data/dynamodb)' : local.sharedEndpoint !== null ? ' (the DynamoDB Local npm start runs)' : ''}`);
    console.log(`Links to: ${mail.siteUrl}`);
    console.log(`SES: ${sesEndpoint}${ownSes !== null ? ' (aws-ses-v2-local started for this run; its inbox closes when it ends)' : configured.sesEndpoint === undefined ? ' (the SES stand-in npm start runs)' : ''}`);
    const service = digestServiceFrom(config, mail, storage, tokenSecretOf(readEmailConfig(process.env, localEmailSecretEnv(process.env)), config.region));
    const since = Math.floor(Date.now() / 1000);
    console.log(`${values['dry-run'] ? 'Dry run of' : 'Running'} the ${values.hourly ? 'hourly alerts' : 'daily digest'} for ${day} (now ${now.toISOString()})...`);
    const report = await service.run({ day, now, dryRun: values['dry-run'], cadence });
    for (const sent of report.sent) console.log(`  ${values['dry-run'] ? 'would send' : 'sent'} to ${sent.email}: "${sent.subject}"${sent.message_id === null ? '' : ` (${sent.message_id})`}`);
    for (const entry of report.unserved) console.log(`  NOT SENT to ${entry.email}: ${entry.state}${entry.earlier ? ' (earlier run)' : ''}: ${entry.detail}`);
    const ineligible = Object.entries(report.ineligible).filter(([, n]) => n > 0).map(([reason, n]) => `${n} ${reason}`).join(', ');
    console.log(
      `Subscribers ${report.subscribers}, eligible ${report.eligible}${ineligible ? ` (not eligible: ${ineligible})` : ''}; ` +
        `${values['dry-run'] ? 'would send' : 'sent'} ${report.sent.length}, nothing new ${report.nothing_new.length}, already sent ${values.hourly ? 'this hour' : 'today'} ${report.already_sent}, ` +
        `left to a concurrent run ${report.claimed_elsewhere}, not sent ${report.unserved.length} (${(report.elapsed_ms / 1000).toFixed(1)} s)`,
    );
    if (ownSes !== null && report.sent.length > 0 && !values['dry-run']) {
      const stored = await readSesStore(ownSes.endpoint, since);
      console.log(`The stand-in received ${stored.length} email(s); run \`npm start\` first to read them on its inbox page.`);
    } else if (configured.sesEndpoint === undefined && ownSes === null) {
      console.log(`Read them on the inbox page: ${sesEndpoint.replace('127.0.0.1', 'localhost')}/`);
    }
    if (values.json) console.log(JSON.stringify({ cadence, day, now: report.now, dry_run: report.dry_run, subscribers: report.subscribers, eligible: report.eligible, ...digestFigures(report), nothing_new: report.nothing_new.length, already_sent: report.already_sent }));
    if (report.unserved.some((entry) => !entry.earlier)) process.exitCode = 1;
  } finally {
    await local.close();
    await ownSes?.stop();
  }
};

main().catch((error: unknown) => {
  console.error(`Digest failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
