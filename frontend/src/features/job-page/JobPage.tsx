/**
 * /jobs/{company_name}{slug_url} (route /jobs/:company/:slug): one job, from ./loader.ts: title, workplace, pay as posted (with our
 * yearly-USD conversion when in another currency or period), else our labelled estimate, and the pay-transparency note (ui/JobPay),
 * published-ago time, the description, and a side panel with the logo, the company's page,
 * the locations, Apply Now (the employer's page, new tab), share links and 'View More Jobs'
 * (the company's page: more jobs from the employer the visitor chose). Carries the posting as
 * schema.org JobPosting JSON-LD (shared/jobs/job-posting-jsonld.ts) and its own title,
 * description and canonical link.
 *
 * A closed job keeps its page: it says since when it is closed, offers similar open jobs,
 * has no Apply Now and no JobPosting markup, and asks search engines not to index it. An
 * unknown job is 410 and a failed load the error box (the route table's error boundary).
 */
import { Link, useLoaderData } from 'react-router';
import type { PublicJob } from '../../api/jobs';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { buildJobPostingJsonLd } from '../../../../shared/jobs/job-posting-jsonld';
import { track } from '../../analytics/track';
import { companyPath } from '../../ui/companyItemList';
import { CompanyLogo } from '../../ui/CompanyLogo';
import { EMPLOYMENT_TYPE_LABELS } from '../../../../shared/format/job-labels';
import { payText } from '../../../../shared/format/pay';
import { timeAgo } from '../../../../shared/format/time-ago';
import { workplaceLabel } from '../../../../shared/format/workplace';
import { JobDescription } from './JobDescription';
import { JobFreshness } from '../../ui/JobFreshness';
import { JobPay } from '../../ui/JobPay';
import { DemoNotice } from '../../ui/DemoNotice';
import { JsonLdScript } from '../../ui/JsonLdScript';
import { jobPath, type JobPageData, type ListedJob } from './loader';
import { shareLinks } from './shareLinks';
// The workplace badge and skill chips look as they do on the job cards.
import cardStyles from '../../ui/JobCard.module.css';
import styles from './JobPage.module.css';

export { jobPath, loader } from './loader';

const MAX_DESCRIPTION = 160;

/** e.g. 'Cohere is hiring a Software Engineer, Collect: Remote, Toronto, ON, CA. $150k - $200k.' (at most 160 characters). */
function describeJob(job: PublicJob): string {
  const where = [workplaceLabel(job.is_remote), ...job.work_location.slice(0, 2)].join(', ');
  const pay = payText(job.compensation);
  const text = `${job.company_name} is hiring a ${job.job_title}: ${where}.${pay ? ` ${pay}.` : ''} Apply on the employer's site.`;
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

export function JobPage() {
  const page = useLoaderData<JobPageData>();
  const { job } = page;
  useDocumentMeta(`${job.job_title} at ${job.company_name} | Latent Jobs`, describeJob(job), {
    canonical: jobPath(job),
    noindex: job.closed_at !== null,
    type: 'article',
  });
  return <JobDetails key={page.pageUrl} {...page} />;
}

/** 'Nov 3, 2026' for a UTC ISO-8601 time. */
const dayOf = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function ClosedNotice({ closedAt, similar }: { closedAt: string; similar: ListedJob[] }) {
  return (
    <section className={styles.closed} aria-labelledby="job-closed">
      <h2 id="job-closed" className={styles.closedTitle}>
        This job is closed
      </h2>
      <p>
        The employer stopped listing it on <time dateTime={closedAt}>{dayOf(closedAt)}</time>. It can no longer be applied for.
      </p>
      {similar.length > 0 && (
        <>
          <h3 className={styles.panelTitle}>Similar open jobs</h3>
          <ul className={styles.similar}>
            {similar.map((other) => (
              <li key={jobPath(other)}>
                <Link to={jobPath(other)}>{other.job_title}</Link> at {other.company_name}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function JobDetails({ job, similar, pageUrl, now, demoCapturedOn }: JobPageData) {
  const closed = job.closed_at !== null;
  // As of its last verification: validThrough is 30 days after the crawler last saw it open.
  const posting = closed ? null : buildJobPostingJsonLd(job, { clock: () => new Date(job.last_seen_at), pageUrl });
  const companyPage = companyPath(job.company_name);
  const onApply = () => track({ name: 'apply_click', company: job.company_name, job: job.job_title, target: 'external' });

  return (
    <div className={styles.layout}>
      <article className={styles.main} aria-labelledby="job-title">
        <header className={styles.head}>
          <p className={styles.kicker}>
            <Link to={companyPage}>{job.company_name}</Link>
            <span aria-hidden="true"> · </span>
            {job.department}
          </p>
          <h1 id="job-title" className={styles.title}>
            {job.job_title}
          </h1>
          <ul className={styles.meta} aria-label="Details">
            <li className={cardStyles[`workplace_${job.is_remote}`]}>{workplaceLabel(job.is_remote)}</li>
            <JobPay job={job} detailed />
            {job.employment_type && <li>{EMPLOYMENT_TYPE_LABELS[job.employment_type]}</li>}
            <li>
              Published <time dateTime={job.date_posted}>{timeAgo(job.date_posted, new Date(now))}</time>
            </li>
          </ul>
          <JobFreshness job={job} now={new Date(now)} />
          <DemoNotice capturedOn={demoCapturedOn} />
          {job.skills.length > 0 && (
            <ul className={cardStyles.skills} aria-label="Skills">
              {job.skills.map((skill) => (
                <li key={skill}>{skill}</li>
              ))}
            </ul>
          )}
        </header>
        {closed && <ClosedNotice closedAt={job.closed_at ?? now} similar={similar} />}
        <section className={styles.body} aria-labelledby="about-role">
          <h2 id="about-role" className={styles.sectionTitle}>
            About the role
          </h2>
          <JobDescription html={job.description} />
        </section>
      </article>

      <aside className={styles.side} aria-label={`About this job at ${job.company_name}`}>
        <div className={styles.panel}>
          <div className={styles.company}>
            <CompanyLogo src={job.company_logo} name={job.company_name} size={56} />
            <Link className={styles.companyLink} to={companyPage}>
              {job.company_name}
            </Link>
          </div>
          {job.work_location.length > 0 && (
            <>
              <h2 className={styles.panelTitle}>Locations</h2>
              <ul className={styles.locations}>
                {job.work_location.map((place) => (
                  <li key={place}>{place}</li>
                ))}
              </ul>
            </>
          )}
          {!closed && (
            <a className={styles.apply} href={job.job_url} target="_blank" rel="noopener noreferrer" onClick={onApply}>
              Apply Now<span className="visually-hidden"> (opens the employer's page in a new tab)</span>
            </a>
          )}
          <h2 className={styles.panelTitle}>Share this job</h2>
          <ul className={styles.share}>
            {shareLinks(pageUrl, `${job.job_title} at ${job.company_name}`).map((link) => (
              <li key={link.network}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={`Share on ${link.network} (opens in a new tab)`}>
                  {link.network}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <Link className={styles.more} to={companyPage}>
          View More Jobs<span className="visually-hidden"> at {job.company_name}</span>
          <span aria-hidden="true"> →</span>
        </Link>
      </aside>
      {posting && <JsonLdScript data={posting} />}
    </div>
  );
}
