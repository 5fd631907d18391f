import type { Department } from '../departments/department';
import type { JobRepository } from '../ports';
import { joinSearchText } from '../search/search-terms';
import { toPublicJob, type Workplace } from './job';
import { JobQuerySchema, type JobPage } from './job-query';
import type { JobKey } from './job-summary';

/**
 * What findJobs needs of the search index (shared/search's `JobIndex` provides it): the keys
 * of one page of matches, ranked, and the count of all matches. `page` is zero-based.
 */
export interface JobSearch {
  search(query: {
    /** Free text; null or blank: every job that passes the filters. */
    text: string | null;
    departments: readonly Department[] | null;
    workplaces: readonly Workplace[] | null;
    page: number;
    pageSize: number;
  }): { keys: JobKey[]; count: number } | Promise<{ keys: JobKey[]; count: number }>;
}

export interface FindJobsDeps {
  /** The search index over every open job's summary. */
  index: JobSearch;
  jobs: Pick<JobRepository, 'getMany'>;
}

/**
 * `POST /jobs`: one page of open jobs matching a query, and the count of all that match.
 *
 * `body` is the parsed request body (see `JobQuerySchema`; undefined or null means every
 * default: page 0, 20 a page, no search, no filters). The words of every `search` entry must
 * all match (title, company, location, skills); `departments` and `is_remote` filter.
 * Results are ranked by relevance, then newest. A job closed since the index was built is
 * left out of the page (the count catches up when the index is rebuilt).
 *
 * Throws `ZodError` when the body breaks the schema (unknown field, wrong type, page_size > 240).
 */
export const findJobs = async (body: unknown, deps: FindJobsDeps): Promise<JobPage> => {
  const query = JobQuerySchema.parse(body ?? {});
  const { keys, count } = await deps.index.search({
    text: joinSearchText(query.search),
    departments: query.departments,
    workplaces: query.is_remote,
    page: query.page,
    pageSize: query.page_size,
  });
  const jobs = await deps.jobs.getMany(keys);
  return { jobs: jobs.filter((job) => job.closed_at === null).map(toPublicJob), count };
};
