/**
 * The job search form: a labelled search field and a Search button; submits on Enter or the
 * button with the trimmed text. The placeholder shortens at widths of 768 px or less.
 */
import { useState, type FormEvent } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery';
import styles from './SearchBox.module.css';

export const PLACEHOLDER_WIDE = 'Search by Company, Location or Tech Skill';
export const PLACEHOLDER_NARROW = 'Search by Company ...';

/** `initial` is the current search (from the URL); re-mount with a `key` to reset the field when it changes. */
export function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const narrow = useMediaQuery('(max-width: 768px)');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <label htmlFor="job-search" className="visually-hidden">
        Search jobs
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M10.5 3a7.5 7.5 0 0 1 5.96 12.06l4.24 4.24-1.4 1.4-4.24-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z"
          fill="currentColor"
        />
      </svg>
      <input
        id="job-search"
        className={styles.input}
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={narrow ? PLACEHOLDER_NARROW : PLACEHOLDER_WIDE}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
    </form>
  );
}
