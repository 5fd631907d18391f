/**
 * A loading indicator announced to screen readers as a status with `label`, with a random
 * programmer quote under it (picked once per spinner) to read while the page or data loads.
 */
import { useState } from 'react';
import { randomQuote } from './programmerQuotes';
import styles from './ui.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  const [quote] = useState(randomQuote);
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
