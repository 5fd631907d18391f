/**
 * A pager: Previous, at most three page numbers sliding with the current page, Next.
 * Previous is disabled on the first page and Next on the last. Pages are 1-based.
 */
import { pageWindow } from './pageWindow';
import styles from './Pagination.module.css';

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages < 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pagination">
      <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">←</span> Previous
      </button>
      <ul className={styles.numbers}>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={styles.number}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== page && onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.step} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
