/**
 * The site paths of pages other parts name (the route table frontend/src/app/routes.tsx,
 * sitemaps, robots.txt, search-engine notifications, the browser's links), written once.
 */

/** The public pages at fixed paths: each is routed (routes.tsx) and listed in the sitemap. */
export const PUBLIC_PAGE_PATHS = {
  home: '/',
  remoteJobs: '/remote_jobs',
  engineeringJobs: '/jobs/engineering',
  companies: '/companies',
  jobsApi: '/jobs/api',
  apiDocs: '/api-docs',
  coverage: '/coverage',
  about: '/about',
  blog: '/blog',
} as const;

/** Older addresses of public pages, routed to the same page and left out of the sitemap (the page names its canonical path). */
export const ALIAS_PAGE_PATHS = {
  engineeringJobs: '/engineering_jobs',
  companies: '/company',
} as const;

/** Pages at fixed paths that are no one's to index (sign-in, account, payment and confirmation returns): routed, disallowed in robots.txt. */
export const PRIVATE_PAGE_PATHS = {
  login: '/login',
  dashboard: '/dashboard',
  success: '/success',
  cancel: '/cancel',
  newsletterConfirmed: '/newsletter/confirmed',
} as const;

/** A UTF-16 surrogate without its pair (crawled names may hold one; encodeURIComponent throws on it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A job's page: '/jobs/' + URL-encoded company name + slug_url, e.g. '/jobs/Cohere/ml-engineer-443368a3'. */
export const jobPagePath = (job: { company_name: string; slug_url: string }): string =>
  `/jobs/${encodeURIComponent(job.company_name.replace(LONE_SURROGATE, '\uFFFD'))}${job.slug_url}`;

/** A job's page at `siteUrl` (trailing slashes ignored), e.g. 'https://site/jobs/Cohere/ml-engineer-443368a3'. */
export const jobPageUrl = (siteUrl: string, job: { company_name: string; slug_url: string }): string => `${siteUrl.replace(/\/+$/, '')}${jobPagePath(job)}`;

/** A company's page, e.g. '/company/Scale%20AI'. */
export const companyPagePath = (name: string): string => `/company/${encodeURIComponent(name)}`;
