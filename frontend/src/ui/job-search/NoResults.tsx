/**
 * A job list's empty state: "No results found." and a link to `to` (the list's path without its
 * search and filters): "Clear filters" when a search or filter narrowed the list, else "Refresh".
 */
import { Link } from 'react-router';
import styles from './NoResults.module.css';

export function NoResults({ to, narrowed = false }: { to: string; narrowed?: boolean }) {
  return (
    <div className={styles.empty}>
      <p>No results found.</p>
      <Link to={to} className={styles.refresh}>
        {narrowed ? 'Clear filters' : 'Refresh'}
      </Link>
    </div>
  );
}
