/**
 * In-memory implementations of the domain's ports (shared/jobs/job-ports.ts, shared/companies/company-ports.ts) for unit tests: they
 * behave as the contracts say, without storage.
 */
import type { Company } from '../../shared/companies/company';
import type { Job } from '../../shared/jobs/job';
import { toJobSummary, type JobKey, type JobSummary } from '../../shared/jobs/job-summary';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';

const keyOf = (key: JobKey): string => `${key.company_key}\u0000${key.slug_url}`;

export class InMemoryJobRepository implements JobRepository {
  readonly #jobs = new Map<string, Job>();
  /** How many times each method was called, for tests that check caching. */
  readonly calls = { get: 0, getMany: 0, listByCompany: 0, listOpenSummaries: 0, putMany: 0 };

  constructor(jobs: readonly Job[] = []) {
    for (const job of jobs) this.#jobs.set(keyOf(job), job);
  }

  async get(key: JobKey): Promise<Job | null> {
    this.calls.get += 1;
    return this.#jobs.get(keyOf(key)) ?? null;
  }

  async getMany(keys: readonly JobKey[]): Promise<Job[]> {
    this.calls.getMany += 1;
    return keys.flatMap((key) => this.#jobs.get(keyOf(key)) ?? []);
  }

  async listByCompany(companyKey: string): Promise<Job[]> {
    this.calls.listByCompany += 1;
    return [...this.#jobs.values()].filter((job) => job.company_key === companyKey);
  }

  async listOpenSummaries(): Promise<JobSummary[]> {
    this.calls.listOpenSummaries += 1;
    return [...this.#jobs.values()].filter((job) => job.closed_at === null).map(toJobSummary);
  }

  async putMany(jobs: readonly Job[]): Promise<void> {
    this.calls.putMany += 1;
    for (const job of jobs) this.#jobs.set(keyOf(job), job);
  }
}

export class InMemoryCompanyRepository implements CompanyRepository {
  readonly #companies = new Map<string, Company>();

  constructor(companies: readonly Company[] = []) {
    for (const company of companies) this.#companies.set(company.company_key, company);
  }

  async get(companyKey: string): Promise<Company | null> {
    return this.#companies.get(companyKey) ?? null;
  }

  async listListed(): Promise<Company[]> {
    return (await this.listAll()).filter((company) => company.job_count > 0);
  }

  async listAll(): Promise<Company[]> {
    return [...this.#companies.values()].sort((a, b) => a.company_key.localeCompare(b.company_key));
  }

  async putMany(companies: readonly Company[]): Promise<void> {
    for (const company of companies) this.#companies.set(company.company_key, company);
  }
}

export class InMemoryCatalogVersion implements CatalogVersion {
  #version = '0';

  async current(): Promise<string> {
    return this.#version;
  }

  async bump(at: string): Promise<void> {
    this.#version = at;
  }
}
