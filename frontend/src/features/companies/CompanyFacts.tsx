/**
 * A company's facts as a table: those of Year Founded, Employees, Funding, Funding Stage, HQ and
 * AI Category that we know, in that order; nothing at all when we know none (most companies of
 * the board lists have no published profile), never a row of dashes.
 */
import type { PublicCompany } from '../../api/companies';
import styles from './CompanyPage.module.css';

export function CompanyFacts({ company }: { company: PublicCompany }) {
  const known: [string, string | number | null][] = [
    ['Year Founded', company.year_founded],
    ['Employees', company.employees],
    ['Funding', company.fund],
    ['Funding Stage', company.fund_stage],
    ['HQ', company.hq],
    ['AI Category', company.ai_category],
  ];
  const facts = known.filter((fact): fact is [string, string | number] => fact[1] !== null && fact[1] !== '');
  if (facts.length === 0) return null;
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
                {value}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
