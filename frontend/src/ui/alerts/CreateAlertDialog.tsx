/**
 * The "Create alert" dialog: what the search watches (in the chips' words), a name (the search in
 * words by default, editable, 1-100 characters), how often (daily, weekly; hourly with the yearly
 * plan) and Save (POST /api/users/me/searches). A visitor without a paid plan may save too, and
 * is told alerts are emailed to subscribers, with the way to the plans. After saving, it says so
 * and links to the dashboard, where saved searches are managed. Failures show the server's message
 * (the 20-search limit, hourly without the yearly plan, a bad name).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { UserView } from '../../../../shared/users/user-view';
import { keysOf } from '../../../../shared/format/job-labels';
import { ApiError } from '../../api/http';
import { authedPost } from '../../session/authedApi';
import { createSavedSearch, FREQUENCY_LABELS, type SavedSearch, type SavedSearchFrequency } from '../../session/savedSearches';
import type { JobSearchState } from '../job-search/jobSearchParams';
import { Modal } from '../Modal';
import { alertName, searchWords } from './alertName';
import styles from './CreateAlert.module.css';

type Plan = Pick<UserView, 'paid_active' | 'subscription'>;

const messageOf = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : 'Something went wrong. Please try again later.';

export function CreateAlertDialog({ search, body, onClose }: { search: JobSearchState; body: Record<string, unknown>; onClose: () => void }) {
  const nameId = useId();
  const [name, setName] = useState(() => alertName(search));
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('daily');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedSearch | null>(null);

  useEffect(() => {
    let live = true;
    // POST /users answers the account, creating it on a first visit (as the dashboard does).
    authedPost<UserView>('/users')
      .then((user) => live && setPlan(user))
      .catch((error: unknown) => live && setFailure(error instanceof ApiError && error.status === 401 ? 'Sign in to save alerts.' : messageOf(error)));
    return () => {
      live = false;
    };
  }, []);

  const yearly = plan !== null && plan.paid_active && plan.subscription.plan === 'yearly';
  const words = searchWords(search);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      setSaved(await createSavedSearch({ name: name.trim(), search: body, frequency }));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const subscribeNote = plan !== null && !plan.paid_active && (
    <p className={styles.note}>
      Alerts are emailed to subscribers. You can save this search now: its email starts when you <Link to="/dashboard">choose a plan on your dashboard</Link>.
    </p>
  );

  if (saved) {
    return (
      <Modal title="Alert saved" onClose={onClose}>
        <div className={styles.form}>
          <p className={styles.success} role="status">
            Saved “{saved.name}” ({FREQUENCY_LABELS[saved.frequency].toLowerCase()}).
          </p>
          {subscribeNote}
          <div className={styles.actions}>
            <Link className={styles.primary} to="/dashboard">
              Manage alerts on your dashboard
            </Link>
            <button type="button" className={styles.secondary} onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Create alert" onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void save(event)}>
        <p className={styles.watches}>{words.length > 0 ? `Watches: ${words.join(', ')}` : 'Watches every new job.'}</p>
        <div className={styles.field}>
          <label htmlFor={nameId}>Name</label>
          <input id={nameId} className={styles.input} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
        </div>
        <fieldset className={styles.frequencies}>
          <legend>How often</legend>
          {keysOf(FREQUENCY_LABELS).map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="frequency" value={value} checked={frequency === value} onChange={() => setFrequency(value)} disabled={value === 'hourly' && !yearly} />
              {FREQUENCY_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {subscribeNote}
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || name.trim() === ''}>
            Save alert
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
