/**
 * `/remote_jobs`: the job board limited to remote and hybrid jobs (sends `is_remote: ["remote","hybrid"]`),
 * as the original list was, with a one-click "Remote only" (`?is_remote=remote`, sends
 * `is_remote: ["remote"]`; clicked again, remote and hybrid again); search, count, paging and
 * 'No results found.' with Clear filters, all from JobBoard.
 */
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { JobBoard, resultsFor } from './JobBoard';
import { jobListLoader } from './jobListLoader';
import { feedLinks, readJobSearch, type FixedFilters } from '../../ui/job-search/jobSearchParams';
import { useJobSearchUrl } from '../../ui/job-search/useJobSearchUrl';
import pill from '../../ui/PillButton.module.css';

const TITLE = 'Remote AI and tech jobs | Latent Jobs';
const DESCRIPTION =
  'Remote and hybrid AI and tech jobs, read straight from the hiring systems of the companies building AI: search by company, location or tech skill.';

/** Whether the URL asks for remote jobs only (the "Remote only" toggle). */
const remoteOnly = (search: { is_remote: readonly string[] }): boolean => search.is_remote.length === 1 && search.is_remote[0] === 'remote';

/** The page's own filter: remote and hybrid jobs, or remote jobs only when the URL asks. */
const fixedFor = (params: URLSearchParams): FixedFilters => ({ is_remote: remoteOnly(readJobSearch(params)) ? ['remote'] : ['remote', 'hybrid'] });

export const loader = (args: LoaderFunctionArgs) => jobListLoader(fixedFor(new URL(args.request.url).searchParams))(args);

function RemoteOnlyToggle() {
  const { filters, changeFilters } = useJobSearchUrl();
  const pressed = remoteOnly(filters);
  return (
    <button type="button" className={pill.pill} aria-pressed={pressed} onClick={() => changeFilters({ is_remote: pressed ? [] : ['remote'] })}>
      Remote only
    </button>
  );
}

export function RemoteJobsPage() {
  const [params] = useSearchParams();
  const search = readJobSearch(params);
  const fixed = fixedFor(params);
  const results = resultsFor(search);
  useDocumentMeta(results ? `${results} in remote jobs | Latent Jobs` : TITLE, DESCRIPTION, { alternates: feedLinks(search, fixed, 'Remote jobs') });
  return <JobBoard fixed={fixed} intro="Remote and hybrid AI and tech jobs: work from where you do your best work." toolbar={<RemoteOnlyToggle />} />;
}
