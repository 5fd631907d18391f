import type { z } from 'zod';
import { JobSchema, type Job, type PayEstimate } from './job';

/**
 * The slice of a job that search needs to match, filter, rank and list it: every field of
 * `JobSchema` but the description (the bulk of a job; the job page reads it by key) and the
 * source's own department name, nor what the source published (`raw`). The search index holds these, and a list answer is built from
 * them alone (no storage read per search).
 */
export const JobSummarySchema = JobSchema.omit({ description: true, source_department: true, raw: true });
/**
 * A summary as the search index holds it: `pay_estimate` is set by the index when it is built
 * (shared/pay/pay-estimate.ts: it is worked out over the whole catalog), never stored.
 */
export type JobSummary = z.infer<typeof JobSummarySchema> & { pay_estimate?: PayEstimate | null };

/** The attributes of a stored job that make up its summary (the open-jobs index projects a frozen copy: lambdas/storage/tables.ts). */
export const JOB_SUMMARY_FIELDS = Object.keys(JobSummarySchema.shape) as readonly (keyof z.infer<typeof JobSummarySchema>)[];

/**
 * A job's summary. Tolerates items stored before the derived fields existed (as read from an
 * index projection): those take the schema's defaults (null, visa 'unknown').
 */
export const toJobSummary = (job: Job): JobSummary => {
  const summary = {} as Record<string, unknown>;
  for (const field of JOB_SUMMARY_FIELDS) summary[field] = job[field];
  summary.seniority ??= null;
  summary.remote_eligibility ??= null;
  summary.salary_usd_year ??= null;
  summary.years_experience ??= null;
  summary.visa_sponsorship ??= 'unknown';
  // No default for description_terms: a job still in the retired open-jobs index, or stored before
  // the field existed, lacks it, and the warm index reads it from the job (lambdas/search/warm-job-index.ts).
  return summary as JobSummary;
};

/** A job's identity on the site: its company key and slug. */
export interface JobKey {
  company_key: string;
  slug_url: string;
}
