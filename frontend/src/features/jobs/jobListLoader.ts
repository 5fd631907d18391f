/**
 * The data of a job list page (/, /remote_jobs, /engineering_jobs), loaded by the route before
 * the page renders (on the server for the first page, in the browser on each search, filter or
 * page change): `jobListLoader(fixed)` → a route loader reading the list's state from the URL
 * (ui/job-search/jobSearchParams.ts), with the page's `fixed` filters winning, and answering one page of
 * `POST /api/jobs` (ui/job-search/loadJobPage.ts: an unknown department is an empty list) plus
 * `now`, the time the cards' "posted 3 days ago" is written as of.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { JobPage } from '../../api/jobs';
import { readJobSearch, type FixedFilters } from '../../ui/job-search/jobSearchParams';
import { loadJobPage } from '../../ui/job-search/loadJobPage';

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
    return { page: await loadJobPage(state, fixed, request.signal), now: new Date().toISOString() };
  };
