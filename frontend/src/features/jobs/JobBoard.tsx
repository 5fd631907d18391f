/**
 * A searchable, paged list of jobs whose state lives in the URL (`?search=`, `?department=`,
 * `?page=`): the count header, the search box, 'Results for "..."', the cards, the pager, the
 * loading spinner and 'No results found.' with Clear filters (Refresh when nothing narrowed the list). The jobs come from the page's route
 * loader (./jobListLoader.ts); a failed load is the route's error box, alone.
 * The home page uses it as is; issue 3's /remote_jobs and /engineering_jobs pass `fixed` filters.
 * The filter bar (ui/job-search/FilterBar.tsx) and its chips sit under the search; every filter is in the URL.
 * "Create alert" (ui/alerts/CreateAlert.tsx) at the end of the filters saves the list's search.
 * `afterHero` (the home page's job-alerts banner) shows between the filters and the results (on a
 * phone, ≤ 640 px, after them), and below the results once a search or filter is set, so the
 * first results stay in view. On a phone the filter bar is folded behind a "Filters" button.
 * With a fixed department the URL's `?department=` is ignored, also in 'Results for'. `toolbar`
 * (/remote_jobs' "Remote only") sits under the filter bar.
 */
import { useEffect, type ReactNode } from 'react';
import { useLoaderData, useLocation } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { JobCard } from '../../ui/JobCard';
import { Pagination } from '../../ui/job-search/Pagination';
import { FilterBar } from '../../ui/job-search/FilterBar';
import { CreateAlert } from '../../ui/alerts/CreateAlert';
import { NoResults } from '../../ui/job-search/NoResults';
import { FiltersDisclosure } from '../../ui/job-search/FiltersDisclosure';
import { filterChips } from '../../ui/job-search/filterChips';
import { SearchBox } from './SearchBox';
import { pageCount } from '../../ui/job-search/pageWindow';
import type { JobListData } from './jobListLoader';
import { hasFilters, PAGE_SIZE, type FixedFilters, type JobSearchState } from '../../ui/job-search/jobSearchParams';
import { useJobSearchUrl } from '../../ui/job-search/useJobSearchUrl';
import styles from './JobBoard.module.css';
import hero from '../../ui/PageHero.module.css';

/** "1,333 Jobs Found", "1 Job Found". */
export const jobsFound = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'Job' : 'Jobs'} Found`;

/** 'Results for "Cohere"', 'Results for "Engineering"', 'Results for "Cohere" in Engineering', or null with neither. */
export function resultsFor({ search, department }: Pick<JobSearchState, 'search' | 'department'>): string | null {
  if (search && department) return `Results for "${search}" in ${department}`;
  if (search || department) return `Results for "${search || department}"`;
  return null;
}

export function JobBoard({ intro, fixed, afterHero, toolbar }: { intro?: string; fixed?: FixedFilters; afterHero?: ReactNode; toolbar?: ReactNode }) {
  const { pathname } = useLocation();
  // While a new search, filter or page of this list loads, the count stays and the cards wait;
  // the filters show the change at once.
  const { state: fromUrl, filters, loading, changeFilters, search: searchFor, showPage } = useJobSearchUrl();
  const state = fixed?.departments ? { ...fromUrl, department: null } : fromUrl;
  const { search, department, page } = state;
  const narrowed = search !== '' || hasFilters(state);
  const data = useLoaderData<JobListData>();
  const now = new Date(data.now);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [search, department, page]);

  const heading = jobsFound(data.page.count);
  const shownFilters = fixed?.departments ? { ...filters, department: null } : filters;
  const results = resultsFor(state);

  return (
    <div className={styles.board}>
      <section className={hero.hero} aria-labelledby="jobs-found">
        <h1 id="jobs-found" className={hero.count} aria-live="polite">
          {heading}
        </h1>
        {intro && <p className={hero.intro}>{intro}</p>}
        <SearchBox key={search} initial={search} onSearch={searchFor} />
      </section>

      <FiltersDisclosure active={filterChips(shownFilters, { hideDepartment: fixed?.departments != null, hideWorkplace: fixed?.is_remote != null }).length}>
        <FilterBar
          state={shownFilters}
          facets={data.page.facets ?? null}
          payHistogram={data.page.pay_histogram ?? null}
          onChange={changeFilters}
          fixedWorkplace={fixed?.is_remote != null}
          fixedDepartment={fixed?.departments != null}
          actions={<CreateAlert state={state} fixed={fixed} />}
        />
      </FiltersDisclosure>
      {toolbar && <div className={styles.toolbar}>{toolbar}</div>}

      {!narrowed && afterHero && <div className={styles.afterHero}>{afterHero}</div>}

      {results && <h2 className={styles.results}>{results}</h2>}

      {loading && <Spinner label="Loading jobs" />}
      {!loading &&
        (data.page.jobs.length === 0 ? (
          <NoResults to={pathname} narrowed={narrowed} />
        ) : (
          <>
            <ol className={styles.list} start={(page - 1) * PAGE_SIZE + 1}>
              {data.page.jobs.map((job) => (
                <li key={`${job.company_name}${job.slug_url}`}>
                  <JobCard job={job} now={now} />
                </li>
              ))}
            </ol>
            <Pagination page={page} totalPages={pageCount(data.page.count, PAGE_SIZE)} onPage={showPage} />
          </>
        ))}

      {narrowed && afterHero}
    </div>
  );
}
