/**
 * The local product's site address for the commands that link to it (`npm run digest`,
 * `npm run newsletter`): `npm start` names its URL in `<dataDir>/../site/url.json` once it
 * listens (`.data/site/url.json` for the default data folder), through infra/local/running-service.ts.
 * `localSiteEnv(env)` → `{ SITE_URL }` of the running product when SITE_URL is not set and the
 * product answers; else `{}` (lambdas/config.ts then uses SITE_URL or DEFAULT_SITE_URL, http://localhost:3000).
 */
import path from 'node:path';
import { LOCAL_DYNAMODB_DIR } from './local-storage';
import { findRunningService, nameRunningService, type ServiceFile } from './running-service';

/** The file for the product whose DynamoDB Local data is in `dataDir`. */
export const siteFile = (dataDir: string): ServiceFile => ({ stateDir: path.join(path.dirname(path.resolve(dataDir)), 'site'), file: 'url.json' });

/** Where the default `npm start` names its site URL. */
export const LOCAL_SITE_FILE: ServiceFile = siteFile(LOCAL_DYNAMODB_DIR);

/** Names `siteUrl` (e.g. "http://localhost:3017") for the product on `dataDir`; returns what removes it. */
export const nameLocalSite = (dataDir: string, siteUrl: string): (() => void) => nameRunningService(siteFile(dataDir), siteUrl);

/** See the module comment; `where` defaults to the default `npm start`'s file. */
export const localSiteEnv = async (env: Record<string, string | undefined>, where: ServiceFile = LOCAL_SITE_FILE): Promise<{ SITE_URL?: string }> => {
  if (env.SITE_URL !== undefined && env.SITE_URL !== '') return {};
  const url = await findRunningService(where, '/api/auth/config');
  return url === null ? {} : { SITE_URL: url };
};
