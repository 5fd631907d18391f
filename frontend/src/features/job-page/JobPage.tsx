/**
 * /jobs/{company_name}{slug_url} (route /jobs/:company/:slug): one open job from
 * `GET /api/jobs/{company}/{slug}`: title, workplace, pay range when both ends are known,
 * published-ago time, the description, and a side panel with the logo, the company's page,
 * the locations, Apply Now (the employer's page, new tab), share links and 'View More Jobs'
 * (the company's page: more jobs from the employer the visitor chose). Carries the posting as
 * schema.org JobPosting JSON-LD (shared/jobs/job-posting-jsonld.ts) and its own title,
 * description and canonical link. 'Failed to fetch job details' when the job is unknown,
 * closed or the request fails.
 */
import { Link, useParams } from 'react-router';
import { getJob, type PublicJob } from '../../api/jobs';
import { useDocumentMeta } from '../../app/useDocumentMeta';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { buildJobPostingJsonLd } from '../../../../shared/jobs/job-posting-jsonld';
import { track } from '../analytics/track';
import { companyPath } from '../companies/companyItemList';
import { CompanyLogo } from '../companies/CompanyLogo';
import { useApiResource } from '../companies/useApiResource';
import { payText } from '../../../../shared/format/pay';
import { timeAgo } from '../../../../shared/format/time-ago';
import { workplaceLabel } from '../../../../shared/format/workplace';
import { JobDescription } from './JobDescription';
import { JsonLdScript } from './JsonLdScript';
import { shareLinks } from './shareLinks';
// The workplace badge and skill chips look as they do on the job cards.
import cardStyles from '../jobs/JobCard.module.css';
import styles from './JobPage.module.css';

const EMPLOYMENT_LABELS: Record<NonNullable<PublicJob['employment_type']>, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  intern: 'Internship',
};

/** The job page's site path: '/jobs/' + URL-encoded company name + slug_url, e.g. '/jobs/Cohere/ml-engineer-443368a3'. */
export const jobPath = (job: Pick<PublicJob, 'company_name' | 'slug_url'>): string => `/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`;

const MAX_DESCRIPTION = 160;

/** e.g. 'Cohere is hiring a Software Engineer, Collect: Remote, Toronto, ON, CA. $150k - $200k.' (at most 160 characters). */
function describeJob(job: PublicJob): string {
  const where = [workplaceLabel(job.is_remote), ...job.work_location.slice(0, 2)].join(', ');
  const pay = payText(job.compensation);
  const text = `${job.company_name} is hiring a ${job.job_title}: ${where}.${pay ? ` ${pay}.` : ''} Apply on the employer's site.`;
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

export function JobPage() {
  const { company = '', slug = '' } = useParams();
  const resource = useApiResource(`job:${company}/${slug}`, (signal) => getJob(company, slug, signal));
  const job = resource.status === 'loaded' ? resource.data : null;
  useDocumentMeta(
    job ? `${job.job_title} at ${job.company_name} | Latent Jobs` : `${company} job | Latent Jobs`,
    job ? describeJob(job) : `A job at ${company}, read straight from its own hiring system.`,
    job ? { canonical: jobPath(job) } : {},
  );

  if (resource.status === 'loading') return <Spinner label="Loading job details" />;
  if (job === null) {
    return (
      <div className={styles.failed}>
        <ErrorBox message="Failed to fetch job details" />
        <Link to="/">Browse all jobs</Link>
      </div>
    );
  }
  return <JobDetails job={job} />;
}

function JobDetails({ job }: { job: PublicJob }) {
  const pageUrl = new URL(jobPath(job), window.location.origin).href;
  const posting = buildJobPostingJsonLd(job, { clock: () => new Date(), pageUrl });
  const pay = payText(job.compensation);
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
            {pay && <li className={styles.pay}>{pay}</li>}
            {job.employment_type && <li>{EMPLOYMENT_LABELS[job.employment_type]}</li>}
            <li>
              Published <time dateTime={job.date_posted}>{timeAgo(job.date_posted, new Date())}</time>
            </li>
          </ul>
          {job.skills.length > 0 && (
            <ul className={cardStyles.skills} aria-label="Skills">
              {job.skills.map((skill) => (
                <li key={skill}>{skill}</li>
              ))}
            </ul>
          )}
        </header>
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
            <CompanyLogo src={job.company_logo} size={56} />
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
          <a className={styles.apply} href={job.job_url} target="_blank" rel="noopener noreferrer" onClick={onApply}>
            Apply Now<span className="visually-hidden"> (opens the employer's page in a new tab)</span>
          </a>
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
