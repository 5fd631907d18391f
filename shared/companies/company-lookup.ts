import type { CompanyRepository } from './company-ports';
import { companyKey } from './company';

/**
 * The stored key of a listed company shown under `name` when that name's own key is not its key:
 * a company renamed after its key was set keeps the key, so its old addresses stay valid, while
 * the site links it by its new name (the seed names "hcompany" "H Company": key "hcompany",
 * `companyKey("H Company")` = "h company"). One Query of the listed companies; for a lookup that
 * missed by `companyKey(name)` only. Null when no listed company has that name.
 */
export const renamedCompanyKey = async (name: string, companies: Pick<CompanyRepository, 'listListed'>): Promise<string | null> => {
  const wanted = companyKey(name);
  const listed = await companies.listListed();
  const match = listed.find((company) => companyKey(company.company_name) === wanted && company.company_key !== wanted);
  return match?.company_key ?? null;
};
