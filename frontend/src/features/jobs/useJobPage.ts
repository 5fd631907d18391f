/**
 * Fetches one page of jobs for `query` and refetches when it changes; a newer query aborts the older request.
 * Returns the status, the page when loaded, and the last known count (kept while the next page loads).
 */
import { useEffect, useState } from 'react';
import { searchJobs, type JobPage, type JobQueryInput } from '../../api/jobs';

export type JobPageState =
  | { status: 'loading'; lastCount: number | null }
  | { status: 'loaded'; page: JobPage; lastCount: number }
  | { status: 'error'; lastCount: number | null };

export function useJobPage(query: JobQueryInput): JobPageState {
  const key = JSON.stringify(query);
  const [state, setState] = useState<JobPageState>({ status: 'loading', lastCount: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', lastCount: previous.lastCount }));
    searchJobs(JSON.parse(key) as JobQueryInput, controller.signal).then(
      (page) => setState({ status: 'loaded', page, lastCount: page.count }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('POST /api/jobs failed', error);
        setState((previous) => ({ status: 'error', lastCount: previous.lastCount }));
      },
    );
    return () => controller.abort();
  }, [key]);

  return state;
}
