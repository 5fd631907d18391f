/**
 * The filter bar folded away on a narrow screen (≤ 640 px wide): a "Filters" button (with how
 * many are set) opens and closes it, so that the first jobs show without scrolling on a phone.
 * Until the visitor uses the button, it is open exactly when a filter is set (its chips show).
 * Wider screens always show the bar and no button. Folded by CSS, so the page rendered on the
 * server is already folded on a phone.
 *
 *   <FiltersDisclosure active={chips.length}><FilterBar ... /></FiltersDisclosure>
 */
import { useId, useState, type ReactNode } from 'react';
import styles from './FiltersDisclosure.module.css';
import pill from '../PillButton.module.css';

export function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? active > 0;
  const id = useId();
  return (
    <div className={styles.disclosure} data-open={open}>
      <button type="button" className={`${pill.pill} ${styles.toggle}`} aria-expanded={open} aria-controls={id} onClick={() => setChosen(!open)}>
        Filters{active > 0 ? ` (${active})` : ''} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={id} className={styles.body}>
        {children}
      </div>
    </div>
  );
}
