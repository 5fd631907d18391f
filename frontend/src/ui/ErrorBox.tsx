/**
 * The one error box: the failure's title and message (wording from ./failure.ts, by kind) and,
 * when `onRetry` is given, a Retry button. Announced at once (role="alert").
 *
 *   <ErrorBox error={error} onRetry={() => revalidator.revalidate()} />
 */
import type { ReactNode } from 'react';
import { failureOf } from './failure';
import styles from './ui.module.css';

export function ErrorBox({ error, onRetry, children }: { error: unknown; onRetry?: () => void; children?: ReactNode }) {
  const { title, message } = failureOf(error);
  return (
    <div className={styles.errorBox} role="alert">
      <strong className={styles.errorTitle}>{title}</strong>
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
