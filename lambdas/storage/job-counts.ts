/**
 * Keeps each company's `job_count` (and so its place in the listed-companies index) equal to its
 * number of open jobs. Used by the seed after loading jobs, and by the crawler after a run.
 * Works on the ports only (shared/jobs/job-ports.ts, shared/companies/company-ports.ts).
 */
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { JobRepository } from '../../shared/jobs/job-ports';

/**
 * Counts open jobs per company (one Query of the open index), then rewrites every company whose
 * stored `job_count` differs. Returns the number of companies rewritten.
 */
export const recountOpenJobs = async (repos: { jobs: JobRepository; companies: CompanyRepository }): Promise<number> => {
  const counts = new Map<string, number>();
  for (const summary of await repos.jobs.listOpenSummaries()) {
    counts.set(summary.company_key, (counts.get(summary.company_key) ?? 0) + 1);
  }
  const changed = (await repos.companies.listAll()).flatMap((company) => {
    const jobCount = counts.get(company.company_key) ?? 0;
    return jobCount === company.job_count ? [] : [{ ...company, job_count: jobCount }];
  });
  await repos.companies.putMany(changed);
  return changed.length;
};
