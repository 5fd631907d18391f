/**
 * /company/{company_name}: one company from `GET /api/companies/{name}`: its facts table,
 * 'Open Job Positions: N jobs', department tabs with counts (All first) and the job cards of
 * the selected tab. Title, description and the canonical link name the company. The data
 * comes from the route's `loader` (server-rendered on first load); an unknown company is the
 * 404 page and a failed load the error box (the route table's error boundary).
 */
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getCompany, type CompanyWithJobs } from '../../api/companies';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { JobCard } from '../../ui/JobCard';
import { CompanyFacts } from './CompanyFacts';
import { companyPath } from '../../ui/companyItemList';
import { CompanyLogo } from '../../ui/CompanyLogo';
import { DepartmentTabs, type Tab } from './DepartmentTabs';
import { jobCountLabel } from './jobCountLabel';
import styles from './CompanyPage.module.css';

const ALL_TAB = 'All';

/** 'Cohere is hiring: 71 open AI and tech jobs (ML, Engineering, Sales…). LLM Foundation Model company based in Toronto, Canada.' */
function describeCompany(company: CompanyWithJobs): string {
  const departments = [...company.jobs].sort((a, b) => b.jobs.length - a.jobs.length).slice(0, 3).map((group) => group.department);
  const about = [company.ai_category && `${company.ai_category} company`, company.hq && `based in ${company.hq}`].filter(Boolean).join(' ');
  return `${company.company_name} is hiring: ${jobCountLabel(company.job_count)} open${departments.length ? ` in ${departments.join(', ')}` : ''}.${about ? ` ${about}.` : ''}`;
}

interface CompanyPageData {
  company: CompanyWithJobs;
  /** UTC ISO-8601 time of the load: the cards' "posted ago" reads the same on server and browser. */
  now: string;
}

/** The company named in the path, with its open jobs by department. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<CompanyPageData> {
  const company = await routeData(getCompany(params.name ?? '', request.signal));
  return { company, now: new Date().toISOString() };
}

export function CompanyPage() {
  const { company, now } = useLoaderData<CompanyPageData>();
  useDocumentMeta(`${company.company_name} Jobs | Latent Jobs`, describeCompany(company), { canonical: companyPath(company.company_name) });
  return <CompanyDetails key={company.company_name} company={company} now={new Date(now)} />;
}

function CompanyDetails({ company, now }: { company: CompanyWithJobs; now: Date }) {
  const [tab, setTab] = useState(ALL_TAB);
  const tabs: Tab[] = [
    { id: ALL_TAB, label: 'All', count: company.job_count },
    ...company.jobs.map((group) => ({ id: group.department, label: group.department, count: group.jobs.length })),
  ];
  const jobs = tab === ALL_TAB ? company.jobs.flatMap((group) => group.jobs).sort((a, b) => b.date_posted.localeCompare(a.date_posted)) : (company.jobs.find((group) => group.department === tab)?.jobs ?? []);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <CompanyLogo src={company.company_logo} name={company.company_name} size={72} />
        <div>
          <h1 className={styles.name}>{company.company_name}</h1>
          {company.company_url && (
            <a className={styles.website} href={company.company_url} target="_blank" rel="noopener noreferrer">
              {new URL(company.company_url).hostname.replace(/^www\./, '')}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </header>

      <CompanyFacts company={company} />

      <h2 className={styles.openings}>
        Open Job Positions: <span className={styles.openingsCount}>{jobCountLabel(company.job_count)}</span>
      </h2>

      {company.jobs.length === 0 ? (
        <p className={styles.none}>No open positions right now.</p>
      ) : (
        <DepartmentTabs label="Departments" tabs={tabs} selected={tab} onSelect={setTab}>
          <ol className={styles.jobs}>
            {jobs.map((job) => (
              <li key={job.slug_url}>
                <JobCard job={job} now={now} />
              </li>
            ))}
          </ol>
        </DepartmentTabs>
      )}
    </div>
  );
}
