/**
 * The digest runner wired to storage and SES: `createDigestService(parts)` → `run({ day, now, dryRun })`.
 * Used by the scheduled function (lambdas/functions/digest.ts), `npm run digest` and the bench.
 *
 * Parts: the configuration (tables, mail settings), the DynamoDB document client and job
 * repository, the mail-preferences side's suppression and unsubscribe reads, its unsubscribe
 * token maker, and an SES client (ses-client.ts, or a fake at the network edge in tests).
 * Each run gets its own send pacer at `mail.digest.sendRate`.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailList } from '../../shared/email/lists';
import type { JobRepository } from '../../shared/ports';
import type { Config, MailConfig } from '../config';
import { DynamoDigestLedger } from './dynamo-digest-ledger';
import { listDigestCandidateJobs, listDigestSubscribers } from './digest-sources';
import { runDigest, type DigestReport, type DigestRunDeps, type DigestRunOptions } from './digest-run';
import { createSendPacer } from './send-pacer';
import { createSesSender, type SesClientLike } from './ses-sender';

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
  overrides?: Partial<Pick<DigestRunDeps, 'render' | 'concurrency' | 'newRunId' | 'ledger'>>;
}

export interface DigestService {
  run(options: DigestRunOptions): Promise<DigestReport>;
}

export const createDigestService = (parts: DigestServiceParts): DigestService => ({
  run: (options) => {
    const { mail } = parts;
    const deps: DigestRunDeps = {
      listSubscribers: () => listDigestSubscribers(parts.doc, parts.config.dynamodb.tables.users),
      listCandidateJobs: (groups) => listDigestCandidateJobs(parts.jobs, groups),
      ledger: new DynamoDigestLedger(parts.doc, parts.config.dynamodb.tables.digest_ledger),
      suppressedAmong: (emails) => parts.suppressions.suppressedAmong(emails),
      unsubscribedAmong: (emails, list) => parts.preferences.unsubscribedAmong(emails, list),
      unsubscribeToken: (email, list) => parts.tokens.unsubscribeToken(email, list),
      send: createSesSender({ ses: parts.ses, pace: createSendPacer(mail.digest.sendRate), attempts: mail.digest.sendAttempts, baseDelayMs: mail.digest.retryBaseMs }),
      mail: { from: mail.from, configurationSet: mail.configurationSet, siteUrl: mail.siteUrl, unsubscribeMailto: mail.unsubscribeMailto, postalAddress: mail.postalAddress },
      ...parts.overrides,
    };
    return runDigest(deps, options);
  },
});
