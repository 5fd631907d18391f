/**
 * `/success`: the page a visitor sees after a completed payment.
 */
import { Link } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from '../../ui/StatusMessage.module.css';

export function SuccessPage() {
  useDocumentMeta('Payment successful | Latent Jobs', 'Your Latent Jobs subscription is active.');
  return (
    <StatusMessage tone="success" heading="Payment successful">
      <p>Thank you! Your subscription is active. Pick the job groups you want alerts for on your dashboard, and new matching jobs reach your inbox every day.</p>
      <div className={styles.actions}>
        <Link className={styles.primary} to="/dashboard">
          Go to your dashboard
        </Link>
        <Link className={styles.secondary} to="/">
          Browse jobs
        </Link>
      </div>
    </StatusMessage>
  );
}
