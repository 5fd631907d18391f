/**
 * One page of a job list for a route loader: `POST /api/jobs` for the list's URL state with the
 * page's fixed filters winning (./jobSearchParams.ts `toJobQuery`), `pageSize` jobs a page.
 * A department the API does not know (it answers 400 naming it) is an empty list, so
 * `?department=Nonsense` reads "No results found."; other failures throw as api/route-data.ts
 * says (the page becomes the error box alone).
 */
import { ApiError } from '../../api/http';
import { searchJobs, type JobPage } from '../../api/jobs';
import { routeData } from '../../api/route-data';
import { PAGE_SIZE, toJobQuery, type FixedFilters, type JobSearchState } from './jobSearchParams';

const NO_JOBS: JobPage = { count: 0, jobs: [], facets: { department: {}, workplace: {}, seniority: {}, employment_type: {}, country: {} }, pay_histogram: { bands: [], without_pay: 0 } };

export const loadJobPage = (state: JobSearchState, fixed: FixedFilters, signal: AbortSignal, pageSize = PAGE_SIZE): Promise<JobPage> =>
  routeData(
    searchJobs(toJobQuery(state, fixed, pageSize), signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 400 && state.department !== null) return NO_JOBS;
      throw error;
    }),
  );
