/**
 * `/newsletter/confirmed`: where the confirmation link of the weekly newsletter lands (the API
 * confirms, then redirects here; lambdas/functions/email.ts).
 */
import { Link } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from '../../ui/StatusMessage.module.css';

export function NewsletterConfirmedPage() {
  useDocumentMeta('Subscription confirmed | Latent Jobs', 'Your Latent Jobs weekly newsletter is confirmed.');
  return (
    <StatusMessage tone="success" heading="You're subscribed">
      <p>
        Thanks for confirming! Once a week you will get the most notable new AI jobs and the companies hiring for them. Every email has a one-click unsubscribe
        link.
      </p>
      <div className={styles.actions}>
        <Link className={styles.primary} to="/">
          Browse jobs
        </Link>
      </div>
    </StatusMessage>
  );
}
