/**
 * The digest runner wired to storage and SES: `createDigestService(parts)` → `run({ day, now, dryRun })`
 * over every subscriber, or `runBatch(message)` over one queued batch (shared/alerts/digest-plan.ts);
 * `digestServiceFrom(config, mail, storage, tokenSecret)` builds the parts from a configuration:
 * the one wiring of the digest worker (lambdas/functions/digest-worker.ts), `npm run digest`
 * and `npm run bench:digest`.
 *
 * Parts: the configuration (tables, mail settings), the DynamoDB document client and job
 * repository, the mail-preferences side's suppression and unsubscribe reads, its unsubscribe
 * token maker, and an SES client (ses-client.ts, or a fake at the network edge in tests).
 * Each run gets its own send pacer at `mail.digest.sendRate`; batches of one run share its open
 * jobs' index and distinct searches (once per service and run, `matcherOfRun`); saved searches
 * are read from the saved_searches table.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DigestBatchMessage } from '../../shared/alerts/digest-plan';
import type { MailList } from '../../shared/email/lists';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { newJobsMatcher, type Matcher } from '../../shared/alerts/saved-search-matching';
import type { JobRepository } from '../../shared/jobs/job-ports';
import type { Config, MailConfig } from '../config';
import { createEmailTokens } from '../email/email-tokens';
import { createEmailStorage } from '../storage/email-storage';
import type { Storage } from '../storage/repositories';
import { DynamoDigestLedger } from './dynamo-digest-ledger';
import { getDigestSubscribers, listDigestSubscribers } from './digest-sources';
import { DynamoSavedSearchRepository } from '../storage/saved-search-repository';
import { randomSavedSearchIds } from '../storage/saved-search-ids';
import { runDigest, type DigestReport, type DigestRunDeps, type DigestRunOptions } from './digest-run';
import { createSendPacer } from '../email/send-pacer';
import { createSesClient } from '../email/ses-client';
import { createSesSender, type SesClientLike } from '../email/ses-sender';

export interface DigestServiceParts {
  config: Pick<Config, 'dynamodb'>;
  mail: MailConfig;
  doc: DynamoDBDocumentClient;
  jobs: JobRepository;
  suppressions: { suppressedAmong(emails: readonly string[]): Promise<Set<string>> };
  preferences: { unsubscribedAmong(emails: readonly string[], list: MailList): Promise<Set<string>> };
  tokens: { unsubscribeToken(email: string, list: MailList): Promise<string> };
  ses: SesClientLike;
  /** Overrides for tests and the bench (render, concurrency, run ids). */
  overrides?: Partial<Pick<DigestRunDeps, 'render' | 'concurrency' | 'newRunId' | 'ledger' | 'clock'>>;
}

export interface DigestService {
  /** Every subscriber (the single scheduled run, `npm run digest` and `npm run alerts:hourly`). */
  run(options: DigestRunOptions): Promise<DigestReport>;
  /** The subscribers of one queued batch (lambdas/functions/digest-worker.ts), at the batch's day and time. */
  runBatch(message: DigestBatchMessage): Promise<DigestReport>;
}

/** The digest's SES sender: paced at the configured rate, retrying throttles with backoff. */
const digestSender = (ses: SesClientLike, mail: MailConfig): DigestRunDeps['send'] =>
  createSesSender({ ses, pace: createSendPacer(mail.digest.sendRate), attempts: mail.digest.sendAttempts, baseDelayMs: mail.digest.retryBaseMs });

/** The mail settings a digest email is built with. */
const digestMail = (mail: MailConfig): DigestRunDeps['mail'] => ({
  from: mail.from,
  configurationSet: mail.configurationSet,
  siteUrl: mail.siteUrl,
  unsubscribeMailto: mail.unsubscribeMailto,
  postalAddress: mail.postalAddress,
});

/**
 * The matcher of a run, made once per warm worker and run (batches of one run share its "now",
 * the message's): the open jobs' summaries read once, the new jobs' index built once, and each
 * distinct saved search run once whichever batch meets it first. A failed read is not kept.
 */
const matcherOfRun = (read: () => Promise<readonly JobSummary[]>) => {
  let kept: { now: number; matcher: Promise<Matcher> } | null = null;
  return (now: Date): Promise<Matcher> => {
    if (kept?.now === now.getTime()) return kept.matcher;
    const entry = { now: now.getTime(), matcher: read().then((summaries) => newJobsMatcher(summaries, now)) };
    kept = entry;
    entry.matcher.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.matcher;
  };
};

export const createDigestService = (parts: DigestServiceParts): DigestService => {
  const matcher = matcherOfRun(() => parts.jobs.listOpenSummaries());
  const savedSearches = new DynamoSavedSearchRepository(parts.doc, parts.config.dynamodb.tables.saved_searches);
  const runOver = (listSubscribers: DigestRunDeps['listSubscribers'], options: DigestRunOptions): Promise<DigestReport> => {
    const { mail } = parts;
    const deps: DigestRunDeps = {
      listSubscribers,
      matcher,
      savedSearches,
      ids: randomSavedSearchIds,
      ledger: new DynamoDigestLedger(parts.doc, parts.config.dynamodb.tables.digest_ledger),
      suppressedAmong: (emails) => parts.suppressions.suppressedAmong(emails),
      unsubscribedAmong: (emails, list) => parts.preferences.unsubscribedAmong(emails, list),
      unsubscribeToken: (email, list) => parts.tokens.unsubscribeToken(email, list),
      send: digestSender(parts.ses, mail),
      mail: digestMail(mail),
      clock: () => new Date(),
      ...parts.overrides,
    };
    return runDigest(deps, options);
  };
  const users = parts.config.dynamodb.tables.users;
  return {
    run: (options) => runOver(() => listDigestSubscribers(parts.doc, users), options),
    runBatch: (message) => runOver(() => getDigestSubscribers(parts.doc, users, message.user_ids), { day: message.day, now: new Date(message.now), cadence: message.cadence }),
  };
};

/**
 * The digest service on `storage` (users, jobs, ledger), the email side's suppressions and
 * preferences on the same clients, SES as `mail` configures it, and unsubscribe links signed with
 * `tokenSecret` (the value, or a reader of it: lambdas/email/token-secret.ts).
 */
export const digestServiceFrom = (config: Config, mail: MailConfig, storage: Storage, tokenSecret: string | (() => Promise<string>)): DigestService => {
  const email = createEmailStorage(config, storage.clients);
  return createDigestService({
    config,
    mail,
    doc: storage.clients.doc,
    jobs: storage.jobs,
    suppressions: email.suppressions,
    preferences: email.preferences,
    tokens: createEmailTokens(tokenSecret, () => new Date()),
    ses: createSesClient(mail),
  });
};
