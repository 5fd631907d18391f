/**
 * The whole product on one machine: `startLocalProduct(options?)` →
 * `Promise<{ url, stop(), notes, timings }>`.
 *
 * 1. Reads the configuration (lambdas/config.ts) with `options.env` laid over the environment.
 * 2. Starts DynamoDB Local unless DYNAMODB_ENDPOINT is configured: on disk in `options.dataDir`
 *    (default `.data/dynamodb`, git-ignored, kept across restarts) or in memory when it is null.
 *    Meanwhile starts cognito-local as the user pool unless COGNITO_USER_POOL_ID is configured
 *    (infra/local/cognito-local.ts; data in `.data/cognito`, or `<dataDir>/cognito`, or a
 *    temporary folder when `dataDir` is null), with the local sign-in's account step at
 *    `/local-auth/account` (infra/local/cognito-local-sign-in.ts).
 *    Meanwhile builds the SPA when frontend/dist is missing or older than its sources.
 * 3. Creates the tables that are missing and seeds the catalog from ../shared/data when it was
 *    never seeded (catalog version "0").
 * 4. Serves the API under `/api` (the real Lambda handlers, through the payload-2.0 adapter),
 *    the pages through the server render (lambdas/render/page-renderer.ts; its loaders call this
 *    server's own `/api`) and the SPA's files on `options.port`; routes marked `auth` are verified as API Gateway's JWT
 *    authorizer would (lambdas/auth/jwt-authorizer.ts) against the pool in use (else PORT, else 3000; 0 picks a free port), on
 *    HOST (default 127.0.0.1: this machine only), with the security headers CloudFront sends
 *    on AWS (infra/security-headers.ts). The site is served as soon as the web app is built, while DynamoDB Local
 *    starts; API requests that come meanwhile wait for storage. Resolves once the search index
 *    is built.
 *
 * `stop()` closes the server and its connections, the DynamoDB clients, and DynamoDB Local when
 * this call started it. Throws (after stopping what it started) when a step fails, e.g.
 * `DynamoDbLocalError` without Java, or EADDRINUSE when the port is taken.
 */
// First: before any handler module loads the X-Ray SDK (see the module).
import './xray-manual-mode';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createJwtAuthorizer, type JwtAuthorizer } from '../../lambdas/auth/jwt-authorizer';
import { readConfig, readEmailConfig, readMailConfig, readMcpConfig, readPaymentsConfig, REPO_ROOT, type Config } from '../../lambdas/config';
import { createMarkdownRepository } from '../../lambdas/content/markdown-repository';
import { createCompaniesFunction } from '../../lambdas/functions/companies';
import { createContentFunction } from '../../lambdas/functions/content';
import { createEmailFunction } from '../../lambdas/functions/email';
import { createJobsHandler, jobsDepsFromStorage } from '../../lambdas/functions/jobs';
import { createMcpHandler, mcpDepsFromStorage } from '../../lambdas/functions/mcp';
import { DynamoRateLimiter } from '../../lambdas/storage/rate-limits';
import { createUsersFunction } from '../../lambdas/functions/users';
import { createPaymentsFunction } from '../../lambdas/functions/payments';
import { createStripeWebhookFunction } from '../../lambdas/functions/stripe-webhook';
import type { HttpHandler } from '../../lambdas/http/http-handler';
import { createLogger } from '../../lambdas/observability/log';
import type { FunctionName } from '../../lambdas/http/routes';
import { NO_CATALOG_VERSION } from '../../lambdas/storage/catalog-version';
import { BULK_TIMEOUTS, createDynamoClients } from '../../lambdas/storage/dynamo-clients';
import { createStorage, type Storage } from '../../lambdas/storage/repositories';
import { createEmailStorage } from '../../lambdas/storage/email-storage';
import { localEmailSecretEnv } from './email-secret';
import { startCognitoLocal, type CognitoLocal } from './cognito-local';
import { createLocalAccountHandler, LOCAL_ACCOUNT_PATH } from './cognito-local-sign-in';
import { ensureTables } from './create-tables';
import { superviseDynamoDbLocal, type SupervisedDynamoDbLocal } from './dynamodb-local';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';
import { createHttpAdapter, pathOf } from './http-adapter';
import { LOCAL_DYNAMODB_DIR, LOCAL_LOGO_DIR } from './local-storage';
import { createLocalLogoStore } from '../../lambdas/logos/local-logo-store';
import { createLogoHandler, LOGO_PATH_PREFIX } from '../../lambdas/logos/serve-logo';
import { startLocalSesStandIn } from './ses-stand-in';
import { browserUrl, localUrl } from './listen-address';
import { nameLocalSite } from './local-site';
import { readLocalConfig } from './local-config';

/** Where the local start keeps cognito-local's users by default. */
export const LOCAL_COGNITO_DIR = path.join(REPO_ROOT, '.data', 'cognito');
import { CAPTURED_ON, refreshDemoCatalog, seedCatalog } from './seed';
import { DynamoCrawlRuns } from '../../lambdas/storage/crawl-runs';
import { ensureSpaBuilt, precompress, SPA_DIST_DIR } from './spa-build';
import { readInlineAssets } from '../../lambdas/render/inline-assets';
import { loadPageRenderer, type PageRenderer } from '../../lambdas/render/page-renderer';
import { LOCAL_S3_DIR, startS3StandIn, type S3StandIn } from './s3-stand-in';
import { buildSearchSnapshot } from '../../lambdas/search/search-snapshot';
import { searchSnapshotsFromConfig } from '../../lambdas/storage/s3-search-snapshots';
import { mergeDirectives, securityHeaders, type CspDirectives } from '../security-headers';

export interface LocalProductOptions {
  /** TCP port; default PORT or 3000; 0 picks a free one. */
  port?: number;
  /** DynamoDB Local's data folder; null keeps the data in memory. Default `.data/dynamodb`. */
  dataDir?: string | null;
  /** Settings laid over the process environment (see lambdas/config.ts). */
  env?: Record<string, string>;
  /**
   * Whether to run the local sign-in (cognito-local) when no user pool is configured; default
   * true. False leaves sign-in unconfigured: `/api/auth/config` says so and auth routes answer 401.
   */
  signIn?: boolean;
  /** Called with the URL as soon as the site is served (before storage is ready). */
  onListening?: (url: string) => void;
}

export interface LocalProduct {
  /** e.g. "http://localhost:3000/" */
  url: string;
  stop(): Promise<void>;
  /** What was started or done, one line each, for the start command to print. */
  notes: string[];
  /** Milliseconds per step: dynamodb, spa, listen, tables, seed, index. */
  timings: Record<string, number>;
  /** The configuration in use, with the DynamoDB endpoint it started or was given. */
  config: Config;
  /** The process id of the DynamoDB Local it runs now (restarted when it dies), if it started one. */
  dynamoDbLocalPid(): number | undefined;
}


/** The functions that read the catalog, so wait for storage; the content function does not. */
type StorageFunction = Exclude<FunctionName, 'content'>;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const timed = async <T>(timings: Record<string, number>, step: string, task: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await task();
  } finally {
    timings[step] = Math.round(performance.now() - started);
  }
};

const listen = (server: Server, port: number, host: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** How often the local start checks whether the catalog moved past the search snapshot (ms). */
const SNAPSHOT_CHECK_MS = 5_000;

export const startLocalProduct = async (options: LocalProductOptions = {}): Promise<LocalProduct> => {
  // Locally the jobs function asks at most once a second whether the catalog changed (one GetItem
  // on DynamoDB Local), so a crawl run from another process shows on the site within a second
  // without a storage round trip on every search; AWS keeps 60 s.
  let config: Config = readConfig({ SEARCH_VERSION_CHECK_SECONDS: '1', ...process.env }, options.env);
  const localConfig = readLocalConfig(process.env, options.env);
  const logger = createLogger(config.logLevel);
  const notes: string[] = [];
  const timings: Record<string, number> = {};
  const dataDir = options.dataDir === undefined ? LOCAL_DYNAMODB_DIR : options.dataDir;

  // Everything started so far, stopped in reverse order of need: server, clients, DynamoDB Local.
  let server: Server | null = null;
  let storage: Storage | null = null;
  let bulkStorage: Storage | null = null;
  // Restarted on the same port whenever it dies; the API answers 503 meanwhile and recovers by itself.
  const dynamoStarting = timed(timings, 'dynamodb', async (): Promise<SupervisedDynamoDbLocal | null> =>
    config.dynamodb.endpoint === undefined
      ? superviseDynamoDbLocal({ host: localConfig.host, ...(dataDir === null ? {} : { dataDir }) }, (message) => logger('warn', message))
      : null,
  );
  // The SES stand-in (aws-ses-v2-local) unless SES_ENDPOINT is configured: the inbox of the mail the product sends.
  const sesStarting = startLocalSesStandIn(options.env ?? {}, dataDir, localConfig.host);
  sesStarting.catch(() => undefined);
  const cognitoDir = dataDir === null ? null : dataDir === LOCAL_DYNAMODB_DIR ? LOCAL_COGNITO_DIR : path.join(dataDir, 'cognito');
  const cognitoStarting = timed(timings, 'cognito', async (): Promise<CognitoLocal | null> =>
    config.auth === null && options.signIn !== false ? startCognitoLocal({ host: localConfig.host, ...(cognitoDir === null ? {} : { dataDir: cognitoDir }) }) : null,
  );
  cognitoStarting.catch(() => undefined);
  // The security headers CloudFront adds on AWS (infra/security-headers.ts), over plain HTTP;
  // the browser's sign-in talks to the configured user pool (its API and hosted sign-in, as the
  // Auth construct's connect sources on AWS), or to cognito-local.
  const configuredPool = config.auth === null ? [] : [config.auth.endpoint ?? `https://cognito-idp.${config.region}.amazonaws.com`, ...(config.auth.domain === undefined ? [] : [`https://${config.auth.domain}`])];
  // Inline: the stylesheets and loader the server render inlines, each allowed by its hash (lambdas/render/inline-assets.ts).
  const csp = { connect: configuredPool, inline: {} as CspDirectives };
  // As [name, value] pairs, made when they change rather than on every request.
  const localSecurityHeaders = (): [string, string][] => Object.entries(securityHeaders(mergeDirectives({ 'connect-src': csp.connect }, csp.inline), { https: false }));
  let siteHeaders = localSecurityHeaders();
  void cognitoStarting.then((pool) => {
    if (pool === null) return;
    csp.connect = [pool.endpoint];
    siteHeaders = localSecurityHeaders();
  }, () => undefined);
  // The Stripe stand-in (infra/local/stripe-stand-in.ts) unless a real Stripe key is configured.
  const configuredPayments = readPaymentsConfig(process.env, options.env);
  const stripeStarting = timed(timings, 'stripe', async (): Promise<StripeStandIn | null> =>
    configuredPayments.secretKey === null ? startStripeStandIn({ host: localConfig.host, sharedDataDir: config.sharedDataDir, prices: configuredPayments.prices }) : null,
  );
  stripeStarting.catch(() => undefined);
  // The S3 stand-in (s3rver) holding the search snapshots, unless SEARCH_SNAPSHOT_BUCKET is configured:
  // .data/s3, or <dataDir>/../s3 beside another data folder. Only beside the DynamoDB Local this start runs on disk:
  // a snapshot belongs to those tables (with DYNAMODB_ENDPOINT or data in memory the index is built from storage).
  const s3Dir = dataDir === null || config.dynamodb.endpoint !== undefined ? null : dataDir === LOCAL_DYNAMODB_DIR ? LOCAL_S3_DIR : path.join(path.dirname(path.resolve(dataDir)), 's3');
  const s3Starting = timed(timings, 's3', async (): Promise<S3StandIn | null> =>
    config.searchSnapshots === null && s3Dir !== null ? startS3StandIn({ host: localConfig.host, directory: s3Dir }) : null,
  );
  s3Starting.catch(() => undefined);
  const localPool = async (): Promise<CognitoLocal> => {
    const pool = await cognitoStarting;
    if (pool === null) throw new Error('A user pool is configured (COGNITO_USER_POOL_ID): the local sign-in is off');
    return pool;
  };
  // The site's URL in <dataDir>/../site/url.json for npm run digest / newsletter (infra/local/local-site.ts).
  let unnameSite = (): void => undefined;
  let snapshotTicker: NodeJS.Timeout | null = null;
  const stop = async (): Promise<void> => {
    unnameSite();
    if (snapshotTicker !== null) clearInterval(snapshotTicker);
    const open = server;
    server = null;
    if (open !== null) {
      await new Promise<void>((resolve) => {
        open.close(() => resolve());
        open.closeAllConnections();
      });
    }
    storage?.clients.client.destroy();
    storage = null;
    bulkStorage?.clients.client.destroy();
    bulkStorage = null;
    await (await sesStarting.catch(() => null))?.stop();
    await Promise.all([
      (await dynamoStarting.catch(() => null))?.stop(),
      (await cognitoStarting.catch(() => null))?.stop(),
      (await stripeStarting.catch(() => null))?.stop(),
      (await s3Starting.catch(() => null))?.stop(),
    ]);
  };

  // API requests that arrive while storage is starting wait for it; they fail if it cannot start.
  let functionsReady!: (functions: Record<StorageFunction, HttpHandler>) => void;
  let functionsFailed!: (error: unknown) => void;
  const functions = new Promise<Record<StorageFunction, HttpHandler>>((resolve, reject) => {
    functionsReady = resolve;
    functionsFailed = reject;
  });
  functions.catch(() => undefined);
  let authorizerReady!: (authorize: JwtAuthorizer) => void;
  const authorizer = new Promise<JwtAuthorizer>((resolve, reject) => {
    authorizerReady = resolve;
    functions.catch(reject);
  });
  authorizer.catch(() => undefined);

  try {
    // The site is served as soon as the web app is there, while DynamoDB Local starts.
    const spa = await timed(timings, 'spa', ensureSpaBuilt);
    if (spa.reason !== null) notes.push(`Built the web app (${spa.reason}) in ${seconds(spa.ms)}`);
    csp.inline = readInlineAssets(SPA_DIST_DIR).csp;
    siteHeaders = localSecurityHeaders();
    // The server render, loaded once the server listens (its loaders call this server's /api).
    let pageRenderer: Promise<PageRenderer> | null = null;
    const site = createHttpAdapter({
        staticDir: SPA_DIST_DIR,
        renderPage: async (request) => {
          if (pageRenderer === null) throw new Error('The server is not listening yet');
          return (await pageRenderer)(request);
        },
        logger,
        authorize: async (authorization) => (await authorizer)(authorization),
        functions: {
          jobs: async (event, context) => (await functions).jobs(event, context),
          companies: async (event, context) => (await functions).companies(event, context),
          users: async (event, context) => (await functions).users(event, context),
          payments: async (event, context) => (await functions).payments(event, context),
          webhook: async (event, context) => (await functions).webhook(event, context),
          email: async (event, context) => (await functions).email(event, context),
          mcp: async (event, context) => (await functions).mcp(event, context),
          // The blog needs no storage: served at once, and failing on its own.
          content: createContentFunction(config, createMarkdownRepository),
        },
      });
    const localAccount = createLocalAccountHandler(localPool, () => cognitoDir ?? path.join(REPO_ROOT, '.tmp'), logger);
    // Company logos the crawl stored (issue 13.5): .data/logos, or <dataDir>/logos beside another data folder.
    const logos = createLogoHandler(createLocalLogoStore(dataDir === null || dataDir === LOCAL_DYNAMODB_DIR ? LOCAL_LOGO_DIR : path.join(dataDir, 'logos')));
    server = createServer((req, res) => {
      for (const [name, value] of siteHeaders) res.setHeader(name, value);
      const url = req.url ?? '';
      if (pathOf(url) === LOCAL_ACCOUNT_PATH) void localAccount(req, res);
      else if (url.startsWith(LOGO_PATH_PREFIX)) void logos(req, res);
      else site(req, res);
    });
    await timed(timings, 'listen', () => listen(server!, options.port ?? localConfig.port, localConfig.host));
    const address = server.address() as AddressInfo;
    const url = `${browserUrl(localConfig.host, address.port)}/`;
    pageRenderer = loadPageRenderer(SPA_DIST_DIR, localUrl(localConfig.host, address.port));
    pageRenderer.catch(() => undefined);
    options.onListening?.(url);
    if (dataDir !== null) unnameSite = nameLocalSite(dataDir, url.replace(/\/$/, ''));

    const local = await dynamoStarting;
    if (local !== null) {
      config = { ...config, dynamodb: { ...config.dynamodb, endpoint: local.endpoint } };
      const where = dataDir === null ? 'in memory' : `data in ${path.relative(REPO_ROOT, dataDir) || dataDir}`;
      notes.push(`DynamoDB Local at ${local.endpoint} (${where}), started in ${seconds(timings.dynamodb ?? 0)}`);
    } else {
      notes.push(`DynamoDB at ${config.dynamodb.endpoint ?? 'AWS'} (DYNAMODB_ENDPOINT)`);
    }

    const ses = await sesStarting;
    if (ses !== null) notes.push(`SES stand-in (aws-ses-v2-local) at ${ses.endpoint}: read the mail sent (npm run digest) at ${ses.inboxUrl}`);
    const pool = await cognitoStarting;
    if (pool !== null) {
      config = {
        ...config,
        auth: { userPoolId: pool.userPoolId, clientId: pool.clientId, issuer: pool.issuer, jwksUrl: pool.jwksUrl, domain: undefined, endpoint: pool.endpoint },
      };
      notes.push(`cognito-local user pool at ${pool.endpoint} (pool ${pool.userPoolId}), started in ${seconds(timings.cognito ?? 0)}`);
    } else if (config.auth !== null) {
      notes.push(`User pool ${config.auth.userPoolId} (COGNITO_USER_POOL_ID)`);
    } else {
      notes.push('Sign-in is off (no user pool)');
    }
    const auth = config.auth;
    authorizerReady(
      auth === null
        ? async () => {
            throw new Error('no user pool is configured');
          }
        : createJwtAuthorizer(auth),
    );

    const stripe = await stripeStarting;
    const siteUrl = url.replace(/\/$/, '');
    const payments = readPaymentsConfig(process.env, { SITE_URL: siteUrl, ...options.env, ...stripe?.env() });
    if (stripe !== null) {
      stripe.setWebhookUrl(`${siteUrl}/api/payments/webhook`);
      notes.push(`Stripe stand-in at ${stripe.url} (checkout and customer portal pages; webhooks to /api/payments/webhook)`);
    } else {
      notes.push(`Stripe at ${payments.api === null ? 'api.stripe.com' : `${payments.api.protocol}://${payments.api.host}`} (STRIPE_SECRET_KEY)`);
    }

    const ready = createStorage(config);
    storage = ready;
    // Creating tables, seeding and reading every open job for the search index are bulk work:
    // their own patient clients (lambdas/storage/dynamo-clients.ts), as DynamoDB Local can sit
    // seconds on a page when the machine is busy; `ready` serves requests with the request timeouts.
    const bulk = createStorage(config, createDynamoClients(config, BULK_TIMEOUTS));
    bulkStorage = bulk;
    const created = await timed(timings, 'tables', () => ensureTables(bulk.clients.client, config));
    if (created.length > 0) notes.push(`Created tables ${created.join(', ')}`);
    const runs = new DynamoCrawlRuns(bulk.clients.doc, config.dynamodb.tables.state);
    if ((await bulk.catalogVersion.current()) === NO_CATALOG_VERSION) {
      const seeded = await timed(timings, 'seed', () => seedCatalog({ repos: { ...bulk, runs }, sharedDataDir: config.sharedDataDir, clock: () => new Date() }));
      if (seeded.seeded) {
        notes.push(
          `Seeded ${seeded.listedCompanies} companies with jobs (${seeded.companies} in the registry) and ${seeded.openJobs} open jobs from ${config.sharedDataDir} in ${seconds(timings.seed ?? 0)}`,
        );
        notes.push(`Demo catalog: postings captured on ${CAPTURED_ON}, dated ${seeded.shiftDays} days later so that they read as if captured today`);
      }
    } else {
      const moved = await timed(timings, 'demo', () => refreshDemoCatalog({ ...bulk, runs }, () => new Date()));
      if (moved > 0) notes.push(`Demo catalog: moved the seeded postings' dates on by ${moved} days, so that they read as if captured today`);
    }

    // The search snapshot on the S3 stand-in: written after a seed (and by npm run crawl), so a
    // restart on the same data folder loads it instead of listing every job.
    const s3 = await s3Starting;
    // Only the snapshot settings: the configuration already holds the DynamoDB Local endpoint and
    // the cognito-local pool this start set (re-reading it all lost both: sign-in said "not configured").
    if (s3 !== null) config = { ...config, searchSnapshots: readConfig({ SEARCH_VERSION_CHECK_SECONDS: '1', ...process.env }, { ...options.env, ...s3.env }).searchSnapshots };
    const snapshots = searchSnapshotsFromConfig(config);
    if (snapshots !== undefined) {
      const buildSnapshot = () => buildSearchSnapshot({ jobs: bulk.jobs, catalogVersion: ready.catalogVersion, store: snapshots, clock: () => new Date() });
      const built = await timed(timings, 'snapshot', buildSnapshot);
      if (built.built) notes.push(`Search snapshot ${built.version} written (${built.jobs} jobs, ${Math.round(built.bytes / 1024)} KB) to ${s3 === null ? config.searchSnapshots!.bucket : `the S3 stand-in at ${s3.endpoint}`}`);
      // The local builder schedule (AWS: every 5 minutes): a catalog changed by another command
      // (npm run rederive, companies) gets its snapshot within SNAPSHOT_CHECK_MS.
      let building = false;
      snapshotTicker = setInterval(() => {
        if (building) return;
        building = true;
        buildSnapshot()
          .catch((error: unknown) => logger('warn', 'Could not write the search snapshot', { error: String(error) }))
          .finally(() => (building = false));
      }, SNAPSHOT_CHECK_MS);
      snapshotTicker.unref();
    }
    const jobsDeps = jobsDepsFromStorage(ready, config, snapshots, logger, bulk.jobs);
    // The MCP server shares the jobs function's search index, and counts calls per client on the rate_limits table.
    const mcpConfig = readMcpConfig(process.env, { SITE_URL: siteUrl, ...options.env });
    const limiter = new DynamoRateLimiter(ready.clients.doc, config.dynamodb.tables.rate_limits);
    functionsReady({
      jobs: createJobsHandler(jobsDeps, { logger }),
      mcp: createMcpHandler(mcpDepsFromStorage(ready, config, mcpConfig, { jobs: jobsDeps, limiter }), { logger }),
      companies: createCompaniesFunction(config, ready),
      users: createUsersFunction(config, ready, siteUrl),
      payments: createPaymentsFunction(config, ready, payments),
      webhook: createStripeWebhookFunction(config, ready, payments),
      email: createEmailFunction(
        config,
        createEmailStorage(config, ready.clients),
        readMailConfig(process.env, { SITE_URL: siteUrl, ...(ses === null ? {} : { SES_ENDPOINT: ses.endpoint }), ...options.env }),
        readEmailConfig(process.env, { ...localEmailSecretEnv({ ...process.env, ...options.env }, dataDir === null ? null : undefined), ...options.env }),
      ),
    });
    // Build the search index before saying "ready" rather than on the first search.
    await timed(timings, 'index', () => jobsDeps.searchIndex());
    // Brotli and gzip copies of the web app, made in the background once the rest is up.
    precompress(SPA_DIST_DIR).catch((error: unknown) => logger('warn', 'Could not precompress the web app', { error: String(error) }));
    return { url, stop, notes, timings, config, dynamoDbLocalPid: () => local?.pid() };
  } catch (error) {
    functionsFailed(error);
    await stop();
    throw error;
  }
};
