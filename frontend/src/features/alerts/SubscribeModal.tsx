/**
 * 'Subscribe to our job emails': the free weekly newsletter's email form. Checks the address;
 * the alerts issue wires the POST (double opt-in), so for now a valid address gets a clear
 * "coming soon" message and nothing is sent anywhere.
 */
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../ui/Modal';
import { isEmailAddress } from './email';
import styles from './alerts.module.css';

export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isEmailAddress(email)) {
      setError('Please enter a valid email address, like name@example.com.');
      return;
    }
    setError(null);
    setDone(true);
  };

  return (
    <Modal title="Subscribe to our job emails" onClose={onClose}>
      <p className={styles.lead}>Once a week: the most notable new AI jobs and the companies hiring for them. Free, and one click to unsubscribe.</p>
      {done ? (
        <p className={styles.notice} role="status">
          Thanks! Email sign-up is coming soon: we have not saved or sent anything yet. Please check back shortly.
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <label htmlFor="newsletter-email">Email address</label>
          <div className={styles.formRow}>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="name@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" className={styles.pay}>
              Subscribe
            </button>
          </div>
          {error && (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
