/**
 * The jobs function (bounded context "jobs"): `POST /jobs` (search), `GET /jobs/suggest`
 * (completions as a person types), `GET /jobs/{company}/{slug}` (one job) and `GET /departments`,
 * dispatched on `event.routeKey` by the shared HTTP chain.
 *
 * - `handler`: the Lambda entry point; reads the configuration (lambdas/config.ts), builds the
 *   DynamoDB repositories and the warm search index once per cold start.
 * - `createJobsHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { listDepartments } from '../../shared/departments/list-departments';
import { findJobs } from '../../shared/jobs/find-jobs';
import { getJob } from '../../shared/jobs/get-job';
import type { JobIndex } from '../../shared/jobs/job-search';
import { suggestSearches } from '../../shared/jobs/suggest-searches';
import type { CompanyRepository, JobRepository } from '../../shared/ports';
import { createJobIndex } from '../../shared/search/job-index';
import type { Clock } from '../../shared/time/clock';
import { readConfig, type Config } from '../config';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../http/log';
import { routeKey } from '../http/routes';
import { createWarmJobIndex, type SummarySnapshot } from '../search/warm-job-index';
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
}

/** The jobs function's routes: parse → one domain function → response body. */
export const jobsRoutes = (deps: JobsDeps): ApiRoutes => ({
  [routeKey({ method: 'POST', path: '/jobs' })]: {
    cache: 'none',
    handle: async (event) => findJobs(event.body, { index: await deps.searchIndex(), jobs: deps.jobs, clock: deps.clock }),
  },
  [routeKey({ method: 'GET', path: '/jobs/suggest' })]: {
    cache: 'public',
    handle: async (event) => suggestSearches(event.queryStringParameters, await deps.searchIndex()),
  },
  [routeKey({ method: 'GET', path: '/jobs/{company}/{slug}' })]: {
    cache: 'public',
    handle: (event) => getJob(event.pathParameters ?? {}, deps),
  },
  [routeKey({ method: 'GET', path: '/departments' })]: {
    cache: 'public',
    handle: () => listDepartments(),
  },
});

export const createJobsHandler = (deps: JobsDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(jobsRoutes(deps), options);

/**
 * The jobs function's ports on DynamoDB, with the search index rebuilt when the catalog changes
 * (from `snapshot` when it holds the current version's summaries).
 */
export const jobsDepsFromStorage = (
  storage: Pick<Storage, 'jobs' | 'catalogVersion' | 'companies'>,
  config: Pick<Config, 'searchVersionCheckSeconds'>,
  snapshot?: SummarySnapshot,
): JobsDeps => {
  const index = createWarmJobIndex({
    jobs: storage.jobs,
    catalogVersion: storage.catalogVersion,
    build: (summaries) => createJobIndex(summaries),
    checkEverySeconds: config.searchVersionCheckSeconds,
    ...(snapshot === undefined ? {} : { snapshot }),
  });
  return { jobs: storage.jobs, companies: storage.companies, searchIndex: () => index.get(), clock: () => new Date() };
};

/** Builds the jobs function from a configuration (one call per cold start). */
export const createJobsFunction = (config: Config, storage: Storage = createStorage(config)): HttpHandler =>
  createJobsHandler(jobsDepsFromStorage(storage, config), { logger: createLogger(config.logLevel) });

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createJobsFunction(readConfig()));
