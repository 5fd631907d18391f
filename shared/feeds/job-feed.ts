/**
 * Job feeds for any search: RSS 2.0 (https://www.rssboard.org/rss-specification, with the Atom
 * `self` link of https://www.rssboard.org/rss-profile#namespace-elements-atom-link, written by
 * fast-xml-parser's XMLBuilder, which escapes every text and attribute) and JSON Feed 1.1
 * (https://www.jsonfeed.org/version/1.1/, a JSON object written here). The search is read
 * from the same query parameters as the board's page URL (shared/search/job-search-url.ts:
 * `?search=python&remote_from=DE&seniority=senior`), forgivingly: a value that cannot be read
 * is dropped, as the page does. A feed holds the newest 50 matches (or the given `sort`).
 *
 * Item: title "Job title at Company", link and id the job's page on the site
 * (`/jobs/{company name}/{slug}`), date `date_posted`, and a one-line text summary
 * (places, workplace, yearly USD pay, seniority). Crawled text is only ever put in as text:
 * - characters XML 1.0 does not allow (C0 controls but tab and newlines, lone surrogates,
 *   U+FFFE/U+FFFF) are dropped from every value, in both formats;
 * - RSS: no CDATA; every value is escaped (`<`, `&`, `]]>`... become entities), so no text can
 *   add an element or break the document. An item's `description` is HTML by RSS convention,
 *   so the summary line is HTML-escaped first and a reader shows it as the text it is;
 * - JSON Feed: `content_text` (text, never `content_html`); `external_url` only when it is http(s).
 */
import { SENIORITY_LABELS } from '../format/job-labels';
import { workplaceLabel } from '../format/workplace';
import { XMLBuilder } from 'fast-xml-parser';
import { payText, showsConversion, usdYearText } from '../format/pay';
import { findJobs, type FindJobsDeps } from '../search/find-jobs';
import type { PublicListJob } from '../jobs/job';
import { readJobSearch, toJobQuery, writeJobSearch } from '../search/job-search-url';
import type { JobQueryInput } from '../search/job-query';
import { jobPageUrl } from '../seo/page-paths';

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

/**
 * Characters XML 1.0 allows (https://www.w3.org/TR/xml/#charsets) less the control characters it
 * discourages (U+007F–U+009F); everything else is dropped from feed text.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Crawled text made safe to put in either feed: only characters XML allows. */
export const feedText = (text: string): string => text.replace(NOT_XML_CHAR, '');

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML that shows exactly that text. */
const htmlText = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** An http(s) URL as given, else undefined (a crawled `javascript:` link never reaches a reader). */
const webUrl = (url: string): string | undefined => (/^https?:\/\//i.test(url) ? feedText(url) : undefined);

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true, suppressBooleanAttributes: false });

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
      title: feedText(title),
      home_page_url: home,
      feed_url: links.json,
      description,
      language: 'en',
      items: jobs.map((job) => ({
        id: jobPageUrl(origin, job),
        url: jobPageUrl(origin, job),
        external_url: webUrl(job.job_url),
        title: feedText(`${job.job_title} at ${job.company_name}`),
        content_text: feedText(summaryLine(job)),
        date_published: job.date_posted,
        authors: [{ name: feedText(job.company_name) }],
        tags: [job.department, ...job.skills].map(feedText),
      })),
    };
    return { contentType: FEED_CONTENT_TYPES.json, body: JSON.stringify(feed) };
  }
  const rss = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: feedText(title),
        link: home,
        description,
        language: 'en',
        lastBuildDate: updated.toUTCString(),
        docs: 'https://www.rssboard.org/rss-specification',
        'atom:link': { '@_href': links.rss, '@_rel': 'self', '@_type': 'application/rss+xml' },
        item: jobs.map((job) => ({
          title: feedText(`${job.job_title} at ${job.company_name}`),
          link: jobPageUrl(origin, job),
          guid: { '#text': jobPageUrl(origin, job), '@_isPermaLink': 'true' },
          pubDate: new Date(job.date_posted).toUTCString(),
          description: htmlText(feedText(summaryLine(job))),
          category: feedText(job.department),
        })),
      },
    },
  };
  return { contentType: FEED_CONTENT_TYPES.rss, body: xml.build(rss) as string };
};
