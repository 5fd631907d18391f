/**
 * Typed client for `POST /api/jobs`. The request and response types come from shared/ as
 * type-only imports, so zod (the schemas' runtime) stays out of the browser bundle.
 */
import type { JobPage, JobQueryInput } from '../../../shared/jobs/job-query';
import { postJson } from './http';

export type { JobPage, JobQueryInput };

/**
 * One page of jobs matching `query` (`page` zero-based, `page_size` 1–240) and the count of all matches.
 * @throws ApiError when the API answers an error (400 names the bad field) or cannot be reached.
 */
export const searchJobs = (query: JobQueryInput, signal?: AbortSignal): Promise<JobPage> =>
  postJson<JobPage>('/jobs', query, signal);
