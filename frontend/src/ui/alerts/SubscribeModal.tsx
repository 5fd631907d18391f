/**
 * 'Subscribe to our job emails': the free weekly newsletter's email form. Checks the address,
 * then POSTs `{ email }` to /api/newsletter/subscribe (double opt-in: the API mails a
 * confirmation link). Success: 'Check your inbox to confirm'; an API error (400 bad address,
 * 429 too many requests, 502 mail down) shows the server's message; a network failure a
 * generic one.
 */
import { useId, useState, type FormEvent } from 'react';
import { ApiError, postJson } from '../../api/http';
import { Modal } from '../Modal';
import { isEmailAddress } from '../../../../shared/format/email-address';
import styles from './alerts.module.css';

export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isEmailAddress(email)) {
      setError('Please enter a valid email address, like name@example.com.');
      return;
    }
    setError(null);
    setSending(true);
    try {
      await postJson<{ message: string }>('/newsletter/subscribe', { email: email.trim() });
      setDone(true);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : 'We could not reach the server. Please check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title="Subscribe to our job emails" onClose={onClose}>
      <p className={styles.lead}>Once a week: the most notable new AI jobs and the companies hiring for them. Free, and one click to unsubscribe.</p>
      {done ? (
        <p className={styles.notice} role="status">
          Check your inbox to confirm: we sent a link to {email.trim()}. Nothing arrives until you confirm.
        </p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
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
            <button type="submit" className={styles.pay} disabled={sending}>
              {sending ? 'Sending…' : 'Subscribe'}
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
