/**
 * `npm run newsletter -- [--dry-run] [--json]`: sends this week's free newsletter
 * (lambdas/newsletter) to every confirmed, not unsubscribed, not suppressed address and prints
 * who got what.
 *
 * - Storage: DYNAMODB_ENDPOINT, else the DynamoDB Local `npm start` runs, else its own, stopped
 *   at the end (infra/local/local-storage.ts).
 * - Mail: SES_ENDPOINT, else the SES stand-in `npm start` runs (its inbox page shows the mail),
 *   else its own aws-ses-v2-local for this run.
 * - Links go to SITE_URL when set, else to the site `npm start` runs (.data/site/url.json, whatever
 *   its port), else http://localhost:3000.
 * - Links are signed with EMAIL_TOKEN_SECRET, else the local secret npm start uses.
 * Exit code 1 when the command fails or an email could not be sent.
 */
import './sdk-notices';
import { parseArgs } from 'node:util';
import { readConfig, readEmailConfig, readMailConfig } from '../../lambdas/config';
import { createSesClient } from '../../lambdas/email/ses-client';
import { createEmailTokens } from '../../lambdas/email/email-tokens';
import { createNewsletterService } from '../../lambdas/newsletter/newsletter-service';
import { createEmailStorage } from '../../lambdas/storage/email-storage';
import { localEmailSecretEnv } from './email-secret';
import { readLocalConfig } from './local-config';
import { localSiteEnv } from './local-site';
import { openLocalStorage } from './local-storage';
import { findRunningSesStandIn, LOCAL_SES_DIR, startSesStandIn, type SesStandIn } from './ses-stand-in';

const USAGE = `Usage: npm run newsletter -- [--dry-run] [--json]

Sends this week's newsletter (the most notable AI jobs first seen in the last 7 days) to every
confirmed subscriber, at most once per address and ISO week.

  --dry-run  send nothing: list who would get it
  --json     end with one JSON line holding the figures
  --help     show this text`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  let ownSes: SesStandIn | null = null;
  const configured = readMailConfig(process.env, await localSiteEnv(process.env));
  const sesEndpoint = configured.sesEndpoint ?? (await findRunningSesStandIn(LOCAL_SES_DIR)) ?? (ownSes = await startSesStandIn({ port: 0, host: readLocalConfig().host })).endpoint;
  const mail = { ...configured, sesEndpoint };
  const local = await openLocalStorage(readConfig());
  try {
    const { storage, config } = local;
    console.log(`DynamoDB: ${config.dynamodb.endpoint ?? 'AWS'}; SES: ${sesEndpoint}${ownSes !== null ? ' (started for this run)' : ''}; links to ${mail.siteUrl}`);
    const secret = readEmailConfig(process.env, localEmailSecretEnv(process.env)).tokenSecret;
    if (secret === null || !('value' in secret)) throw new Error('Set EMAIL_TOKEN_SECRET to sign unsubscribe links locally');
    const service = createNewsletterService({
      mail,
      jobs: storage.jobs,
      email: createEmailStorage(config, storage.clients),
      tokens: createEmailTokens(secret.value, () => new Date()),
      ses: createSesClient(mail),
    });
    const dryRun = values['dry-run'];
    const report = await service.run({ now: new Date(), dryRun });
    console.log(`Weekly newsletter ${report.week}: ${report.subject ?? 'no new jobs this week: nothing to send'}`);
    for (const sent of report.sent) console.log(`  ${dryRun ? 'would send' : 'sent'} to ${sent.email}${sent.message_id === null ? '' : ` (${sent.message_id})`}`);
    for (const email of report.already_sent) console.log(`  already sent this week: ${email}`);
    for (const failed of report.failed) console.log(`  NOT SENT to ${failed.email}: ${failed.error}`);
    console.log(`Confirmed ${report.confirmed} (suppressed ${report.suppressed}, unsubscribed ${report.unsubscribed}); ${dryRun ? 'would send' : 'sent'} ${report.sent.length}, failed ${report.failed.length}`);
    if (ownSes === null && configured.sesEndpoint === undefined) console.log(`Read them on the inbox page: ${sesEndpoint.replace('127.0.0.1', 'localhost')}/`);
    if (values.json) console.log(JSON.stringify({ week: report.week, confirmed: report.confirmed, sent: report.sent.length, already_sent: report.already_sent.length, failed: report.failed.length }));
    if (report.failed.length > 0) process.exitCode = 1;
  } finally {
    await local.close();
    await ownSes?.stop();
  }
};

main().catch((error: unknown) => {
  console.error(`Newsletter failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
