/**
 * The analytics consent banner, shown only when analytics is configured and the visitor has not
 * chosen yet. Accept and Reject are the same size, side by side, equally prominent; the choice is
 * remembered. Accept loads the tag and reports the current page view.
 * `AnalyticsChoiceButton` (for the footer) lets a visitor change their mind later.
 */
import { useLocation } from 'react-router';
import { analyticsConfig } from './config';
import { saveConsent, useConsent } from './consent';
import { track } from './track';
import styles from './ConsentBanner.module.css';

export function ConsentBanner() {
  const consent = useConsent();
  const { pathname, search } = useLocation();
  if (!analyticsConfig || consent !== null) return null;

  const accept = () => {
    saveConsent('accepted');
    track({ name: 'pageview', path: pathname + search });
  };

  return (
    <section className={styles.banner} aria-label="Analytics consent" aria-describedby="consent-text">
      <p id="consent-text" className={styles.text}>
        May we count page views and clicks with privacy-friendly analytics (Plausible: no cookies, no personal data)? It helps us
        find which jobs and pages are useful. You can change this later from the footer.
      </p>
      <div className={styles.choices}>
        <button type="button" className={styles.choice} onClick={() => saveConsent('rejected')}>
          Reject
        </button>
        <button type="button" className={styles.choice} onClick={accept}>
          Accept
        </button>
      </div>
    </section>
  );
}

export function AnalyticsChoiceButton({ className }: { className?: string }) {
  const consent = useConsent();
  if (!analyticsConfig || consent === null) return null;
  return (
    <button type="button" className={className} onClick={() => saveConsent(null)}>
      Analytics choice: {consent === 'accepted' ? 'on' : 'off'} (change)
    </button>
  );
}
