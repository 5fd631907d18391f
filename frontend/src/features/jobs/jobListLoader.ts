/**
 * The data of a job list page (/, /remote_jobs, /engineering_jobs), loaded by the route before
 * the page renders (on the server for the first page, in the browser on each search, filter or
 * page change): `jobListLoader(fixed)` → a route loader reading the list's state from the URL
 * (./jobSearchParams.ts), with the page's `fixed` filters winning, and answering one page of
 * `POST /api/jobs` plus `now`, the time the cards' "posted 3 days ago" is written as of.
 *
 * A department the API does not know (it answers 400 naming it) is an empty list, so
 * `?department=Nonsense` reads "No results found."; other failures throw as
 * api/route-data.ts says (the page becomes the error box alone).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/http';
import { searchJobs, type JobPage } from '../../api/jobs';
import { routeData } from '../../api/route-data';
import { readJobSearch, toJobQuery, type FixedFilters } from './jobSearchParams';

export interface JobListData {
  page: JobPage;
  /** UTC ISO-8601 time of the load. */
  now: string;
}

export const jobListLoader =
  (fixed: FixedFilters = {}) =>
  async ({ request }: LoaderFunctionArgs): Promise<JobListData> => {
    const fromUrl = readJobSearch(new URL(request.url).searchParams);
    const state = fixed.departments ? { ...fromUrl, department: null } : fromUrl;
    const page = await routeData(
      searchJobs(toJobQuery(state, fixed), request.signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && state.department !== null) return { count: 0, jobs: [] } as unknown as JobPage;
        throw error;
      }),
    );
    return { page, now: new Date().toISOString() };
  };
