/**
 * Where a job card leads: the job's page on our site, and the Apply target (the original's rule).
 * How the job's fields read lives in shared/format (the same words on cards, job pages and emails).
 */
import type { PublicJob } from '../../../shared/jobs/job';
import { jobPagePath as pagePath } from '../../../shared/seo/page-paths';

/** Our page for a job, e.g. '/jobs/Prime%20Intellect/ml-engineer-443368a3'; null when the job has no slug. */
export function jobPagePath(job: Pick<PublicJob, 'company_name' | 'slug_url'>): string | null {
  return job.slug_url ? pagePath(job) : null;
}

/** Where Apply Now leads: our own job page when the job has a slug, else the employer's page in a new tab. */
export type ApplyTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/** e.g. { kind: 'internal', path: '/jobs/Cohere/ml-engineer-443368a3' } for company 'Cohere' and slug '/ml-engineer-443368a3'. */
export function applyTarget(job: Pick<PublicJob, 'company_name' | 'slug_url' | 'job_url'>): ApplyTarget {
  const path = jobPagePath(job);
  return path ? { kind: 'internal', path } : { kind: 'external', url: job.job_url };
}
