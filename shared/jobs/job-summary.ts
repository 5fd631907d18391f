import type { Department } from '../departments/department';
import type { Job, Workplace } from './job';

/**
 * The slice of a job that search needs to match, filter and rank it, without the
 * description. The search index holds these; full jobs are read by key for a page.
 */
export interface JobSummary {
  company_key: string;
  slug_url: string;
  job_title: string;
  company_name: string;
  department: Department;
  workplace_type: Workplace;
  /** UTC ISO-8601; newer ranks first among equally relevant jobs. */
  date_posted: string;
  /** Place labels, e.g. ["San Francisco, CA, US"]. */
  locations: string[];
  skills: string[];
}

/** The attributes of a stored job that make up its summary (used for index projections too). */
export const JOB_SUMMARY_FIELDS = [
  'company_key',
  'slug_url',
  'job_title',
  'company_name',
  'department',
  'workplace_type',
  'date_posted',
  'locations',
  'skills',
] as const satisfies readonly (keyof Job)[];

export const toJobSummary = (job: Job): JobSummary => ({
  company_key: job.company_key,
  slug_url: job.slug_url,
  job_title: job.job_title,
  company_name: job.company_name,
  department: job.department,
  workplace_type: job.workplace_type,
  date_posted: job.date_posted,
  locations: job.locations.map((place) => place.label),
  skills: job.skills,
});

/** A job's identity on the site: its company key and slug. */
export interface JobKey {
  company_key: string;
  slug_url: string;
}
