/**
 * The home page's job-alerts banner: Create Job Alerts opens the pricing modal, Subscribe to
 * Weekly Job Alerts the newsletter modal. The modals' code loads on first use (hovering or
 * focusing a button starts the download), so it costs the home page nothing up front.
 */
import { Suspense, lazy, useState } from 'react';
import styles from './alerts.module.css';

const loadPricing = () => import('./PricingModal');
const loadSubscribe = () => import('./SubscribeModal');
const PricingModal = lazy(async () => ({ default: (await loadPricing()).PricingModal }));
const SubscribeModal = lazy(async () => ({ default: (await loadSubscribe()).SubscribeModal }));

export function JobAlertsBanner() {
  const [open, setOpen] = useState<'pricing' | 'subscribe' | null>(null);
  const close = () => setOpen(null);
  return (
    <section className={styles.banner} aria-labelledby="alerts-banner-title">
      <div className={styles.bannerText}>
        <h2 id="alerts-banner-title">Never miss a new AI job</h2>
        <p>Get the newest openings from the companies building AI in your inbox, hours after they are posted.</p>
      </div>
      <div className={styles.bannerActions}>
        <button type="button" className={styles.primary} onClick={() => setOpen('pricing')} onPointerEnter={loadPricing} onFocus={loadPricing}>
          Create Job Alerts
        </button>
        <button type="button" className={styles.secondary} onClick={() => setOpen('subscribe')} onPointerEnter={loadSubscribe} onFocus={loadSubscribe}>
          Subscribe to Weekly Job Alerts
        </button>
      </div>
      <Suspense fallback={null}>
        {open === 'pricing' && <PricingModal onClose={close} />}
        {open === 'subscribe' && <SubscribeModal onClose={close} />}
      </Suspense>
    </section>
  );
}
