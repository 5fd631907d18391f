/**
 * Adapters of the search-engine notification port (shared/seo/search-engine-notifier.ts):
 *
 * - `loggingNotifier(log)`: one line per run naming the pages (the local product, or AWS without
 *   credentials).
 * - `googleIndexingNotifier({ clientEmail, privateKey, siteUrl })`: Google's Indexing API with a
 *   service account: an RS256 JWT (iss = the account, scope `https://www.googleapis.com/auth/indexing`,
 *   aud the token endpoint) exchanged at `https://oauth2.googleapis.com/token` for an access
 *   token, then one `POST https://indexing.googleapis.com/v3/urlNotifications:publish`
 *   `{ url, type: URL_UPDATED | URL_DELETED }` per page (Google Search Central, "Indexing API:
 *   Using the API" and "Authorize requests"). Google's default quota is 200 notifications a day:
 *   at most `maxPerRun` (default 100) go out per run, deletions first. Failures are logged and
 *   swallowed: a crawl never fails because a search engine did not answer.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { PageChanges, SearchEngineNotifier } from '../../shared/seo/search-engine-notifier';

export type NotifierLog = (message: string, detail: Record<string, unknown>) => void;

export const loggingNotifier = (log: NotifierLog): SearchEngineNotifier => ({
  notify: async (changes) => log('Search engines would be told (no Indexing API credentials)', { updated: changes.updated, deleted: changes.deleted }),
});

export interface GoogleIndexingOptions {
  /** The service account's `client_email`. */
  clientEmail: string;
  /** Its `private_key` (PKCS#8 PEM). */
  privateKey: string;
  /** The site's public origin, e.g. 'https://latentjobs.example'. */
  siteUrl: string;
  log: NotifierLog;
  maxPerRun?: number;
  fetch?: typeof fetch;
}

const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const PUBLISH_URL = 'https://indexing.googleapis.com/v3/urlNotifications:publish';
const SCOPE = 'https://www.googleapis.com/auth/indexing';

export const googleIndexingNotifier = (options: GoogleIndexingOptions): SearchEngineNotifier => {
  const send = options.fetch ?? fetch;
  const accessToken = async (): Promise<string> => {
    const key = await importPKCS8(options.privateKey, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.clientEmail)
      .setAudience(TOKEN_URL)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    const response = await send(TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  return {
    notify: async (changes: PageChanges) => {
      const pages = [
        ...changes.deleted.map((path) => ({ path, type: 'URL_DELETED' as const })),
        ...changes.updated.map((path) => ({ path, type: 'URL_UPDATED' as const })),
      ].slice(0, options.maxPerRun ?? 100);
      if (pages.length === 0) return;
      try {
        const token = await accessToken();
        let failed = 0;
        for (const { path, type } of pages) {
          const response = await send(PUBLISH_URL, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ url: new URL(path, options.siteUrl).href, type }),
          });
          if (!response.ok) failed += 1;
        }
        options.log('Indexing API notified', { sent: pages.length - failed, failed, left: changes.updated.length + changes.deleted.length - pages.length });
      } catch (error) {
        options.log('Indexing API notification failed', { error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
};
