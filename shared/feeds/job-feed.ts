/**
 * Job feeds for any search: RSS 2.0 (https://www.rssboard.org/rss-specification, written by the
 * `feed` package, which escapes and splits CDATA) and JSON Feed 1.1
 * (https://www.jsonfeed.org/version/1.1/, a JSON object written here). The search is read
 * from the same query parameters as the board's page URL (shared/search/job-search-url.ts:
 * `?search=python&remote_from=DE&seniority=senior`), forgivingly: a value that cannot be read
 * is dropped, as the page does. A feed holds the newest 50 matches (or the given `sort`).
 *
 * Item: title "Job title at Company", link and id the job's page on the site
 * (`/jobs/{company name}/{slug}`), date `date_posted`, and a one-line text summary
 * (places, workplace, yearly USD pay, seniority). Crawled text is only ever put in as text.
 */
import { SENIORITY_LABELS } from '../format/job-labels';
import { workplaceLabel } from '../format/workplace';
import { payText, showsConversion, usdYearText } from '../format/pay';
import { Feed } from 'feed';
import { findJobs, type FindJobsDeps } from '../search/find-jobs';
import type { PublicListJob } from '../jobs/job';
import { readJobSearch, toJobQuery, writeJobSearch } from '../search/job-search-url';
import type { JobQueryInput } from '../search/job-query';

export type FeedFormat = 'rss' | 'json';

/** Jobs in a feed. */
export const FEED_SIZE = 50;

export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  rss: 'application/rss+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** A feed of a search not given by URL parameters (see `jobFeed`). */
export interface OwnFeed {
  query: JobQueryInput;
  title: string;
  links: { rss: string; json: string };
}

export interface JobFeed {
  contentType: string;
  body: string;
}

/** The site's page of a job, e.g. "https://site/jobs/Cohere/ml-engineer-443368a3". */
export const jobPageUrl = (origin: string, job: Pick<PublicListJob, 'company_name' | 'slug_url'>): string =>
  `${origin}/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`;

/**
 * "London, GB · On-site · £60k – £80k per year (≈ $76k – $101k a year in US dollars) · Senior"
 * (parts the job has; pay worded as on the site, shared/format/pay.ts; no estimate: a feed
 * carries what the employer posted).
 */
const summaryLine = (job: PublicListJob): string => {
  const posted = payText(job.compensation);
  const converted = showsConversion(job.compensation, job.salary_usd_year) ? usdYearText(job.salary_usd_year) : null;
  return [
    job.work_location.join('; ') || null,
    workplaceLabel(job.is_remote),
    posted && converted ? `${posted} (${converted})` : posted,
    job.seniority === null ? null : SENIORITY_LABELS[job.seniority],
  ]
    .filter((part): part is string => part !== null && part !== '')
    .join(' · ');
};

/**
 * The feed of the search in `params` (URL query parameters) as `format`, with links on the
 * site at `origin` (e.g. "https://jobs.example.com", no trailing slash).
 *
 * `own`: a feed of a saved search (shared/alerts/saved-search-feed.ts): its `POST /jobs` body
 * instead of the URL's search, its title and its own (private) feed links.
 *
 * @throws ZodError only if the URL model ever produced a query the API refuses (it drops bad values).
 */
export const jobFeed = async (format: FeedFormat, params: URLSearchParams, origin: string, deps: FindJobsDeps, own?: OwnFeed): Promise<JobFeed> => {
  const search = readJobSearch(params);
  const query = own?.query ?? { ...toJobQuery(search, FEED_SIZE), sort: search.sort ?? 'newest' };
  const { jobs } = await findJobs(query, deps);
  const canonical = writeJobSearch({ ...search, page: 1 }).toString();
  const suffix = canonical === '' ? '' : `?${canonical}`;
  const title = own?.title ?? (search.search ? `Latent Jobs: ${search.search}` : 'Latent Jobs: newest jobs');
  const description = 'AI and tech jobs from employers’ own hiring systems, newest first.';
  const home = `${origin}/${suffix}`;
  const links = own?.links ?? { rss: `${origin}/feeds/jobs.rss${suffix}`, json: `${origin}/feeds/jobs.json${suffix}` };
  const updated = jobs.length > 0 ? new Date(jobs.map((job) => job.date_posted).sort().at(-1)!) : deps.clock();
  if (format === 'json') {
    const feed = {
      version: 'https://jsonfeed.org/version/1.1',
      title,
      home_page_url: home,
      feed_url: links.json,
      description,
      language: 'en',
      items: jobs.map((job) => ({
        id: jobPageUrl(origin, job),
        url: jobPageUrl(origin, job),
        external_url: job.job_url,
        title: `${job.job_title} at ${job.company_name}`,
        content_text: summaryLine(job),
        date_published: job.date_posted,
        authors: [{ name: job.company_name }],
        tags: [job.department, ...job.skills],
      })),
    };
    return { contentType: FEED_CONTENT_TYPES.json, body: JSON.stringify(feed) };
  }
  const feed = new Feed({ title, description, id: home, link: home, language: 'en', copyright: '', updated, feedLinks: links });
  for (const job of jobs) {
    feed.addItem({
      title: `${job.job_title} at ${job.company_name}`,
      id: jobPageUrl(origin, job),
      link: jobPageUrl(origin, job),
      date: new Date(job.date_posted),
      description: summaryLine(job),
      category: [{ name: job.department }],
    });
  }
  return { contentType: FEED_CONTENT_TYPES.rss, body: feed.rss2() };
};
