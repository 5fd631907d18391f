/**
 * `/login`: sign in.
 * - AWS (hosted sign-in configured): 'Continue with Google' leaves for Google through Cognito's
 *   hosted sign-in and comes back to /dashboard.
 * - One machine (cognito-local): name and email; the account is created on first use by the
 *   local product's account step (POST /local-auth/account), then aws-amplify signs in against
 *   the local pool and the visitor lands on /dashboard.
 * - No user pool: says sign-in is not configured.
 * Failures are logged to the console, not shown (the form stays usable).
 * Already signed in: straight to /dashboard.
 * Sent here by "Create alert" (router state `{ returnTo, createAlert }`, session/returnAfterSignIn.ts):
 * the local sign-in goes back to that list with the dialog open instead of /dashboard; for the
 * hosted Google sign-in the return is kept in sessionStorage and the dashboard follows it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getJson } from '../../api/http';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { StatusMessage } from '../../ui/StatusMessage';
import type { AuthSettings } from '../../../../shared/users/auth-settings';
import { Spinner } from '../../ui/Spinner';
import { keepReturnAfterSignIn, returnAfterSignIn } from '../../session/returnAfterSignIn';
import { loadAuth, refreshSession } from '../../session/session';
import styles from './auth.module.css';

type Mode = 'loading' | 'google' | 'local' | 'off';

const modeOf = (settings: AuthSettings): Mode => {
  if (!settings.configured) return 'off';
  return settings.oauthDomain !== null ? 'google' : 'local';
};

export function LoginPage() {
  useDocumentMeta('Sign in | Latent Jobs', 'Sign in to Latent Jobs to manage your job alerts and subscription.');
  const navigate = useNavigate();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const settings = await getJson<AuthSettings>('/auth/config');
      if (!live) return;
      if (!settings.configured) {
        setMode('off');
        return;
      }
      const amplify = await loadAuth();
      if (!live) return;
      if (amplify !== null && (await amplify.signedInUser()) !== null) {
        navigate('/dashboard', { replace: true });
        return;
      }
      setMode(modeOf(settings));
    })().catch((error: unknown) => {
      console.error('Could not load the sign-in settings', error);
      if (live) setMode('off');
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  const google = async () => {
    setBusy(true);
    try {
      const amplify = await loadAuth();
      keepReturnAfterSignIn(location.state);
      await amplify?.signInWithGoogle();
    } catch (error) {
      console.error('Sign-in with Google failed', error);
      setBusy(false);
    }
  };

  const local = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const response = await fetch('/local-auth/account', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? '') }),
      });
      if (!response.ok) throw new Error(`Local account step answered ${response.status}: ${await response.text()}`);
      const { username, password } = (await response.json()) as { username: string; password: string };
      const amplify = await loadAuth();
      if (amplify === null || !(await amplify.signInWithPassword(username, password))) throw new Error('The local user pool did not sign in');
      await refreshSession();
      const back = returnAfterSignIn(location.state);
      navigate(back?.returnTo ?? '/dashboard', { replace: true, state: back });
    } catch (error) {
      console.error('Sign-in failed', error);
      setBusy(false);
    }
  };

  if (mode === 'loading') return <Spinner label="Loading sign-in" />;
  if (mode === 'off') {
    return (
      <StatusMessage tone="neutral" heading="Sign-in is not configured yet">
        <p>Accounts and paid job alerts are not available on this site. You can browse and search every job without signing in.</p>
        <p>
          <Link to="/">Browse jobs</Link>
        </p>
      </StatusMessage>
    );
  }
  return (
    <section className={styles.page} aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" className={styles.heading}>
        Sign in to Latent Jobs
      </h1>
      {mode === 'google' ? (
        <>
          <p className={styles.lead}>Use your Google account to choose job alerts and manage your plan.</p>
          <div className={styles.form}>
            <button type="button" className={styles.button} onClick={() => void google()} disabled={busy}>
              Continue with Google
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.lead}>Local sign-in: enter a name and email. An account is created the first time.</p>
          <form className={styles.form} onSubmit={(event) => void local(event)}>
            <label className={styles.field}>
              Name
              <input name="name" autoComplete="name" required maxLength={100} />
            </label>
            <label className={styles.field}>
              Email
              <input name="email" type="email" autoComplete="email" required maxLength={254} />
            </label>
            <button type="submit" className={styles.button} disabled={busy}>
              Sign in
            </button>
          </form>
          <p className={styles.note}>This local user pool (cognito-local) stands in for Google sign-in on one machine.</p>
        </>
      )}
    </section>
  );
}
