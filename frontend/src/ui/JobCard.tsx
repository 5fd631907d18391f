/**
 * One job in a list: logo (or a lettered avatar), title, company, posted-ago time, workplace,
 * locations, pay in the employer's currency and period, else our labelled estimate, and the pay-transparency
 * note (ui/JobPay, as the job page shows them), skills, when it was
 * last verified and where it comes from with the ghost-job mark when it has one (ui/JobFreshness), and Apply Now.
 *
 * The whole card opens the job page through ONE link, the title: its hit area is stretched over
 * the card (CSS), so screen readers and the keyboard meet a single link named by the title.
 * Apply Now stays its own control above that area, following the original's rule (applyTarget).
 */
import { Link } from 'react-router';
import { track } from '../analytics/track';
import type { PublicListJob } from '../../../shared/jobs/job';
import { timeAgo } from '../../../shared/format/time-ago';
import { workplaceLabel } from '../../../shared/format/workplace';
import { CompanyLogo } from './CompanyLogo';
import { JobFreshness } from './JobFreshness';
import { JobPay } from './JobPay';
import { applyTarget, jobPagePath } from './jobFormat';
import styles from './JobCard.module.css';

const MAX_SKILLS = 6;
const MAX_LOCATIONS = 3;

/** What a card reads of a job. */
export type CardJob = Pick<
  PublicListJob,
  | 'job_title'
  | 'company_name'
  | 'company_logo'
  | 'date_posted'
  | 'is_remote'
  | 'skills'
  | 'work_location'
  | 'slug_url'
  | 'job_url'
  | 'compensation'
  | 'salary_usd_year'
  | 'pay_estimate'
  | 'pay_range_expected'
  | 'first_seen_at'
  | 'last_seen_at'
  | 'closed_at'
  | 'reposted_from'
  | 'source'
>;

/**
 * `job` with only what its card shows, for a page whose loader data the server render embeds for
 * hydration: a list job's places, taxonomy and the employer's pay wording are about half of its
 * JSON. The pay wording (`compensation.summary`) becomes null (the card shows the figures), and
 * the skills are the ones shown.
 */
export const cardJob = (job: CardJob): CardJob => ({
  job_title: job.job_title,
  company_name: job.company_name,
  company_logo: job.company_logo,
  date_posted: job.date_posted,
  is_remote: job.is_remote,
  skills: job.skills.slice(0, MAX_SKILLS),
  work_location: job.work_location,
  slug_url: job.slug_url,
  job_url: job.job_url,
  compensation: job.compensation && { ...job.compensation, summary: null },
  salary_usd_year: job.salary_usd_year,
  pay_estimate: job.pay_estimate,
  pay_range_expected: job.pay_range_expected,
  first_seen_at: job.first_seen_at,
  last_seen_at: job.last_seen_at,
  closed_at: job.closed_at,
  reposted_from: job.reposted_from,
  source: job.source,
});

export function JobCard({ job, now }: { job: CardJob; now: Date }) {
  const page = jobPagePath(job);
  const target = applyTarget(job);
  const workplace = workplaceLabel(job.is_remote);
  // A place labelled just "Remote" would repeat the workplace badge beside it.
  const places = job.work_location.filter((label) => label.toLowerCase() !== workplace.toLowerCase());
  const locations = places.slice(0, MAX_LOCATIONS);
  const moreLocations = places.length - locations.length;
  const skills = job.skills.slice(0, MAX_SKILLS);
  const applyLabel = `Apply now: ${job.job_title} at ${job.company_name}`;
  const onApply = () => track({ name: 'apply_click', company: job.company_name, job: job.job_title, target: target.kind });

  return (
    <article className={styles.card}>
      <div className={styles.logoCell}>
        <CompanyLogo src={job.company_logo} name={job.company_name} size={48} />
      </div>
      <div className={styles.body}>
        <div className={styles.topLine}>
          <span className={styles.company}>{job.company_name}</span>
          <time className={styles.posted} dateTime={job.date_posted}>
            {timeAgo(job.date_posted, now)}
          </time>
        </div>
        <h3 className={styles.title}>
          {page ? (
            <Link className={styles.titleLink} to={page}>
              {job.job_title}
            </Link>
          ) : (
            job.job_title
          )}
        </h3>
        <ul className={styles.meta} aria-label="Details">
          <li className={styles[`workplace_${job.is_remote}`]}>{workplace}</li>
          {locations.length > 0 && (
            <li className={styles.locations}>
              {locations.join(' · ')}
              {moreLocations > 0 && ` +${moreLocations} more`}
            </li>
          )}
          <JobPay job={job} />
        </ul>
        {skills.length > 0 && (
          <ul className={styles.skills} aria-label="Skills">
            {skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        )}
        <JobFreshness job={job} now={now} />
      </div>
      <div className={styles.action}>
        {target.kind === 'internal' ? (
          <Link className={styles.apply} to={target.path} aria-label={applyLabel} onClick={onApply}>
            Apply Now
          </Link>
        ) : (
          <a
            className={styles.apply}
            href={target.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${applyLabel} (opens in a new tab)`}
            onClick={onApply}
          >
            Apply Now
          </a>
        )}
      </div>
    </article>
  );
}
