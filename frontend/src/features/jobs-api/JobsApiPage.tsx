/**
 * /jobs/api: the raw JSON of the newest 240 jobs (`POST /api/jobs` with page 0 and page_size 240,
 * the API's largest page), pretty-printed, with a link to download it as a file and the request
 * to repeat it. 'Failed to fetch data' when the request fails.
 */
import { useEffect, useMemo, useState } from 'react';
import { searchJobs, type JobQueryInput } from '../../api/jobs';
import { useDocumentMeta } from '../../app/useDocumentMeta';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { useApiResource } from '../companies/useApiResource';
import styles from './JobsApiPage.module.css';

/** The request this page makes. */
export const RAW_JOBS_QUERY: JobQueryInput = { page: 0, page_size: 240, search: null, departments: null, is_remote: null };

const FILE_NAME = 'latent-jobs-240.json';

/** An object URL for `text` as a JSON file, revoked when the text changes or the page closes. */
function useJsonFileUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) return undefined;
    const objectUrl = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [text]);
  return url;
}

export function JobsApiPage() {
  useDocumentMeta('Jobs API: raw JSON of 240 jobs | Latent Jobs', 'The newest 240 AI and tech jobs on Latent Jobs as raw JSON, straight from our public jobs API.', {
    canonical: '/jobs/api',
  });
  const resource = useApiResource('jobs-api', (signal) => searchJobs(RAW_JOBS_QUERY, signal));
  const data = resource.status === 'loaded' ? resource.data : null;
  const text = useMemo(() => (data ? JSON.stringify(data, null, 2) : null), [data]);
  const fileUrl = useJsonFileUrl(text);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Jobs API</h1>
      <p className={styles.intro}>
        The newest 240 jobs as our API returns them: <code>POST /api/jobs</code> with <code>{JSON.stringify(RAW_JOBS_QUERY)}</code>.
      </p>
      {resource.status === 'loading' && <Spinner label="Loading jobs" />}
      {resource.status === 'error' && <ErrorBox message="Failed to fetch data" />}
      {data && text && (
        <>
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
        </>
      )}
    </div>
  );
}
