/**
 * A pager: Previous, at most three page numbers sliding with the current page, the first and the
 * last page when those are out of that window (after or before a gap "…"), Next; and a page
 * number field ("Go to page") for any page in between. Previous is disabled on the first page and
 * Next on the last. Pages are 1-based; a number out of range is taken as the nearest page.
 */
import { useState, type FormEvent } from 'react';
import { pageWindow } from './pageWindow';
import styles from './Pagination.module.css';

function PageButton({ n, page, onPage, label }: { n: number; page: number; onPage: (page: number) => void; label?: string }) {
  return (
    <li>
      <button type="button" className={styles.number} aria-current={n === page ? 'page' : undefined} aria-label={label ?? `Page ${n}`} onClick={() => n !== page && onPage(n)}>
        {n}
      </button>
    </li>
  );
}

const Gap = () => (
  <li className={styles.gap} aria-hidden="true">
    …
  </li>
);

/** The page number field: a page typed and sent with Enter or Go. */
function GoToPage({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const [typed, setTyped] = useState('');
  const go = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Math.trunc(Number(typed));
    setTyped('');
    if (typed.trim() === '' || !Number.isFinite(wanted)) return;
    const target = Math.min(Math.max(wanted, 1), totalPages);
    if (target !== page) onPage(target);
  };
  return (
    <form className={styles.goTo} onSubmit={go} noValidate>
      <label>
        Go to page
        <input className={styles.field} type="number" inputMode="numeric" min={1} max={totalPages} value={typed} placeholder={String(page)} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <span className={styles.of}>of {totalPages.toLocaleString('en-US')}</span>
      <button type="submit" className={styles.step}>
        Go
      </button>
    </form>
  );
}

export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages < 1) return null;
  const window = pageWindow(page, totalPages);
  const first = window[0]!;
  const last = window[window.length - 1]!;
  return (
    <nav className={styles.pager} aria-label="Pagination">
      <div className={styles.row}>
        <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <span aria-hidden="true">←</span> Previous
        </button>
        <ul className={styles.numbers}>
          {first > 1 && <PageButton n={1} page={page} onPage={onPage} label="First page, page 1" />}
          {first > 2 && <Gap />}
          {window.map((n) => (
            <PageButton key={n} n={n} page={page} onPage={onPage} />
          ))}
          {last < totalPages - 1 && <Gap />}
          {last < totalPages && <PageButton n={totalPages} page={page} onPage={onPage} label={`Last page, page ${totalPages}`} />}
        </ul>
        <button type="button" className={styles.step} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
      {totalPages > 1 && <GoToPage page={page} totalPages={totalPages} onPage={onPage} />}
    </nav>
  );
}
