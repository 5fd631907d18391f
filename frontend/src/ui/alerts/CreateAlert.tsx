/**
 * "Create alert" on a job list (/, /remote_jobs, /engineering_jobs, a company page): saves the
 * list's search (text and every filter from the URL, with the page's own fixed filters) as a
 * saved search. Signed out, it leads to /login, which brings the visitor back here with the
 * dialog open. The dialog's code loads on first use (hovering or focusing the button starts the
 * download), so it costs the list nothing up front.
 */
import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withFixedFilters } from '../../../../shared/search/job-search-url';
import { returnAfterSignIn, type ReturnAfterSignIn } from '../../session/returnAfterSignIn';
import { loadAuth } from '../../session/session';
import { savedSearchBody, type FixedFilters, type JobSearchState } from '../job-search/jobSearchParams';
import styles from './CreateAlert.module.css';

const loadDialog = () => import('./CreateAlertDialog');
const CreateAlertDialog = lazy(async () => ({ default: (await loadDialog()).CreateAlertDialog }));

export function CreateAlert({ state, fixed = {} }: { state: JobSearchState; fixed?: FixedFilters }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(() => returnAfterSignIn(location.state)?.createAlert === true);

  const start = async () => {
    const amplify = await loadAuth();
    if (amplify === null || (await amplify.signedInUser()) === null) {
      const back: ReturnAfterSignIn = { returnTo: `${location.pathname}${location.search}`, createAlert: true };
      navigate('/login', { state: back });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button type="button" className={styles.create} onClick={() => void start()} onPointerEnter={loadDialog} onFocus={loadDialog}>
        <span aria-hidden="true">🔔</span> Create alert
      </button>
      <Suspense fallback={null}>
        {open && <CreateAlertDialog search={withFixedFilters(state, fixed)} body={savedSearchBody(state, fixed)} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}
