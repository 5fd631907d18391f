/**
 * A loading indicator announced to screen readers as a status with `label`, with a programmer
 * quote under it to read while the page or data loads. The quote is picked from the spinner's
 * React id, which the server and the browser agree on, so a server-rendered spinner hydrates
 * without a text mismatch (a random pick differed between the two and React threw #418).
 */
import { useId } from 'react';
import { quoteFor } from './programmerQuotes';
import styles from './ui.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  const quote = quoteFor(`${useId()}${label}`);
  return (
    <div className={styles.spinnerWrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
      <figure className={styles.quote}>
        <blockquote>“{quote.text}”</blockquote>
        <figcaption>
          — {quote.author}
          {quote.source && <cite>, {quote.source}</cite>}
        </figcaption>
      </figure>
    </div>
  );
}
