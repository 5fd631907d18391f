/**
 * The job search form: a labelled search field and a Search button; submits on Enter or the
 * button with the trimmed text. The placeholder shortens at widths of 768 px or less.
 *
 * While typing, suggestions (./useSuggestions.ts) show under the field as an ARIA 1.2 combobox:
 * Down and Up move through them, Enter searches for the one chosen, Escape closes them, a click
 * or tap picks one; each says what it is (title, company, skill, place).
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { useSuggestions, type Suggestion } from './useSuggestions';
import styles from './SearchBox.module.css';

const KIND_LABELS: Record<Suggestion['kind'], string> = { title: 'Job title', company: 'Company', skill: 'Skill', place: 'Place' };

export const PLACEHOLDER_WIDE = 'Search by Company, Location or Tech Skill';
export const PLACEHOLDER_NARROW = 'Search by Company ...';

/** `initial` is the current search (from the URL); re-mount with a `key` to reset the field when it changes. */
export function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  // Suggestions are asked for once the visitor types, not for the search the page opened with.
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const narrow = useMediaQuery('(max-width: 768px)');
  const listId = useId();
  const suggestions = useSuggestions(text, typed);
  const shown = open && suggestions.length > 0;

  const pick = (suggestion: Suggestion) => {
    setText(suggestion.text);
    setOpen(false);
    setActive(-1);
    onSearch(suggestion.text.trim());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(false);
    onSearch(text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      // Positions -1 (the typed text) to the last suggestion, wrapping around.
      const last = suggestions.length - 1;
      setActive((current) => (event.key === 'ArrowDown' ? (current >= last ? -1 : current + 1) : current <= -1 ? last : current - 1));
    } else if (event.key === 'Enter' && shown && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      pick(suggestions[active]!);
    }
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
        onChange={(event) => {
          setText(event.target.value);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={narrow ? PLACEHOLDER_NARROW : PLACEHOLDER_WIDE}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
      <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.suggestions} hidden={!shown}>
        {shown &&
          suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.kind}:${suggestion.text}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? `${styles.suggestion} ${styles.suggestionActive}` : styles.suggestion}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              <span>{suggestion.text}</span>
              <span className={styles.kind}>{KIND_LABELS[suggestion.kind]}</span>
            </li>
          ))}
      </ul>
    </form>
  );
}
