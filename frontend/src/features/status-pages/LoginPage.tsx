/**
 * `/login`: where Login and Pay Now lead. Sign-in is not configured yet (the accounts issue
 * replaces this page with the real sign-in), so it says so and offers the way back.
 */
import { Link } from 'react-router';
import { useDocumentMeta } from '../../app/useDocumentMeta';
import { StatusMessage } from './StatusMessage';
import styles from './StatusMessage.module.css';

export function LoginPage() {
  useDocumentMeta('Sign in | Latent Jobs', 'Sign in to Latent Jobs to manage your job alerts and subscription.');
  return (
    <StatusMessage tone="neutral" heading="Sign-in is not configured yet">
      <p>Accounts and paid job alerts are coming soon. Until then you can browse and search every job without signing in.</p>
      <div className={styles.actions}>
        <Link className={styles.primary} to="/">
          Browse jobs
        </Link>
        <Link className={styles.secondary} to="/remote_jobs">
          Remote jobs
        </Link>
      </div>
    </StatusMessage>
  );
}
