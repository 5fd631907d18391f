/**
 * A job list's empty state: "No results found." and a Refresh link to `to` (the list's path
 * without its search and filters).
 */
import { Link } from 'react-router';
import styles from './NoResults.module.css';

export function NoResults({ to }: { to: string }) {
  return (
    <div className={styles.empty}>
      <p>No results found.</p>
      <Link to={to} className={styles.refresh}>
        Refresh
      </Link>
    </div>
  );
}
