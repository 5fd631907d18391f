import { z } from 'zod';
import { DEPARTMENTS, type Department } from '../departments/department';
import { NotFoundError } from '../errors';
import { toPublicListJob, type PublicListJob } from '../jobs/job';
import type { CompanyRepository } from '../companies/company-ports';
import type { JobRepository } from '../jobs/job-ports';
import { CompanyNameParamSchema, companyKey, toPublicCompany, type PublicCompany } from '../companies/company';
import { renamedCompanyKey } from '../companies/company-lookup';

/** Path parameter of `GET /companies/{name}` (URL-decoded). */
export const CompanyPathSchema = z.object({ name: CompanyNameParamSchema });

/** One department's open jobs at a company, as list jobs (no description: the job page loads it). */
export interface DepartmentJobs {
  department: Department;
  jobs: PublicListJob[];
}

/** `GET /companies/{name}` response: the public company and its open jobs by department. */
export type CompanyWithJobs = PublicCompany & { jobs: DepartmentJobs[] };

/**
 * `GET /companies/{name}`: a company (any case or accent form of its name, via `companyKey`, or
 * the name a renamed company is shown under: company-lookup.ts)
 * with its open jobs grouped by department in taxonomy order (departments without open jobs
 * left out), newest first within each. `job_count` is the number of open jobs returned.
 *
 * Throws `ZodError` for a missing or overlong name (overlong also once normalised) and `NotFoundError`
 * ("No company 'name'") when no company has that key.
 */
export const getCompany = async (
  params: unknown,
  deps: { companies: Pick<CompanyRepository, 'get' | 'listListed'>; jobs: Pick<JobRepository, 'listByCompany'> },
): Promise<CompanyWithJobs> => {
  const { name } = CompanyPathSchema.parse(params);
  const renamed = async () => {
    const key = await renamedCompanyKey(name, deps.companies);
    return key === null ? null : deps.companies.get(key);
  };
  const company = (await deps.companies.get(companyKey(name))) ?? (await renamed());
  if (company === null) throw new NotFoundError(`No company '${name}'`);
  const open = (await deps.jobs.listByCompany(company.company_key))
    .filter((job) => job.closed_at === null)
    .sort((a, b) => b.date_posted.localeCompare(a.date_posted));
  const jobs = DEPARTMENTS.map((department) => ({
    department,
    jobs: open.filter((job) => job.department === department).map(toPublicListJob),
  })).filter((group) => group.jobs.length > 0);
  return { ...toPublicCompany(company), job_count: open.length, jobs };
};
