/**
 * `/remote_jobs`: the job board limited to remote and hybrid jobs (sends `is_remote: ["remote","hybrid"]`),
 * with search, count, paging and 'No results found.' with Refresh, all from JobBoard.
 */
import { useSearchParams } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { JobBoard, resultsFor } from './JobBoard';
import { jobListLoader } from './jobListLoader';
import { feedLinks, readJobSearch, type FixedFilters } from '../../ui/job-search/jobSearchParams';

const FIXED: FixedFilters = { is_remote: ['remote', 'hybrid'] };
const TITLE = 'Remote AI and tech jobs | Latent Jobs';
const DESCRIPTION =
  'Remote and hybrid AI and tech jobs, read straight from the hiring systems of the companies building AI: search by company, location or tech skill.';

export const loader = jobListLoader(FIXED);

export function RemoteJobsPage() {
  const [params] = useSearchParams();
  const search = readJobSearch(params);
  const results = resultsFor(search);
  useDocumentMeta(results ? `${results} in remote jobs | Latent Jobs` : TITLE, DESCRIPTION, { alternates: feedLinks(search, FIXED, 'Remote jobs') });
  return <JobBoard fixed={FIXED} intro="Remote and hybrid AI and tech jobs: work from where you do your best work." />;
}
