/**
 * The job page's data (`/jobs/:company/:slug`), loaded before it renders (on the server for the
 * first page, in the browser after): the job, open or closed, from `GET /api/jobs/{company}/{slug}`;
 * for a closed job up to 6 open jobs in its department (newest first, the job itself and its
 * closed siblings left out); the page's absolute URL; and `now`, the one time the page is
 * rendered as of (server and browser then write the same "posted 3 days ago"); and, on the local
 * demo catalog, its capture day (from `GET /api/coverage`, read beside the job).
 *
 * An unknown job answers 410 Gone (jobs are kept once seen, closed ones too, so a job URL the
 * API does not know names a job that no longer exists at all). Other failures throw as
 * api/route-data.ts says.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { getJob, searchJobs, type JobPage, type PublicJob } from '../../api/jobs';
import { ApiError, getJson } from '../../api/http';
import type { CoverageReport } from '../../../../shared/crawl/coverage';
import { routeData } from '../../api/route-data';
import { jobPagePath } from '../../../../shared/seo/page-paths';

/** Similar open jobs shown on a closed job's page. */
export const SIMILAR_JOBS = 6;

/** One job of a list answer (no description). */
export type ListedJob = JobPage['jobs'][number];

export interface JobPageData {
  job: PublicJob;
  /** Open jobs like a closed one; [] for an open job. */
  similar: ListedJob[];
  /** Absolute URL of the page, e.g. 'https://…/jobs/Cohere/ml-engineer-443368a3'. */
  pageUrl: string;
  /** UTC ISO-8601 time the page was loaded. */
  now: string;
  /** The capture day of a demo catalog (shared/crawl/demo-catalog.ts), e.g. "2025-10-28"; null for a crawled one. */
  demoCapturedOn: string | null;
}

/** The job page's site path, e.g. '/jobs/Cohere/ml-engineer-443368a3' (shared/seo/page-paths.ts). */
export const jobPath = jobPagePath;

type JobKey = Pick<PublicJob, 'company_name' | 'slug_url'>;

const sameJob = (a: JobKey, b: JobKey): boolean => a.company_name === b.company_name && a.slug_url === b.slug_url;

/** The demo catalog's capture day from the coverage report (cached by the API), or null; a failed read is no notice. */
const demoCapturedOn = (signal: AbortSignal): Promise<string | null> =>
  getJson<CoverageReport>('/coverage', signal).then(
    (report) => report.demo_catalog?.captured_on ?? null,
    () => null,
  );

export async function loader({ params, request }: LoaderFunctionArgs): Promise<JobPageData> {
  const company = params.company ?? '';
  const slug = params.slug ?? '';
  const demo = demoCapturedOn(request.signal);
  const job = await routeData(
    getJob(company, slug, request.signal).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? new ApiError(410, `No job '${slug}' at '${company}'`) : error;
    }),
  );
  const similar =
    job.closed_at === null
      ? []
      : (
          await routeData(searchJobs({ page: 0, page_size: SIMILAR_JOBS + 1, search: null, departments: [job.department], is_remote: null }, request.signal))
        ).jobs
          .filter((other) => !sameJob(other, job))
          .slice(0, SIMILAR_JOBS);
  return { job, similar, pageUrl: new URL(jobPath(job), request.url).href, now: new Date().toISOString(), demoCapturedOn: await demo };
}
