import { z } from 'zod';
import { CompanyNameParamSchema, companyKey } from '../companies/company';
import { NotFoundError } from '../errors';
import { renamedCompanyKey } from '../companies/company-lookup';
import type { CompanyRepository } from '../companies/company-ports';
import type { JobRepository } from '../jobs/job-ports';
import { toPublicJob, type PayEstimate, type PublicJob } from '../jobs/job';
import type { JobKey } from '../jobs/job-summary';

/** Path parameters of `GET /jobs/{company}/{slug}`, as API Gateway hands them over (URL-decoded). */
export const JobPathSchema = z.object({
  company: CompanyNameParamSchema,
  // 300 UTF-16 units are at most 900 UTF-8 bytes: within DynamoDB's 1,024-byte sort key.
  slug: z.string().min(1).max(300),
});

/**
 * `GET /jobs/{company}/{slug}`: one job, open or closed (a closed job carries `closed_at`: its page
 * stays reachable and says so, issue 13.2).
 *
 * `company` is the company's name in any case or accent form (matched through `companyKey`), or
 * the name a renamed company is shown under (shared/companies/company-lookup.ts, with `companies`),
 * `slug` is the job's `slug_url` with or without its leading "/" (the site links
 * `/jobs/{company_name}{slug_url}`, so the slug arrives without it).
 *
 * An open job carries the pay estimate the search index gives it (`payEstimate`, when given).
 *
 * Throws `ZodError` for missing or overlong parameters (the company also once normalised) and `NotFoundError`
 * ("No job 'slug' at company 'name'") when the job is unknown.
 */
export const getJob = async (
  params: unknown,
  deps: { jobs: Pick<JobRepository, 'get'>; companies?: Pick<CompanyRepository, 'listListed'>; payEstimate?: (key: JobKey) => Promise<PayEstimate | null> },
): Promise<PublicJob> => {
  const { company, slug } = JobPathSchema.parse(params);
  const bareSlug = slug.replace(/^\/+/, '');
  const at = (key: string) => deps.jobs.get({ company_key: key, slug_url: `/${bareSlug}` });
  const renamed = async () => {
    const key = deps.companies === undefined ? null : await renamedCompanyKey(company, deps.companies);
    return key === null ? null : at(key);
  };
  const job = (await at(companyKey(company))) ?? (await renamed());
  if (job === null) {
    throw new NotFoundError(`No job '${bareSlug}' at company '${company}'`);
  }
  return toPublicJob(job, job.closed_at === null && deps.payEstimate ? await deps.payEstimate(job) : null);
};
