/**
 * Typed clients for `POST /api/jobs` and `GET /api/jobs/{company}/{slug}`. The request and
 * response types come from shared/ as type-only imports, so zod (the schemas' runtime) stays out of the browser bundle.
 */
import type { PublicJob } from '../../../shared/jobs/job';
import type { JobPage, JobQueryInput } from '../../../shared/search/job-query';
import { getJson, postJson } from './http';

export type { JobPage, JobQueryInput, PublicJob };

/**
 * One page of jobs matching `query` (`page` zero-based, `page_size` 1–240) and the count of all matches.
 * @throws ApiError when the API answers an error (400 names the bad field) or cannot be reached.
 */
export const searchJobs = (query: JobQueryInput, signal?: AbortSignal): Promise<JobPage> =>
  postJson<JobPage>('/jobs', query, signal);

/**
 * One job, open or closed (`closed_at`): `company` is the company's name (any case), `slug` its `slug_url` without the leading "/".
 * @throws ApiError, status 404 when the job is unknown.
 */
export const getJob = (company: string, slug: string, signal?: AbortSignal): Promise<PublicJob> =>
  getJson<PublicJob>(`/jobs/${encodeURIComponent(company)}/${encodeURIComponent(slug.replace(/^\/+/, ''))}`, signal);
