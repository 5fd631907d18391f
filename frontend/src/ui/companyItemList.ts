/**
 * The schema.org ItemList the /companies page carries as JSON-LD: one ListItem per company,
 * in the order shown, each naming the company and the absolute URL of its page
 * (https://schema.org/ItemList; Google's summary-page carousel form: ListItem with position and url).
 */
import type { PublicCompany } from '../api/companies';
import { companyPagePath } from '../../../shared/seo/page-paths';

export interface CompanyItemListJsonLd {
  '@context': 'https://schema.org';
  '@type': 'ItemList';
  name: string;
  numberOfItems: number;
  itemListElement: { '@type': 'ListItem'; position: number; name: string; url: string }[];
}

/** The site path of a company's page: '/company/' + the URL-encoded name, e.g. '/company/Physical%20Intelligence'. */
export const companyPath = companyPagePath;

/** The ItemList of `companies` (positions from 1) with URLs on `origin`, e.g. 'https://latentjobs.com'. */
export function companyItemList(companies: readonly Pick<PublicCompany, 'company_name'>[], origin: string): CompanyItemListJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Top AI companies hiring',
    numberOfItems: companies.length,
    itemListElement: companies.map((company, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: company.company_name,
      url: new URL(companyPath(company.company_name), origin).href,
    })),
  };
}
