/**
 * The home page (`/`): every job, searchable by company, location or tech skill, filterable by
 * `?department=`, paged. Issue 3 adds the job-alerts banner and 'Why Choose Us?' here.
 */
import { useSearchParams } from 'react-router';
import { useDocumentMeta } from '../../app/useDocumentMeta';
import { JobBoard, resultsFor } from './JobBoard';
import { readJobSearch } from './jobSearchParams';

const TITLE = 'Latent Jobs: AI and tech jobs straight from the employers';
const DESCRIPTION =
  'Find AI and tech jobs at the companies building AI, read from their own hiring systems: search by company, location or tech skill.';

export function HomePage() {
  const [params] = useSearchParams();
  const results = resultsFor(readJobSearch(params));
  useDocumentMeta(results ? `${results} | Latent Jobs` : TITLE, DESCRIPTION);
  return <JobBoard intro="Hidden AI and tech jobs, read straight from the companies' own hiring systems." />;
}
