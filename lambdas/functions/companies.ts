/**
 * The companies function (bounded context "companies"): `GET /companies` (the listed companies)
 * and `GET /companies/{name}` (one company with its open jobs by department), dispatched on
 * `event.routeKey` by the shared HTTP chain.
 *
 * - `handler`: the Lambda entry point; reads the configuration and builds the DynamoDB
 *   repositories once per cold start.
 * - `createCompaniesHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { getCompany } from '../../shared/companies/get-company';
import { listCompanies } from '../../shared/companies/list-companies';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { readConfig, type Config } from '../config';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../http/log';
import { routeKey } from '../http/routes';
import { createStorage, type Storage } from '../storage/repositories';
import { onFirstCall } from './on-first-call';

export interface CompaniesDeps {
  companies: CompanyRepository;
  jobs: JobRepository;
}

/** The companies function's routes: parse → one domain function → response body. */
export const companiesRoutes = (deps: CompaniesDeps): ApiRoutes => ({
  [routeKey({ method: 'GET', path: '/companies' })]: {
    cache: 'public',
    handle: () => listCompanies(deps),
  },
  [routeKey({ method: 'GET', path: '/companies/{name}' })]: {
    cache: 'public',
    handle: (event) => getCompany(event.pathParameters ?? {}, deps),
  },
});

export const createCompaniesHandler = (deps: CompaniesDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(companiesRoutes(deps), options);

/** Builds the companies function from a configuration (one call per cold start). */
export const createCompaniesFunction = (config: Config, storage: Storage = createStorage(config)): HttpHandler =>
  createCompaniesHandler({ companies: storage.companies, jobs: storage.jobs }, { logger: createLogger(config.logLevel) });

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createCompaniesFunction(readConfig()));
