/**
 * The site paths of pages other parts name (sitemaps, search-engine notifications, the browser's
 * links), written once.
 */

/** A job's page: '/jobs/' + URL-encoded company name + slug_url, e.g. '/jobs/Cohere/ml-engineer-443368a3'. */
export const jobPagePath = (job: { company_name: string; slug_url: string }): string => `/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`;

/** A company's page, e.g. '/company/Scale%20AI'. */
export const companyPagePath = (name: string): string => `/company/${encodeURIComponent(name)}`;
