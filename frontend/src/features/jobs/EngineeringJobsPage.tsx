/**
 * `/engineering_jobs` (also served at its canonical path `/jobs/engineering`): the job board
 * fixed to the Engineering department, with search, count, paging and Refresh from JobBoard.
 */
import { useSearchParams } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { JobBoard, resultsFor } from './JobBoard';
import { jobListLoader } from './jobListLoader';
import { feedLinks, readJobSearch, type FixedFilters } from '../../ui/job-search/jobSearchParams';

const FIXED: FixedFilters = { departments: ['Engineering'] };
/** The one address search engines should index for this page. */
export const ENGINEERING_JOBS_CANONICAL = '/jobs/engineering';
const TITLE = 'Engineering jobs at AI companies | Latent Jobs';
const DESCRIPTION =
  'Software, ML infrastructure and platform engineering jobs at AI companies, read from their own hiring systems and updated as they post.';

export const loader = jobListLoader(FIXED);

export function EngineeringJobsPage() {
  const [params] = useSearchParams();
  const search = readJobSearch(params);
  const results = resultsFor({ search: search.search, department: null });
  useDocumentMeta(results ? `${results} in engineering jobs | Latent Jobs` : TITLE, DESCRIPTION, {
    canonical: ENGINEERING_JOBS_CANONICAL,
    alternates: feedLinks(search, FIXED, 'Engineering jobs'),
  });
  return <JobBoard fixed={FIXED} intro="Engineering roles at the companies building AI, from infrastructure to product." />;
}
