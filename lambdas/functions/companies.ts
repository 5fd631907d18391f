/**
 * The companies function (bounded context "companies"): `GET /companies` (the listed companies),
 * `GET /companies/{name}` (one company with its open jobs by department) and `GET /coverage`
 * (what we track and how fresh it is, shared/crawl/coverage.ts; computed at most every 5
 * minutes per warm function), dispatched on `event.routeKey` by the shared HTTP chain.
 *
 * - `handler`: the Lambda entry point; reads the configuration and builds the DynamoDB
 *   repositories once per cold start.
 * - `createCompaniesHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { getCompany } from '../../shared/catalog/get-company';
import { listCompanies } from '../../shared/companies/list-companies';
import { getCoverage, type CoverageReport, type CoverageSources } from '../../shared/crawl/coverage';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { readConfig, type Config } from '../config';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../observability/log';
import { routeKey } from '../http/routes';
import { DynamoCoverageSources } from '../storage/coverage-reader';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export interface CompaniesDeps {
  companies: CompanyRepository;
  jobs: JobRepository;
  /** The crawl's records for /coverage, and the clock it is computed by. */
  coverage: CoverageSources;
  clock: () => Date;
}

/** How long one coverage report is served before it is computed again. */
const COVERAGE_TTL_MS = 5 * 60_000;

/** `getCoverage` computed at most once per COVERAGE_TTL_MS (a failed read is not kept); the MCP function's `coverage` tool shares it. */
export const coverageEvery = (deps: Pick<CompaniesDeps, 'coverage' | 'clock' | 'jobs'>): (() => Promise<CoverageReport>) => {
  let kept: { at: number; report: Promise<CoverageReport> } | null = null;
  return () => {
    const now = deps.clock().getTime();
    if (kept === null || now - kept.at >= COVERAGE_TTL_MS) {
      const report = getCoverage(deps.coverage, deps.clock, deps.jobs);
      kept = { at: now, report };
      report.catch(() => {
        if (kept?.report === report) kept = null;
      });
    }
    return kept.report;
  };
};

/** The companies function's routes: parse → one domain function → response body. */
export const companiesRoutes = (deps: CompaniesDeps): ApiRoutes => {
  const coverage = coverageEvery(deps);
  return {
    [routeKey({ method: 'GET', path: '/companies' })]: {
      cache: 'public',
      handle: () => listCompanies(deps),
    },
    [routeKey({ method: 'GET', path: '/companies/{name}' })]: {
      cache: 'public',
      handle: (event) => getCompany(event.pathParameters ?? {}, deps),
    },
    [routeKey({ method: 'GET', path: '/coverage' })]: {
      cache: 'public',
      handle: () => coverage(),
    },
  };
};

export const createCompaniesHandler = (deps: CompaniesDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(companiesRoutes(deps), options);

/** Builds the companies function from a configuration (one call per cold start). */
export const createCompaniesFunction = (config: Config, storage: Storage = createStorage(config)): HttpHandler =>
  createCompaniesHandler(
    { companies: storage.companies, jobs: storage.jobs, coverage: new DynamoCoverageSources(storage.clients.doc, config.dynamodb.tables.state), clock: () => new Date() },
    { logger: createLogger(config.logLevel) },
  );

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createCompaniesFunction(readConfig()));
