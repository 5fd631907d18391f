/**
 * A company's facts as a table: Year Founded, Employees, Funding, Funding Stage, HQ and
 * AI Category, each a dash when unknown.
 */
import type { PublicCompany } from '../../api/companies';
import styles from './CompanyPage.module.css';

const UNKNOWN = '—';

export function CompanyFacts({ company }: { company: PublicCompany }) {
  const facts: [string, string | number | null][] = [
    ['Year Founded', company.year_founded],
    ['Employees', company.employees],
    ['Funding', company.fund],
    ['Funding Stage', company.fund_stage],
    ['HQ', company.hq],
    ['AI Category', company.ai_category],
  ];
  return (
    <div className={styles.factsWrap}>
      <table className={styles.facts}>
        <caption className="visually-hidden">About {company.company_name}</caption>
        <thead>
          <tr>
            {facts.map(([heading]) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {facts.map(([heading, value]) => (
              <td key={heading} data-label={heading}>
                {value === null || value === '' ? UNKNOWN : value}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
