/**
 * Every open job's summary as search needs it. Summaries that lack a field (projected by a
 * storage index, or saved in a snapshot, before the field was part of the summary) are completed
 * from the stored jobs, so an older index projection or snapshot never breaks a search; a job
 * found closed meanwhile is left out.
 */
import { JOB_SUMMARY_FIELDS, toJobSummary, type JobSummary } from '../../shared/jobs/job-summary';
import type { JobRepository } from '../../shared/jobs/job-ports';

const lacksAField = (summary: JobSummary): boolean => JOB_SUMMARY_FIELDS.some((field) => summary[field] === undefined);

/** `summaries`, with those lacking a field replaced by the stored job's full summary. */
export const completeSummaries = async (jobs: Pick<JobRepository, 'getMany'>, summaries: readonly JobSummary[]): Promise<readonly JobSummary[]> => {
  const lacking = summaries.filter(lacksAField);
  if (lacking.length === 0) return summaries;
  const full = new Map((await jobs.getMany(lacking)).map((job) => [`${job.company_key}${job.slug_url}`, toJobSummary(job)]));
  return summaries.flatMap((summary) => {
    if (!lacksAField(summary)) return [summary];
    const found = full.get(`${summary.company_key}${summary.slug_url}`);
    return found === undefined || found.closed_at !== null ? [] : [found];
  });
};

/** Every open job's summary from storage, completed. */
export const listOpenSummaries = async (jobs: Pick<JobRepository, 'listOpenSummaries' | 'getMany'>): Promise<readonly JobSummary[]> =>
  completeSummaries(jobs, await jobs.listOpenSummaries());
