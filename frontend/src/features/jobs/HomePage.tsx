/**
 * The home page (`/`): every job, searchable by company, location or tech skill, filterable by
 * `?department=`, paged; the job-alerts banner under the search, and 'Why Choose Us?' at the end.
 */
import { useSearchParams } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { JobAlertsBanner } from '../../ui/alerts/JobAlertsBanner';
import { JobBoard, resultsFor } from './JobBoard';
import { jobListLoader } from './jobListLoader';
import { feedLinks, readJobSearch } from '../../ui/job-search/jobSearchParams';
import { WhyChooseUs } from './WhyChooseUs';

const TITLE = 'Latent Jobs: AI and tech jobs straight from the employers';
const DESCRIPTION =
  'Find AI and tech jobs at the companies building AI, read from their own hiring systems: search by company, location or tech skill.';

/** Every job, as the URL's search, department and page ask. */
export const loader = jobListLoader();

export function HomePage() {
  const [params] = useSearchParams();
  const search = readJobSearch(params);
  const results = resultsFor(search);
  useDocumentMeta(results ? `${results} | Latent Jobs` : TITLE, DESCRIPTION, { alternates: feedLinks(search, {}, 'Latent Jobs') });
  return (
    <>
      <JobBoard intro="Hidden AI and tech jobs, read straight from the companies' own hiring systems." afterHero={<JobAlertsBanner />} />
      <WhyChooseUs />
    </>
  );
}
