/**
 * The one error box: the failure's title and message (wording from ./failure.ts, by kind) and,
 * when `onRetry` is given, a Retry button. Announced at once (role="alert"). With `page`, the
 * box is the whole page and its title the page's <h1>.
 *
 *   <ErrorBox error={error} onRetry={() => revalidator.revalidate()} />
 */
import type { ReactNode } from 'react';
import { failureOf } from './failure';
import styles from './ui.module.css';

export function ErrorBox({ error, onRetry, page = false, children }: { error: unknown; onRetry?: () => void; page?: boolean; children?: ReactNode }) {
  const { title, message } = failureOf(error);
  const Title = page ? 'h1' : 'strong';
  return (
    <div className={styles.errorBox} role="alert">
      <Title className={styles.errorTitle}>{title}</Title>
      <p className={styles.errorMessage}>{message}</p>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Retry
        </button>
      )}
      {children}
    </div>
  );
}
