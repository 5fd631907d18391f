/**
 * `/dashboard`: the signed-in user's account (issue 5). Signed-out visitors go to /login.
 *
 * - 'Hi, {name}' and the registered email (from POST /api/users, which creates or refreshes the
 *   account from the ID token and answers the UserView).
 * - The plan, its renewal or end date, and Manage subscription (POST /api/payments/portal → the
 *   Stripe customer portal, where plans are changed and cancelled); the note that support can
 *   cancel by email. Without a plan, the note says how to start one instead.
 * - Saved searches (./SavedSearches.tsx): rename, pause, frequency, delete, matches in the last
 *   7 days, a link to each on the site and its private feeds.
 * - Subscription Plans (shared/billing/plans.ts) with Pay Now (POST /api/payments/checkout
 *   `{plan}` → the browser follows the returned Stripe Checkout URL), only for a visitor with no
 *   plan to manage (planSummary.ts `hasPlanToManage`): a subscriber sees their plan, not Pay Now.
 * - Every failed call shows what happened and a way on (./dashboardProblems.ts): Retry, Sign in
 *   again (401), or the account reloaded (409 on Pay Now: it already has a plan).
 * - The benefits text, one checkbox per department group (blank names hidden) and Subscribe to
 *   Alerts (POST /api/users/subscribe `{groups, version}`), all disabled unless the subscription
 *   is paid and active; 'Successfully Updated' until dismissed; on failure 'Failed to submit the
 *   data' and the alert 'Something went wrong. Please try again later.'.
 * - Back from Checkout with `?session_id=...`: POST /api/payments/confirm `{session_id}` shows
 *   the fresh account at once (before Stripe's webhook arrives).
 * - Sign Out: clears the stored session, goes to / and reloads.
 * - Back from the hosted sign-in that a job list's "Create alert" started
 *   (session/returnAfterSignIn.ts): straight back to that list, its dialog open.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLANS, formatPlanPrice, type Plan, type PlanId } from '../../../../shared/billing/plans';
import type { UserView } from '../../../../shared/users/user-view';
import { listDepartments } from '../../api/departments';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { Spinner } from '../../ui/Spinner';
import { ALERT_BENEFITS } from '../../ui/alerts/benefits';
import { authedPost } from '../../session/authedApi';
import { takeReturnAfterSignIn } from '../../session/returnAfterSignIn';
import { loadAuth } from '../../session/session';
import { dashboardProblem, type DashboardAction, type DashboardProblem } from './dashboardProblems';
import { hasPlanToManage, planSummary } from './planSummary';
import { SavedSearches } from './SavedSearches';
import styles from './dashboard.module.css';

const FAILURE_ALERT = 'Something went wrong. Please try again later.';
const PER: Record<Plan['interval'], string> = { week: 'week', month: 'month', year: 'year' };

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The confirm route answers the fresh UserView (or `{ user }`). */
const userOf = (answer: UserView | { user: UserView }): UserView => ('user' in answer ? answer.user : answer);

export function DashboardPage() {
  useDocumentMeta('Dashboard | Latent Jobs', 'Your Latent Jobs account: plan, job alert groups and subscription.');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Read once: dropping it from the URL after confirming must not load the account again.
  const [sessionId] = useState(() => params.get('session_id'));
  const [user, setUser] = useState<UserView | null>(null);
  const [departments, setDepartments] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [save, setSave] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<(DashboardProblem & { retry: () => void }) | null>(null);
  // Bumped to load the account (and the groups) again: Retry, or after a 409.
  const [reloads, setReloads] = useState(0);
  const reload = () => {
    setProblem(null);
    setReloads((count) => count + 1);
  };
  const fail = (action: DashboardAction, error: unknown, retry: () => void) => {
    console.error(`Dashboard: ${action} failed`, error);
    const found = dashboardProblem(action, error);
    setProblem({ ...found, retry });
    if (found.remedy === 'reload_account') setReloads((count) => count + 1);
  };

  useEffect(() => {
    let live = true;
    (async () => {
      const amplify = await loadAuth();
      if (amplify === null || (await amplify.signedInUser()) === null) {
        navigate('/login', { replace: true });
        return;
      }
      // Back from the hosted sign-in that a list's "Create alert" started: to that list.
      const back = takeReturnAfterSignIn();
      if (back !== null) {
        navigate(back.returnTo, { replace: true, state: back });
        return;
      }
      let fresh: UserView | null = null;
      if (sessionId !== null) {
        try {
          fresh = userOf(await authedPost<UserView | { user: UserView }>('/payments/confirm', { session_id: sessionId }));
        } catch (error) {
          // The webhook brings the payment in shortly; say so, and offer to look again.
          if (live) fail('confirm', error, reload);
        }
        if (live) navigate('/dashboard', { replace: true });
      }
      fresh ??= await authedPost<UserView>('/users');
      if (!live) return;
      setUser(fresh);
      setSelected(new Set(fresh.groups));
    })().catch((error: unknown) => {
      if (live) fail('load', error, reload);
    });
    return () => {
      live = false;
    };
  }, [navigate, sessionId, reloads]);

  useEffect(() => {
    const controller = new AbortController();
    listDepartments(controller.signal)
      .then(({ items }) => setDepartments(items.filter((name) => name.trim() !== '')))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) fail('groups', error, reload);
      });
    return () => controller.abort();
  }, [reloads]);

  const problemBox = problem && (
    <div className={styles.problem} role="alert">
      <p>{problem.message}</p>
      {problem.remedy === 'sign_in' ? (
        <Link className={styles.secondary} to="/login">
          Sign in again
        </Link>
      ) : problem.remedy === 'retry' ? (
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setProblem(null);
            problem.retry();
          }}
        >
          Retry
        </button>
      ) : null}
      <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => setProblem(null)}>
        ×
      </button>
    </div>
  );

  if (user === null) return problemBox ? <div className={styles.page}>{problemBox}</div> : <Spinner label="Loading your account" />;
  const paid = user.paid_active;
  const subscriber = hasPlanToManage(user);

  const follow = async (action: 'checkout' | 'portal', path: string, body: object) => {
    setProblem(null);
    try {
      const { url } = await authedPost<{ url: string }>(path, body);
      window.location.assign(url);
    } catch (error) {
      fail(action, error, () => void follow(action, path, body));
    }
  };

  const toggle = (name: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  };

  const submit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setSave('saving');
    try {
      const saved = await authedPost<UserView>('/users/subscribe', { groups: departments.filter((name) => selected.has(name)), version: user.version });
      setUser(saved);
      setSelected(new Set(saved.groups));
      setSave('saved');
    } catch (error) {
      setSave('failed');
      window.alert(FAILURE_ALERT);
      fail('save', error, () => void submit());
    }
  };

  const signOut = async () => {
    const amplify = await loadAuth();
    await amplify?.signOutAndReload();
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.hello}>Hi, {user.name || user.email}</h1>
          <p className={styles.email}>{user.email}</p>
        </div>
        <button type="button" className={styles.secondary} onClick={() => void signOut()}>
          Sign Out
        </button>
      </header>

      {problemBox}

      <section className={styles.card} aria-labelledby="plan-heading">
        <h2 id="plan-heading">Your plan</h2>
        <p className={styles.plan}>{planSummary(user.subscription)}</p>
        {user.subscription.status !== 'none' && (
          <button type="button" className={styles.secondary} onClick={() => void follow('portal', '/payments/portal', {})}>
            Manage subscription
          </button>
        )}
        {subscriber ? (
          <p className={styles.note}>
            You can change or cancel your plan in Manage subscription, or ask support to cancel it by email at{' '}
            <a href="mailto:hello@latentjobs.com">hello@latentjobs.com</a>.
          </p>
        ) : (
          <p className={styles.note}>Choose a plan below: your daily job alert starts as soon as it is paid.</p>
        )}
      </section>

      <SavedSearches hourlyAllowed={paid && user.subscription.plan === 'yearly'} />

      {!subscriber && (
        <section className={styles.card} aria-labelledby="plans-heading">
          <h2 id="plans-heading">Subscription Plans</h2>
          <ul className={styles.plans}>
            {PLANS.map((plan) => (
              <li key={plan.id} className={styles.planCard}>
                <h3>{plan.name}</h3>
                <p>
                  <strong>{formatPlanPrice(plan)}</strong> / {PER[plan.interval]}
                </p>
                <button
                  type="button"
                  className={styles.primary}
                  aria-label={`Pay Now: ${plan.name} plan, ${formatPlanPrice(plan)} a ${PER[plan.interval]}`}
                  onClick={() =>
                    void follow('checkout', '/payments/checkout', {
                      plan: plan.id satisfies PlanId,
                    })
                  }
                >
                  Pay Now
                </button>
              </li>
            ))}
          </ul>
          <ul className={styles.benefits}>
            {ALERT_BENEFITS.map(({ title, text }) => (
              <li key={title}>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.card} aria-labelledby="groups-heading">
        <h2 id="groups-heading">Job alert groups</h2>
        {!paid && <p className={styles.note}>Choose a plan to pick the groups your daily job alert covers.</p>}
        <form onSubmit={(event) => void submit(event)}>
          <fieldset className={styles.groups} disabled={!paid}>
            <legend className={styles.legend}>Groups</legend>
            {departments.map((name) => (
              <label key={name} className={styles.group}>
                <input type="checkbox" name="groups" value={name} checked={selected.has(name)} onChange={() => toggle(name)} disabled={!paid} />
                {name}
              </label>
            ))}
          </fieldset>
          <button type="submit" className={styles.primary} disabled={!paid || save === 'saving'}>
            Subscribe to Alerts
          </button>
        </form>
        {save === 'saved' && (
          <p className={styles.success} role="status">
            Successfully Updated
            <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => setSave('idle')}>
              ×
            </button>
          </p>
        )}
        {save === 'failed' && (
          <p className={styles.failure} role="alert">
            Failed to submit the data
          </p>
        )}
      </section>
    </div>
  );
}
