/**
 * An error message box: a bold `title` ('Error' by default) and the `message` a visitor reads,
 * e.g. 'Error fetching data'. Announced at once (role="alert").
 */
import type { ReactNode } from 'react';
import styles from './ui.module.css';

export function ErrorBox({ title = 'Error', message, children }: { title?: string; message: string; children?: ReactNode }) {
  return (
    <div className={styles.errorBox} role="alert">
      <strong className={styles.errorTitle}>{title}</strong>
      <p className={styles.errorMessage}>{message}</p>
      {children}
    </div>
  );
}
