/**
 * A loading indicator announced to screen readers as a status with `label`
 * (issue 3 adds a random programmer quote under it).
 */
import styles from './ui.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.spinnerWrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
