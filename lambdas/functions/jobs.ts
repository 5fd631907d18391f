/**
 * The jobs function (bounded context "jobs"): `POST /jobs` (search), `GET /jobs/suggest`
 * (completions as a person types), `GET /feeds/jobs.rss` and `GET /feeds/jobs.json` (RSS 2.0 and
 * JSON Feed 1.1 of any search), `GET /feeds/searches/{token}/feed.rss|json` (a saved search's
 * private feeds, shared/alerts/saved-search-feed.ts), `GET /jobs/{company}/{slug}` (one job), `GET /departments` and
 * `GET /openapi.json` (the public API's OpenAPI 3.1 document),
 * dispatched on `event.routeKey` by the shared HTTP chain.
 *
 * - `handler`: the Lambda entry point; reads the configuration (lambdas/config.ts), builds the
 *   DynamoDB repositories and the warm search index once per cold start.
 * - `createJobsHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { listDepartments } from '../../shared/departments/list-departments';
import { jobFeed, type FeedFormat } from '../../shared/feeds/job-feed';
import { SAVED_SEARCH_FEED_PATHS, savedSearchFeed } from '../../shared/alerts/saved-search-feed';
import type { SavedSearchRepository } from '../../shared/alerts/saved-search-ports';
import { createRecentJobIndex, summariesOfIndex } from '../search/recent-job-index';
import { findJobs } from '../../shared/search/find-jobs';
import { FILTERS_READING_MORE, isSet } from '../../shared/search/filters/search-filters';
import { getJob } from '../../shared/catalog/get-job';
import type { JobIndex } from '../../shared/search/job-search';
import { suggestSearches } from '../../shared/search/suggest-searches';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { createJobIndex } from '../../shared/search/job-index';
import type { Clock } from '../../shared/time/clock';
import { readConfig, type Config } from '../config';
import { createHttpHandler, type ApiRoute, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger, type Logger } from '../observability/log';
import { openApiDocument } from '../http/openapi';
import { jsonReusingFrozen, textResponse, type JsonText } from '../http/responses';
import { routeKey } from '../http/routes';
import { siteOrigin } from '../http/site-origin';
import { createAnswerCache } from '../search/answer-cache';
import { createWarmJobIndex } from '../search/warm-job-index';
import { decodeSearchSnapshot, type SearchSnapshotStore } from '../search/search-snapshot';
import { searchSnapshotsFromConfig } from '../storage/s3-search-snapshots';
import { BULK_TIMEOUTS, createDynamoClients } from '../storage/dynamo-clients';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export interface JobsDeps {
  jobs: JobRepository;
  /** For job addresses under a renamed company's new name (shared/companies/company-lookup.ts). */
  companies?: Pick<CompanyRepository, 'listListed'>;
  /** The search index over the current catalog (kept warm across invocations). */
  searchIndex(): Promise<JobIndex>;
  /** Now (the system clock in production). */
  clock: Clock;
  /** Saved searches by feed token, for the private feeds; without, those routes answer 404. */
  savedSearches?: Pick<SavedSearchRepository, 'findByFeedToken'>;
}

/** A feed route: the search in the query string as `format`. */
const feedRoute = (format: FeedFormat, deps: JobsDeps): ApiRoute => ({
  cache: 'public',
  kind: 'page',
  handle: async (event) => {
    const feed = await jobFeed(format, new URLSearchParams(event.rawQueryString ?? ''), siteOrigin(event), {
      index: await deps.searchIndex(),
      jobs: deps.jobs,
      clock: deps.clock,
    });
    return textResponse(200, feed.contentType, feed.body, 'public');
  },
});

/** A saved search's private feed as `format`: the token in the path is the only credential; never cached by CloudFront or readers' proxies. */
const savedFeedRoute = (format: FeedFormat, deps: JobsDeps, recentIndex: () => Promise<JobIndex>): ApiRoute => ({
  cache: 'none',
  kind: 'page',
  handle: async (event) => {
    const feed = await savedSearchFeed(format, event.pathParameters?.token, siteOrigin(event), {
      searches: deps.savedSearches ?? { findByFeedToken: async () => null },
      recentIndex,
      jobs: deps.jobs,
      clock: deps.clock,
    });
    return textResponse(200, feed.contentType, feed.body, 'none');
  },
});

/**
 * `POST /jobs`. findJobs shares one frozen list job per indexed summary, and the index one frozen
 * facets object for the unfiltered board: their JSON is made once (serialising was most of the
 * work). Repeated searches (the board's first page, the popular filters) are answered with the
 * JSON made for the same body on the same index (lambdas/search/answer-cache.ts), without
 * validating the body again: findJobs validates it (ZodError → 400) before any answer is kept,
 * so only a body the schema accepted has one.
 */
const searchRoute = (deps: JobsDeps): ApiRoute => {
  const answers = createAnswerCache<JobIndex, JsonText>(KEPT_SEARCH_ANSWERS);
  return {
    cache: 'none',
    handle: async (event) => {
      const body = event.body ?? {};
      const index = await deps.searchIndex();
      return answers(index, searchAnswerKey(body), async () => jsonReusingFrozen(await findJobs(body, { index, jobs: deps.jobs, clock: deps.clock })));
    },
  };
};

/** The OpenAPI document, built on first request. */
let document: object | undefined;

/** How many distinct `POST /jobs` answers are kept per search index (each 20–250 KB of JSON). */
const KEPT_SEARCH_ANSWERS = 32;

/**
 * The cache key of a `POST /jobs` body as parsed from the request (its JSON; only bodies sent
 * alike share an answer), or null when its answer depends on more than the index: a filter whose
 * declaration says it reads the clock or storage (shared/search/filters/, e.g. a time window, the
 * ghost-job rule), or descriptions (read from the jobs table). Read before validation: a value
 * the schema refuses never gets an answer to keep, and one it accepts sets a filter exactly when
 * `isSet` says so of the value as sent (the schema only fills in nulls and upper-cases countries).
 */
const searchAnswerKey = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as Record<string, unknown>;
  if (fields.include_description === true || FILTERS_READING_MORE.some((name) => isSet(fields[name]))) return null;
  return JSON.stringify(body);
};

/** The jobs function's routes: parse → one domain function → response body. */
export const jobsRoutes = (deps: JobsDeps): ApiRoutes => {
  const recentIndex = createRecentJobIndex(deps.searchIndex, summariesOfIndex, deps.clock);
  return {
  [routeKey({ method: 'POST', path: '/jobs' })]: searchRoute(deps),
  [routeKey({ method: 'GET', path: '/jobs/suggest' })]: {
    cache: 'public',
    handle: async (event) => suggestSearches(event.queryStringParameters, await deps.searchIndex()),
  },
  [routeKey({ method: 'GET', path: '/feeds/jobs.rss' })]: feedRoute('rss', deps),
  [routeKey({ method: 'GET', path: '/feeds/jobs.json' })]: feedRoute('json', deps),
  [routeKey({ method: 'GET', path: SAVED_SEARCH_FEED_PATHS.rss })]: savedFeedRoute('rss', deps, recentIndex),
  [routeKey({ method: 'GET', path: SAVED_SEARCH_FEED_PATHS.json })]: savedFeedRoute('json', deps, recentIndex),
  [routeKey({ method: 'GET', path: '/jobs/{company}/{slug}' })]: {
    cache: 'public',
    // A job page without the index (still building, or failing) shows no estimate rather than failing.
    handle: (event) => getJob(event.pathParameters ?? {}, { ...deps, payEstimate: (key) => deps.searchIndex().then((index) => index.payEstimate(key), () => null) }),
  },
  [routeKey({ method: 'GET', path: '/departments' })]: {
    cache: 'public',
    handle: () => listDepartments(),
  },
  [routeKey({ method: 'GET', path: '/openapi.json' })]: {
    cache: 'public',
    handle: () => (document ??= openApiDocument()),
  },
  };
};

export const createJobsHandler = (deps: JobsDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(jobsRoutes(deps), options);

/**
 * The jobs function's ports on DynamoDB, with the search index loaded from the newest search
 * snapshot in `snapshots` (else built from DynamoDB) and replaced in the background when a newer
 * version appears; a failed background refresh is logged as a warning.
 */
export const jobsDepsFromStorage = (
  storage: Pick<Storage, 'jobs' | 'catalogVersion' | 'companies'> & Partial<Pick<Storage, 'savedSearches'>>,
  config: Pick<Config, 'searchVersionCheckSeconds'>,
  snapshots?: SearchSnapshotStore,
  logger?: Logger,
  /** Where the index reads every open job (default `storage.jobs`; the local product gives one with patient timeouts). */
  indexJobs: Storage['jobs'] = storage.jobs,
): JobsDeps => {
  const index = createWarmJobIndex({
    jobs: indexJobs,
    catalogVersion: storage.catalogVersion,
    build: (summaries) => createJobIndex(summaries),
    checkEverySeconds: config.searchVersionCheckSeconds,
    ...(snapshots === undefined ? {} : { snapshots: { store: snapshots, restore: (data: Uint8Array, version: string) => decodeSearchSnapshot(data, version) } }),
    onRefreshError: (error) => logger?.('warn', 'The search index could not be refreshed; the old one is kept', { error: String(error) }),
  });
  return { jobs: storage.jobs, companies: storage.companies, searchIndex: () => index.get(), clock: () => new Date(), savedSearches: storage.savedSearches };
};

/**
 * Builds the jobs function from a configuration (one call per cold start). Without a readable
 * snapshot the index lists every open job on clients of its own with the bulk timeouts
 * (lambdas/storage/dynamo-clients.ts), as the local server does: a listing is dozens of pages the
 * first request waits for in any case, and DynamoDB Local sat over the request timeouts' 1.5 s on a
 * page of 100,000 stored jobs, so the function answered 503 (bench:cold-start:bundle). A store that
 * does not answer at all still fails the first search within seconds: the catalog version's GetItem,
 * read before the listing, runs on the request timeouts.
 */
export const createJobsFunction = (config: Config, storage: Storage = createStorage(config)): HttpHandler => {
  const logger = createLogger(config.logLevel);
  return createJobsHandler(jobsDepsFromStorage(storage, config, searchSnapshotsFromConfig(config), logger, indexListingJobs(config)), { logger });
};

/** The jobs repository a function's search index lists every open job through when it has no snapshot: clients of its own on the bulk timeouts (see `createJobsFunction`). */
export const indexListingJobs = (config: Config): Storage['jobs'] => createStorage(config, createDynamoClients(config, BULK_TIMEOUTS)).jobs;

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createJobsFunction(readConfig()));
