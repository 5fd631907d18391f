/**
 * /company/{company_name}: one company from `GET /api/companies/{name}`: its facts table and
 * 'Open Job Positions: N jobs'; then its jobs from `POST /api/jobs` (restricted to the company)
 * under the job boards' filter bar (ui/job-search/FilterBar.tsx): department tabs with counts
 * (All first) and the job cards of the selected tab, 10 a page. The tab, every
 * filter and the page live in the URL (`?department=ML&seniority=senior&page=2`), as on the
 * boards; the counts on the tabs and beside the options are the API's facets for the current
 * filters. Title, description and the canonical link name the company. The data comes from the
 * route's `loader` (server-rendered on first load, then loaded again on each tab, filter or page
 * change); an unknown company is the 404 page and a failed load the error box (the route table's
 * error boundary).
 *
 * The loader keeps only what the page shows, since the server render embeds its data for
 * hydration (issue 19.5): the company's facts and its departments with their job counts (not
 * every job that `GET /api/companies/{name}` lists), and the one page of jobs from
 * `POST /api/jobs` with the fields their cards read.
 */
import { useEffect, useRef } from 'react';
import { useLoaderData, useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { getCompany, type CompanyWithJobs, type DepartmentJobs, type PublicCompany } from '../../api/companies';
import type { JobPage } from '../../api/jobs';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { cardJob, JobCard, type CardJob } from '../../ui/JobCard';
import { Spinner } from '../../ui/Spinner';
import { FilterBar } from '../../ui/job-search/FilterBar';
import { CreateAlert } from '../../ui/alerts/CreateAlert';
import { FiltersDisclosure } from '../../ui/job-search/FiltersDisclosure';
import { filterChips } from '../../ui/job-search/filterChips';
import { feedLinks, readJobSearch, type FixedFilters, type JobSearchState } from '../../ui/job-search/jobSearchParams';
import { loadJobPage } from '../../ui/job-search/loadJobPage';
import { NoResults } from '../../ui/job-search/NoResults';
import { Pagination } from '../../ui/job-search/Pagination';
import { pageCount } from '../../ui/job-search/pageWindow';
import { useJobSearchUrl } from '../../ui/job-search/useJobSearchUrl';
import { CompanyFacts } from './CompanyFacts';
import { companyPath } from '../../ui/companyItemList';
import { CompanyLogo } from '../../ui/CompanyLogo';
import { DepartmentTabs, type Tab } from './DepartmentTabs';
import { jobCountLabel } from './jobCountLabel';
import styles from './CompanyPage.module.css';

/**
 * A company's jobs on one page: 10, so that its server-rendered page (the cards' markup and their
 * hydration data, about 2 KB a job, beside 35 KB of layout, stylesheets, filters and facets) stays
 * within 60 KB of HTML (issue 19.5); the boards show 20.
 */
const PAGE_SIZE = 10;
const ALL_TAB = 'All';

/** What the page shows of a company: its facts, and the departments it has open jobs in (taxonomy order) with how many. */
type CompanySummary = PublicCompany & { departments: { department: DepartmentJobs['department']; jobs: number }[] };

/** `company` without its jobs, each department with its number of open jobs instead. */
const summarise = ({ jobs, ...facts }: CompanyWithJobs): CompanySummary => ({ ...facts, departments: jobs.map((group) => ({ department: group.department, jobs: group.jobs.length })) });

/** 'Cohere is hiring: 71 open AI and tech jobs (ML, Engineering, Sales…). LLM Foundation Model company based in Toronto, Canada.' */
function describeCompany(company: CompanySummary): string {
  const departments = [...company.departments].sort((a, b) => b.jobs - a.jobs).slice(0, 3).map((group) => group.department);
  const about = [company.ai_category && `${company.ai_category} company`, company.hq && `based in ${company.hq}`].filter(Boolean).join(' ');
  return `${company.company_name} is hiring: ${jobCountLabel(company.job_count)} open${departments.length ? ` in ${departments.join(', ')}` : ''}.${about ? ` ${about}.` : ''}`;
}

/** A page of the company's jobs, each with what its card reads. */
type CompanyJobPage = Omit<JobPage, 'jobs'> & { jobs: CardJob[] };

interface CompanyPageData {
  company: CompanySummary;
  /** The page of the company's jobs the URL asks for, with the facet counts. */
  jobs: CompanyJobPage;
  /** UTC ISO-8601 time of the load: the cards' "posted ago" reads the same on server and browser. */
  now: string;
}

/** The list's state, its department kept only when the company has jobs there (else All, as `?department=Nonsense` shows). */
const companySearch = (company: CompanySummary, state: JobSearchState): JobSearchState =>
  company.departments.some((group) => group.department === state.department) ? state : { ...state, department: null };

/** The jobs of the company only: its name wins over any `companies` in the URL. */
const onlyCompany = (company: CompanySummary): FixedFilters => ({ companies: [company.company_name] });

/** The company named in the path, then the page of its jobs the URL's tab and filters ask for. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<CompanyPageData> {
  const company = summarise(await routeData(getCompany(params.name ?? '', request.signal)));
  const state = companySearch(company, readJobSearch(new URL(request.url).searchParams));
  const page = await loadJobPage(state, onlyCompany(company), request.signal, PAGE_SIZE);
  return { company, jobs: { ...page, jobs: page.jobs.map(cardJob) }, now: new Date().toISOString() };
}

export function CompanyPage() {
  const { company, jobs, now } = useLoaderData<CompanyPageData>();
  const [params] = useSearchParams();
  useDocumentMeta(`${company.company_name} Jobs | Latent Jobs`, describeCompany(company), {
    canonical: companyPath(company.company_name),
    alternates: feedLinks(companySearch(company, readJobSearch(params)), onlyCompany(company), `${company.company_name} jobs`),
  });
  return <CompanyDetails key={company.company_name} company={company} jobs={jobs} now={new Date(now)} />;
}

function CompanyDetails({ company, jobs, now }: { company: CompanySummary; jobs: CompanyJobPage; now: Date }) {
  const { pathname } = useLocation();
  const url = useJobSearchUrl();
  const { loading, changeFilters, showPage } = url;
  const state = companySearch(company, url.state);
  const filters = companySearch(company, url.filters);
  const counts = jobs.facets.department;
  // Tabs for the departments the company hires in, in taxonomy order, counted under the current
  // filters; one the filters leave empty is left out unless it is the selected one.
  const tabs: Tab[] = [
    { id: ALL_TAB, label: 'All', count: Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) },
    ...company.departments
      .map((group) => ({ id: group.department, label: group.department, count: counts[group.department] ?? 0 }))
      .filter((tab) => tab.count > 0 || tab.id === filters.department),
  ];
  const listTop = useRef<HTMLDivElement>(null);
  const shownPage = useRef(state.page);
  useEffect(() => {
    // A page turn (not a tab or filter change) brings the list's top into view.
    if (state.page !== shownPage.current) listTop.current?.scrollIntoView({ block: 'start' });
    shownPage.current = state.page;
  }, [state.page]);

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

      {company.departments.length === 0 ? (
        <p className={styles.none}>No open positions right now.</p>
      ) : (
        <>
          <FiltersDisclosure active={filterChips(filters, { hideDepartment: true, hideCompanies: true }).length}>
            <FilterBar
              state={filters}
              facets={jobs.facets}
              payHistogram={jobs.pay_histogram}
              onChange={changeFilters}
              fixedDepartment
              fixedCompany
              actions={<CreateAlert state={state} fixed={onlyCompany(company)} />}
            />
          </FiltersDisclosure>
          <div ref={listTop}>
            <DepartmentTabs label="Departments" tabs={tabs} selected={filters.department ?? ALL_TAB} onSelect={(id) => changeFilters({ department: id === ALL_TAB ? null : id })}>
              {loading ? (
                <Spinner label="Loading jobs" />
              ) : jobs.jobs.length === 0 ? (
                <NoResults to={pathname} narrowed />
              ) : (
                <>
                  <ol className={styles.jobs}>
                    {jobs.jobs.map((job) => (
                      <li key={job.slug_url}>
                        <JobCard job={job} now={now} />
                      </li>
                    ))}
                  </ol>
                  {jobs.count > PAGE_SIZE && <Pagination page={state.page} totalPages={pageCount(jobs.count, PAGE_SIZE)} onPage={showPage} />}
                </>
              )}
            </DepartmentTabs>
          </div>
        </>
      )}
    </div>
  );
}
