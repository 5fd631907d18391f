/**
 * The line a demo catalog carries on `/coverage` and the job page (shared/crawl/demo-catalog.ts):
 * "Demo catalog: real postings captured on 28 Oct 2025, shown as if read today". Nothing when
 * the catalog is crawled (`capturedOn` null).
 */
import { demoCatalogNotice } from '../../../shared/crawl/demo-catalog';
import styles from './DemoNotice.module.css';

export function DemoNotice({ capturedOn }: { capturedOn: string | null }) {
  if (capturedOn === null) return null;
  return (
    <p className={styles.notice} role="note">
      {demoCatalogNotice(capturedOn)}.
    </p>
  );
}
