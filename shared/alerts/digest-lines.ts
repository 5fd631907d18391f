/**
 * A digest job as the email shows it: plain strings, computed once for the HTML and the text
 * part. Pure (takes the site's origin and a clock). Nothing here is escaped: the HTML renderer
 * escapes every field; the text part needs none.
 *
 * - `url`: the job's page on our site, `{siteUrl}/jobs/{company_name}{slug_url}` (the same path
 *   the SPA links to), company name percent-encoded.
 * - `salary`: the pay as posted, worded as on the site (shared/format/pay.ts), e.g. "$180k - $250k",
 *   "Up to €60k per year", "$45 - $60 per hour"; null when unknown.
 * - `postedAgo`: from `date_posted`, e.g. "3 days ago", "just now" (shared/format/time-ago.ts).
 */
import { payText } from '../format/pay';
import { timeAgo } from '../format/time-ago';
import { workplaceLabel } from '../format/workplace';
import type { JobSummary } from '../jobs/job-summary';
import { jobPageUrl } from '../seo/page-paths';
import type { Clock } from '../time/clock';

export interface DigestJobLine {
  title: string;
  company: string;
  location: string;
  workplace: string;
  salary: string | null;
  postedAgo: string;
  url: string;
}

const MAX_PLACES = 3;

/** "San Francisco, CA, US; London, GB; +2 more", or the workplace when no place is given. */
const locationText = (job: JobSummary): string => {
  const labels = job.locations.map((place) => place.label);
  if (labels.length === 0) return workplaceLabel(job.workplace_type);
  const shown = labels.slice(0, MAX_PLACES).join('; ');
  return labels.length > MAX_PLACES ? `${shown}; +${labels.length - MAX_PLACES} more` : shown;
};


export const toDigestJobLine = (job: JobSummary, siteUrl: string, clock: Clock): DigestJobLine => ({
  title: job.job_title,
  company: job.company_name,
  location: locationText(job),
  workplace: workplaceLabel(job.workplace_type),
  salary: payText(job.compensation),
  postedAgo: timeAgo(job.date_posted, clock()),
  url: jobPageUrl(siteUrl, job),
});
