/**
 * The dashboard's saved searches (issue 20.2; API in session/savedSearches.ts): each one's name,
 * what it watches (in the filter chips' words), how many jobs it matched in the last 7 days, a
 * link to the search on the site, and its controls: how often it alerts (hourly with the yearly
 * plan), pause and resume, rename, delete (asked twice), and its private RSS and JSON feed URLs
 * with "Replace feed URLs" (the old ones stop working). Saved from a job list's "Create alert".
 * Each change shows the saved search as the server answers it; a failure says what went wrong
 * beside the search it concerns.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { keysOf } from '../../../../shared/format/job-labels';
import { ApiError } from '../../api/http';
import { searchWords } from '../../ui/alerts/alertName';
import { searchPagePath, stateOfSavedSearch } from '../../ui/job-search/jobSearchParams';
import {
  deleteSavedSearch,
  FREQUENCY_LABELS,
  listSavedSearches,
  replaceFeedUrls,
  updateSavedSearch,
  type SavedSearch,
  type SavedSearchFrequency,
} from '../../session/savedSearches';
import { Spinner } from '../../ui/Spinner';
import styles from './SavedSearches.module.css';

/** The API's limit (shared/alerts/saved-search.ts `MAX_SAVED_SEARCHES`, not imported: that module holds zod). */
const MAX_SAVED_SEARCHES = 20;

const messageOf = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : 'Something went wrong. Please try again later.';

const matchedLabel = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'job' : 'jobs'} in the last 7 days`;

export function SavedSearches({ hourlyAllowed }: { hourlyAllowed: boolean }) {
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    listSavedSearches()
      .then((found) => {
        if (live) setSearches(found);
      })
      .catch((error: unknown) => {
        if (live) setLoadFailure(messageOf(error));
      });
    return () => {
      live = false;
    };
  }, [reloads]);

  const replace = (next: SavedSearch) => setSearches((current) => (current ?? []).map((one) => (one.id === next.id ? next : one)));
  const remove = (id: string) => setSearches((current) => (current ?? []).filter((one) => one.id !== id));

  return (
    <section className={styles.card} aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading">Saved searches</h2>
      <p className={styles.note}>
        Each saved search alerts you to the new jobs it finds. Save one from any job list with <strong>Create alert</strong>
        {searches !== null && ` (${searches.length} of ${MAX_SAVED_SEARCHES})`}.
      </p>
      {loadFailure !== null ? (
        <p className={styles.failure} role="alert">
          {loadFailure}{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setLoadFailure(null);
              setReloads((count) => count + 1);
            }}
          >
            Retry
          </button>
        </p>
      ) : searches === null ? (
        <Spinner label="Loading saved searches" />
      ) : searches.length === 0 ? (
        <p>
          No saved searches yet. <Link to="/">Find jobs</Link>, set the filters you want and press Create alert.
        </p>
      ) : (
        <ul className={styles.list}>
          {searches.map((search) => (
            <li key={search.id}>
              <SavedSearchItem search={search} hourlyAllowed={hourlyAllowed} onChange={replace} onDelete={() => remove(search.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchItem({ search, hourlyAllowed, onChange, onDelete }: { search: SavedSearch; hourlyAllowed: boolean; onChange: (next: SavedSearch) => void; onDelete: () => void }) {
  const headingId = useId();
  const frequencyId = useId();
  const renameId = useId();
  const [renaming, setRenaming] = useState(false);
  const [newName, setNewName] = useState(search.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const words = searchWords(stateOfSavedSearch(search.search));

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const change = (patch: Parameters<typeof updateSavedSearch>[1]) => run(async () => onChange(await updateSavedSearch(search.id, patch)));

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      onChange(await updateSavedSearch(search.id, { name: newName.trim() }));
      setRenaming(false);
    });
  };

  return (
    <article className={styles.item} aria-labelledby={headingId}>
      <header className={styles.itemHead}>
        <h3 id={headingId} className={styles.name}>
          {search.name}
          {search.paused && <span className={styles.paused}>Paused</span>}
        </h3>
        <p className={styles.matched}>{matchedLabel(search.matched_last_7_days)}</p>
      </header>
      <p className={styles.watches}>{words.length > 0 ? words.join(', ') : 'Every new job'}</p>
      <p>
        <Link to={searchPagePath(search.search)}>
          Show these jobs<span className="visually-hidden"> for {search.name}</span>
        </Link>
      </p>

      {renaming ? (
        <form className={styles.row} onSubmit={rename}>
          <label htmlFor={renameId} className={styles.label}>
            New name
          </label>
          <input id={renameId} className={styles.input} value={newName} onChange={(event) => setNewName(event.target.value)} required maxLength={100} />
          <button type="submit" className={styles.primary} disabled={busy || newName.trim() === ''}>
            Save name
          </button>
          <button type="button" className={styles.secondary} onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className={styles.row}>
          <label htmlFor={frequencyId} className={styles.label}>
            Alerts
          </label>
          <select
            id={frequencyId}
            className={styles.input}
            value={search.frequency}
            disabled={busy}
            onChange={(event) => void change({ frequency: event.target.value as SavedSearchFrequency })}
          >
            {keysOf(FREQUENCY_LABELS).map((value) => (
              <option key={value} value={value} disabled={value === 'hourly' && !hourlyAllowed && search.frequency !== 'hourly'}>
                {FREQUENCY_LABELS[value]}
              </option>
            ))}
          </select>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void change({ paused: !search.paused })}>
            {search.paused ? 'Resume' : 'Pause'}
            <span className="visually-hidden"> {search.name}</span>
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => {
              setNewName(search.name);
              setRenaming(true);
            }}
          >
            Rename<span className="visually-hidden"> {search.name}</span>
          </button>
          {confirmDelete ? (
            <>
              <button type="button" className={styles.danger} disabled={busy} onClick={() => void run(async () => (await deleteSavedSearch(search.id), onDelete()))}>
                Yes, delete<span className="visually-hidden"> {search.name}</span>
              </button>
              <button type="button" className={styles.secondary} onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete<span className="visually-hidden"> {search.name}</span>
            </button>
          )}
        </div>
      )}

      <details className={styles.feeds}>
        <summary>
          Private feeds<span className="visually-hidden"> of {search.name}</span>
        </summary>
        <p className={styles.note}>Anyone with these addresses can read this search’s feed. Replace them if you shared them by mistake: the old ones stop working at once.</p>
        <FeedUrl label="RSS" url={search.feed.rss} />
        <FeedUrl label="JSON Feed" url={search.feed.json} />
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run(async () => onChange(await replaceFeedUrls(search.id)))}>
          Replace feed URLs
        </button>
      </details>

      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
    </article>
  );
}

function FeedUrl({ label, url }: { label: string; url: string }) {
  const id = useId();
  return (
    <div className={styles.feed}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
    </div>
  );
}
