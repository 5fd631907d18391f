/**
 * One company on /companies: logo (or a blank circle), name, 'N jobs', headquarters and AI
 * category, the whole card a link to the company's page `/company/{name}`.
 */
import { Link } from 'react-router';
import type { PublicCompany } from '../../api/companies';
import { track } from '../../analytics/track';
import { companyPath } from '../../ui/companyItemList';
import { CompanyLogo } from '../../ui/CompanyLogo';
import { jobCountLabel } from './jobCountLabel';
import styles from './CompaniesPage.module.css';

export function CompanyCard({ company }: { company: PublicCompany }) {
  return (
    <Link className={styles.card} to={companyPath(company.company_name)} onClick={() => track({ name: 'company_card_click', company: company.company_name })}>
      <CompanyLogo src={company.company_logo} name={company.company_name} size={56} />
      {/* A div, not a span: the heading is flow content, which a span may not hold. */}
      <div className={styles.cardBody}>
        <h2 className={styles.name}>{company.company_name}</h2>
        <span className={styles.jobs}>{jobCountLabel(company.job_count)}</span>
        {company.hq && <span className={styles.hq}>{company.hq}</span>}
        {company.ai_category && <span className={styles.category}>{company.ai_category}</span>}
      </div>
    </Link>
  );
}
