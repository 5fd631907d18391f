import type { CompanyRepository } from './company-ports';
import { COMPANY_HEADINGS, toPublicCompany, type PublicCompany } from './company';

/** `GET /companies/` response: the table headings and every listed company. */
export interface CompanyList {
  headings: typeof COMPANY_HEADINGS;
  companies: PublicCompany[];
}

/**
 * `GET /companies/`: the companies with at least one open job, most open jobs first, then by
 * name (case-insensitive). `job_count` is the stored count of open jobs.
 */
export const listCompanies = async (deps: { companies: Pick<CompanyRepository, 'listListed'> }): Promise<CompanyList> => {
  const listed = await deps.companies.listListed();
  const companies = [...listed]
    .sort((a, b) => b.job_count - a.job_count || a.company_name.localeCompare(b.company_name, 'en', { sensitivity: 'base' }))
    .map(toPublicCompany);
  return { headings: COMPANY_HEADINGS, companies };
};
