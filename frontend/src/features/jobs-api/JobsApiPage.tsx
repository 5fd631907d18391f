/**
 * /jobs/api: the raw JSON of the newest 240 jobs (`POST /api/jobs` with page 0 and page_size 240,
 * the API's largest page), pretty-printed, with a link to download it as a file and the request
 * to repeat it. Loaded by the route's `loader`; a failed request is the error box.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { searchJobs, type JobPage, type JobQueryInput } from '../../api/jobs';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import styles from './JobsApiPage.module.css';

/** The request this page makes. */
export const RAW_JOBS_QUERY: JobQueryInput = { page: 0, page_size: 240, search: null, departments: null, is_remote: null, include_description: true };

const FILE_NAME = 'latent-jobs-240.json';

/** An object URL for `text` as a JSON file, revoked when the text changes or the page closes. */
function useJsonFileUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) return undefined;
    const objectUrl = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    // An object URL exists only in the browser: made after hydration, so the server's HTML (no link) and the first render agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [text]);
  return url;
}

/** The newest 240 jobs, as POST /api/jobs answers them. */
export const loader = ({ request }: LoaderFunctionArgs): Promise<JobPage> => routeData(searchJobs(RAW_JOBS_QUERY, request.signal));

export function JobsApiPage() {
  useDocumentMeta('Jobs API: raw JSON of 240 jobs | Latent Jobs', 'The newest 240 AI and tech jobs on Latent Jobs as raw JSON, straight from our public jobs API.', {
    canonical: '/jobs/api',
  });
  const data = useLoaderData<JobPage>();
  const text = useMemo(() => JSON.stringify(data, null, 2), [data]);
  const fileUrl = useJsonFileUrl(text);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Jobs API</h1>
      <p className={styles.intro}>
        The newest 240 jobs as our API returns them: <code>POST /api/jobs</code> with <code>{JSON.stringify(RAW_JOBS_QUERY)}</code>.
      </p>
      <div className={styles.toolbar}>
        <p className={styles.count}>
          <strong>{data.jobs.length}</strong> jobs of {data.count.toLocaleString('en-US')}
        </p>
        {fileUrl && (
          <a className={styles.download} href={fileUrl} download={FILE_NAME}>
            Download JSON
          </a>
        )}
      </div>
      <pre className={styles.json} tabIndex={0} aria-label="Raw JSON of the jobs">
        {text}
      </pre>
    </div>
  );
}
