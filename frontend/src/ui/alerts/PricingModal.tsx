/**
 * 'Unlock AI Jobs with Latent Jobs': the benefits of paid daily job alerts and the three plans
 * from shared/billing/plans.ts, each with Pay Now. Signed out, Pay Now leads to /login; signed
 * in, it opens the Stripe checkout made on the server (session/startCheckout, loaded on click).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PLANS, formatPlanPrice, type Plan } from '../../../../shared/billing/plans';
import { useSession } from '../../session/session';
import { Modal } from '../Modal';
import { ALERT_BENEFITS } from './benefits';
import styles from './alerts.module.css';

const PER: Record<Plan['interval'], string> = { week: 'week', month: 'month', year: 'year' };

export function PricingModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const user = useSession();
  const [notice, setNotice] = useState<string | null>(null);

  const pay = async (plan: Plan) => {
    if (!user) {
      onClose();
      navigate('/login', { state: { plan: plan.id } });
      return;
    }
    setNotice(`Opening the checkout for the ${plan.name} plan…`);
    try {
      const { startCheckout } = await import('../../session/startCheckout');
      await startCheckout(plan.id);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      setNotice(status === 409 ? (error as Error).message : 'Something went wrong. Please try again later.');
    }
  };

  return (
    <Modal title="Unlock AI Jobs with Latent Jobs" onClose={onClose} wide>
      <ul className={styles.benefits}>
        {ALERT_BENEFITS.map(({ title, text }) => (
          <li key={title}>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
      <ul className={styles.plans} aria-label="Plans">
        {PLANS.map((plan) => (
          <li key={plan.id} className={plan.id === 'yearly' ? styles.bestPlan : styles.plan}>
            <h3>{plan.name}</h3>
            <p className={styles.price}>
              <strong>{formatPlanPrice(plan)}</strong> / {PER[plan.interval]}
            </p>
            {plan.id === 'yearly' && <p className={styles.tag}>Best value</p>}
            <button type="button" className={styles.pay} onClick={() => void pay(plan)} aria-label={`Pay Now: ${plan.name} plan, ${formatPlanPrice(plan)} a ${PER[plan.interval]}`}>
              Pay Now
            </button>
          </li>
        ))}
      </ul>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
    </Modal>
  );
}
