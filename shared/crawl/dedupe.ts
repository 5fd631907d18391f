import type { Job } from '../jobs/job';
import type { SkippedPosting } from '../sources/build-job';
import { canonicalJobUrl } from '../sources/canonical-url';

/**
 * Deduplication of one board's jobs, and the identity used to match a fetched job with a
 * stored one.
 *
 * Identity (`jobIdentity`): the source ATS and its posting id ("ashby\u0000a1b2..."); when a
 * job has no source id, its canonical apply URL (`canonicalJobUrl`: tracking parameters such as
 * utm_*, gh_src, lever-source, the fragment and a trailing slash removed) prefixed "url\u0000".
 *
 * Examples: two postings with the same Ashby id → the first is kept, the second skipped as
 * "duplicate posting"; a career-page posting without an id listed as
 * "https://acme.ai/jobs/42?utm_source=x" and "https://acme.ai/jobs/42/" → one job.
 */
export const jobIdentity = (job: Pick<Job, 'source' | 'job_url'>): string =>
  job.source.job_id.trim() !== '' ? `${job.source.ats}\u0000${job.source.job_id}` : `url\u0000${canonicalJobUrl(job.job_url) ?? job.job_url}`;

/** The canonical apply URL of a job, or its URL as is when that is not http(s). */
export const jobUrlKey = (job: Pick<Job, 'job_url'>): string => canonicalJobUrl(job.job_url) ?? job.job_url;

/** Keeps the first job of each identity; the others become skipped postings ("duplicate posting"). */
export const dedupeJobs = (jobs: readonly Job[]): { jobs: Job[]; duplicates: SkippedPosting[] } => {
  const seen = new Set<string>();
  const kept: Job[] = [];
  const duplicates: SkippedPosting[] = [];
  for (const job of jobs) {
    const identity = jobIdentity(job);
    if (seen.has(identity)) {
      duplicates.push({ jobId: job.source.job_id || null, reason: 'duplicate posting' });
      continue;
    }
    seen.add(identity);
    kept.push(job);
  }
  return { jobs: kept, duplicates };
};
