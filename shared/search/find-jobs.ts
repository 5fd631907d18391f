import type { JobRepository } from '../jobs/job-ports';
import type { Clock } from '../time/clock';
import { toPublicJob, toPublicListJob, type PublicListJob } from '../jobs/job';
import { JobQuerySchema, joinSearchText, type JobPage, type JobQuery } from './job-query';
import type { JobIndex, JobSearchQuery } from './job-search';
import { toIndexFilters } from './filters/search-filters';
import type { JobSummary } from '../jobs/job-summary';

/** What findJobs needs of the search index (shared/search's `JobIndex` provides it). */
export type JobSearch = Pick<JobIndex, 'search' | 'payEstimate'>;

export interface FindJobsDeps {
  /** The search index over every open job's summary. */
  index: JobSearch;
  /** Read only when the query asks for descriptions (`include_description`). */
  jobs: Pick<JobRepository, 'getMany'>;
  /** Now, for the filters that read the clock (`posted_within_days`, `exclude_ghost`). */
  clock: Clock;
}

/** The list form of each summary the index holds, made once and frozen: answers share it (and callers may serialise it once). */
const listForms = new WeakMap<JobSummary, PublicListJob>();

const listFormOf = (summary: JobSummary): PublicListJob => {
  let job = listForms.get(summary);
  if (job === undefined) {
    job = Object.freeze(toPublicListJob(summary));
    listForms.set(summary, job);
  }
  return job;
};

/** The index query for a validated `POST /jobs` body at `now` (each filter as its declaration says, shared/search/filters/). */
export const toSearchQuery = (query: JobQuery, now: Date): JobSearchQuery => ({
  ...toIndexFilters(query, now),
  text: joinSearchText(query.search),
  sort: query.sort,
  page: query.page,
  pageSize: query.page_size,
});

/**
 * `POST /jobs`: one page of open jobs matching a query, the count of all that match, and the
 * facet counts (see `JobQuerySchema` and `JobFacets` in job-query.ts for every field).
 *
 * `body` is the parsed request body (undefined or null means every default: page 0, 20 a
 * page, no search, no filters). The jobs come from the index's summaries, without their
 * description, so a search reads no storage (each summary's list form is made once and
 * frozen, so it is shared between answers); with `include_description: true` the page's
 * jobs are read from storage, and one closed since the index was built is left out (the
 * count catches up when the index is rebuilt).
 *
 * Throws `ZodError` (answered 400 naming the field) when the body breaks the schema:
 * unknown field, wrong type, page_size > 240, posted_within_days outside 1–90, an unknown country code.
 */
export const findJobs = async (body: unknown, deps: FindJobsDeps): Promise<JobPage> => {
  const query = JobQuerySchema.parse(body ?? {});
  const { summaries, keys, count, facets, payHistogram } = deps.index.search(toSearchQuery(query, deps.clock()));
  if (query.include_description !== true) return { jobs: summaries.map(listFormOf), count, facets, pay_histogram: payHistogram };
  const jobs = await deps.jobs.getMany(keys);
  return { jobs: jobs.filter((job) => job.closed_at === null).map((job) => toPublicJob(job, deps.index.payEstimate(job))), count, facets, pay_histogram: payHistogram };
};
