/**
 * Adapters of the search-engine notification port (shared/seo/search-engine-notifier.ts):
 *
 * - `loggingNotifier(log)`: one short line per run: how many pages would be sent and the first
 *   `LOGGED_PAGES` of them, newest first (the local product, or AWS without credentials; a whole
 *   replayed crawl is thousands of pages, which no line should list).
 * - `googleIndexingNotifier({ clientEmail, privateKey, siteUrl })`: Google's Indexing API with a
 *   service account: an RS256 JWT (iss = the account, scope `https://www.googleapis.com/auth/indexing`,
 *   aud the token endpoint) exchanged at `https://oauth2.googleapis.com/token` for an access
 *   token (kept until a minute before its `expires_in`), then one
 *   `POST https://indexing.googleapis.com/v3/urlNotifications:publish`
 *   `{ url, type: URL_UPDATED | URL_DELETED }` per page (Google Search Central, "Indexing API:
 *   Using the API" and "Authorize requests"). Google's default quota is 200 notifications a day:
 *   each page takes one from the day's `budget` (an `IndexingBudget`: DynamoDB's on AWS, shared by
 *   every worker, lambdas/storage/indexing-budget.ts; in memory by default), pages go newest first
 *   (`newestFirst`), and none go once the budget or Google (429) says the day's quota is spent. `apiOrigin` sends both
 *   calls to a stand-in instead (`<origin>/token`, `<origin>/v3/urlNotifications:publish`).
 * - `configuredSearchEngines(crawlConfig, { log, readSecret })`: the notifier the configuration
 *   asks for (lambdas/config.ts `CrawlConfig.searchEngines`): Google's when the key (a service
 *   account's JSON key file, read through lambdas/secrets `resolveSecret` on every run, cached
 *   there) holds a
 *   `client_email` and `private_key`; the log line when no key is configured or the secret still
 *   holds the placeholder the stack created.
 *
 * Failures are logged (warn) and swallowed: a crawl never fails because a search engine did
 * not answer or the key could not be read.
 */
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { newestFirst, type PageChanges, type SearchEngineNotifier } from '../../shared/seo/search-engine-notifier';
import type { Clock } from '../../shared/time/clock';
import type { CrawlConfig } from '../config';
import type { Logger } from '../observability/log';
import { resolveSecret, type SecretReader } from '../secrets/secrets';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_PUBLISH_URL = 'https://indexing.googleapis.com/v3/urlNotifications:publish';
const PUBLISH_PATH = '/v3/urlNotifications:publish';
const SCOPE = 'https://www.googleapis.com/auth/indexing';
/** An access token is renewed this long before Google says it expires, in ms. */
const TOKEN_MARGIN_MS = 60_000;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Pages a log line names; the rest are counted. */
export const LOGGED_PAGES = 5;

export const loggingNotifier = (log: Logger, reason = 'no Indexing API credentials'): SearchEngineNotifier => ({
  notify: async (changes) =>
    log('info', `Search engines would be told (${reason})`, {
      updated: changes.updated.length,
      deleted: changes.deleted.length,
      first: newestFirst(changes).slice(0, LOGGED_PAGES),
    }),
});

/** Google's default Indexing API quota: publish requests a day (Search Central, "Indexing API quotas"). */
export const INDEXING_DAILY_QUOTA = 200;

/** The day's notification quota, shared by everything that notifies. */
export interface IndexingBudget {
  /** Takes one notification from the quota of `now`'s UTC day: false when the day's quota is spent. */
  take(now: Date): Promise<boolean>;
}

/** A budget kept in this process (the local product; tests). */
export const inMemoryBudget = (quota = INDEXING_DAILY_QUOTA): IndexingBudget => {
  const used = new Map<string, number>();
  return {
    take: async (now) => {
      const day = now.toISOString().slice(0, 10);
      const count = used.get(day) ?? 0;
      if (count >= quota) return false;
      used.set(day, count + 1);
      return true;
    },
  };
};

export interface GoogleIndexingOptions {
  /** The service account's `client_email`. */
  clientEmail: string;
  /** Its `private_key` (PKCS#8 PEM). */
  privateKey: string;
  /** The site's public origin, e.g. 'https://latentjobs.example'. */
  siteUrl: string;
  log: Logger;
  /** The day's quota (default: in memory, INDEXING_DAILY_QUOTA). */
  budget?: IndexingBudget;
  /** An origin answering both calls instead of Google's hosts (a stand-in), e.g. 'http://127.0.0.1:4100'. */
  apiOrigin?: string;
  fetch?: typeof fetch;
  clock?: Clock;
}

export const googleIndexingNotifier = (options: GoogleIndexingOptions): SearchEngineNotifier => {
  const send = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const budget = options.budget ?? inMemoryBudget();
  const tokenUrl = options.apiOrigin === undefined ? GOOGLE_TOKEN_URL : new URL('/token', options.apiOrigin).href;
  const publishUrl = options.apiOrigin === undefined ? GOOGLE_PUBLISH_URL : new URL(PUBLISH_PATH, options.apiOrigin).href;
  let kept: { token: string; until: number } | null = null;

  const accessToken = async (): Promise<string> => {
    const now = clock().getTime();
    if (kept !== null && now < kept.until) return kept.token;
    const key = await importPKCS8(options.privateKey, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.clientEmail)
      .setAudience(tokenUrl)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 600)
      .sign(key);
    const response = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
    const { access_token: token, expires_in: expiresIn } = (await response.json()) as { access_token: string; expires_in?: number };
    kept = { token, until: now + (expiresIn ?? 3600) * 1000 - TOKEN_MARGIN_MS };
    return token;
  };

  return {
    notify: async (changes: PageChanges) => {
      const pages = newestFirst(changes);
      if (pages.length === 0) return;
      try {
        const token = await accessToken();
        let sent = 0;
        let failed = 0;
        let quotaSpent = false;
        for (const { path, type } of pages) {
          if (!(await budget.take(clock()))) {
            quotaSpent = true;
            break;
          }
          const response = await send(publishUrl, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url: new URL(path, options.siteUrl).href, type }),
          });
          if (response.ok) sent += 1;
          else failed += 1;
          // 429: the day's quota is spent; the rest would be refused too.
          if (response.status === 429) {
            quotaSpent = true;
            break;
          }
        }
        const left = pages.length - sent - failed;
        options.log(failed > 0 ? 'warn' : 'info', 'Indexing API notified', { sent, failed, left, ...(quotaSpent ? { quota_spent: true } : {}) });
      } catch (error) {
        options.log('warn', 'Indexing API notification failed', { error: errorText(error) });
      }
    },
  };
};

/** The fields of a Google service account's JSON key file the Indexing API needs. */
const ServiceAccountKeySchema = z.object({ client_email: z.string().min(3), private_key: z.string().includes('PRIVATE KEY') });

/** A service account's JSON key file → its e-mail and private key, or null when `text` is not one (e.g. the stack's placeholder). */
export const parseServiceAccountKey = (text: string): { clientEmail: string; privateKey: string } | null => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ServiceAccountKeySchema.safeParse(json);
  return parsed.success ? { clientEmail: parsed.data.client_email, privateKey: parsed.data.private_key } : null;
};

export interface ConfiguredSearchEnginesOptions {
  log: Logger;
  /** The day's Indexing API quota (default: in memory). */
  budget?: IndexingBudget;
  /** Reads a secret by ARN (lambdas/secrets `createSecretReader`). */
  readSecret: SecretReader;
  fetch?: typeof fetch;
  clock?: Clock;
}

/** See the module comment. */
export const configuredSearchEngines = (crawl: Pick<CrawlConfig, 'siteUrl' | 'searchEngines'>, options: ConfiguredSearchEnginesOptions): SearchEngineNotifier => {
  const { googleKey, apiOrigin } = crawl.searchEngines;
  if (googleKey === null) return loggingNotifier(options.log);
  const placeholder = loggingNotifier(options.log, 'the Indexing API key secret holds no service account key');
  const settings = { siteUrl: crawl.siteUrl, log: options.log, apiOrigin, fetch: options.fetch, clock: options.clock, budget: options.budget ?? inMemoryBudget() };
  // One Google notifier per key text, so a warm function keeps its access token until the key rotates.
  let google: { text: string; notifier: SearchEngineNotifier } | null = null;
  return {
    notify: async (changes) => {
      let text: string;
      try {
        text = await resolveSecret(googleKey, options.readSecret);
      } catch (error) {
        options.log('warn', 'Indexing API notification failed', { error: `the key could not be read: ${errorText(error)}` });
        return;
      }
      if (google?.text !== text) {
        const account = parseServiceAccountKey(text);
        if (account === null) return placeholder.notify(changes);
        const { clientEmail, privateKey } = account;
        google = { text, notifier: googleIndexingNotifier({ ...settings, clientEmail, privateKey }) };
      }
      return google.notifier.notify(changes);
    },
  };
};
