/**
 * `/cancel`: the page a visitor sees after leaving the checkout without paying.
 */
import { Link } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from '../../ui/StatusMessage.module.css';

export function CancelPage() {
  useDocumentMeta('Payment cancelled | Latent Jobs', 'Your payment was cancelled; nothing was charged.');
  return (
    <StatusMessage tone="warning" heading="Payment cancelled">
      <p>No payment was taken. You can pick a plan again whenever you like, or keep browsing jobs for free.</p>
      <div className={styles.actions}>
        <Link className={styles.primary} to="/">
          Back to jobs
        </Link>
      </div>
    </StatusMessage>
  );
}
