/**
 * A loading indicator announced to screen readers as a status with `label`, with a programmer
 * quote under it to read while the page or data loads. The quote table (about 6 KB compressed)
 * loads on the first spinner, not with the page, and the quote shows once it has: the server and
 * the browser's hydration both render the spinner without one, so they never disagree (a random
 * pick once differed between the two and React threw #418). The pick comes from the spinner's
 * React id, so the same spinner keeps its quote.
 */
import { useEffect, useId, useState } from 'react';
import type { ProgrammerQuote } from './programmerQuotes';
import styles from './ui.module.css';

let quoteFor: Promise<(key: string) => ProgrammerQuote> | undefined;
/** The quote picker with its table, fetched once. */
const loadQuoteFor = () => (quoteFor ??= import('./programmerQuotes').then((quotes) => quotes.quoteFor));

export function Spinner({ label = 'Loading' }: { label?: string }) {
  const key = `${useId()}${label}`;
  const [quote, setQuote] = useState<ProgrammerQuote | null>(null);
  useEffect(() => {
    let shown = true;
    void loadQuoteFor().then((pick) => shown && setQuote(pick(key)));
    return () => {
      shown = false;
    };
  }, [key]);
  return (
    <div className={styles.spinnerWrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
      {quote && (
        <figure className={styles.quote}>
          <blockquote>“{quote.text}”</blockquote>
          <figcaption>
            — {quote.author}
            {quote.source && <cite>, {quote.source}</cite>}
          </figcaption>
        </figure>
      )}
    </div>
  );
}
