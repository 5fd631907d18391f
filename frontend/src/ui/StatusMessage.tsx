/**
 * The body of a simple status page: an icon tone, a heading, a few sentences and links onward.
 */
import type { ReactNode } from 'react';
import styles from './StatusMessage.module.css';

export function StatusMessage({ tone, heading, children }: { tone: 'success' | 'neutral' | 'warning'; heading: string; children: ReactNode }) {
  return (
    <section className={styles.page}>
      <span className={`${styles.badge} ${styles[tone]}`} aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'warning' ? '!' : 'i'}
      </span>
      <h1 className={styles.heading}>{heading}</h1>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
