/**
 * How fresh a job is and where it comes from, on every job card and job page:
 * "Verified 2 hours ago · First seen Nov 3, 2026 · from Cohere's Ashby board", then the
 * ghost-job mark (./GhostMark.tsx) when the job has one.
 * `last_seen_at` is when a crawl last found the job on its employer's board; `first_seen_at` when
 * a crawl first did (UTC ISO-8601, shown as a UTC date).
 */
import { sourceText } from '../../../shared/format/job-source';
import { timeAgo } from '../../../shared/format/time-ago';
import type { PublicJob } from '../../../shared/jobs/job';
import { GhostMark } from './GhostMark';
import styles from './JobFreshness.module.css';

/** 'Nov 3, 2026' for a UTC ISO-8601 time. */
const day = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

type FreshnessFields = 'last_seen_at' | 'first_seen_at' | 'company_name' | 'source' | 'date_posted' | 'closed_at' | 'reposted_from';

export function JobFreshness({ job, now }: { job: Pick<PublicJob, FreshnessFields>; now: Date }) {
  const verified = timeAgo(job.last_seen_at, now);
  return (
    <p className={styles.freshness}>
      {verified && (
        <span>
          Verified <time dateTime={job.last_seen_at}>{verified}</time>
        </span>
      )}
      {!Number.isNaN(Date.parse(job.first_seen_at)) && (
        <span>
          First seen <time dateTime={job.first_seen_at}>{day(job.first_seen_at)}</time>
        </span>
      )}
      <span>{sourceText(job.company_name, job.source.ats)}</span>
      <GhostMark job={job} now={now} />
    </p>
  );
}
