/**
 * Where a visitor goes back to after signing in, when something on the site sent them to sign in
 * (e.g. "Create alert" on a job list, ui/alerts/CreateAlert.tsx): a site path and the router state
 * to open it with. Router state carries it through the local sign-in; the hosted Google sign-in
 * leaves the site and comes back to /dashboard, so /login keeps it in sessionStorage for the
 * dashboard to follow once.
 */

/** Router state of a page that sends a visitor to /login and wants them back. */
export interface ReturnAfterSignIn {
  /** A site path with its query, e.g. '/remote_jobs?seniority=senior'. */
  returnTo: string;
  /** Reopen the "Create alert" dialog on return. */
  createAlert?: true;
}

const KEY = 'latentjobs.returnAfterSignIn';

/** `state` when it names a path on this site (never another origin), else null. */
export const returnAfterSignIn = (state: unknown): ReturnAfterSignIn | null => {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  // '//host' and '/\host' would name another origin.
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) return null;
  return { returnTo, ...((state as { createAlert?: unknown }).createAlert === true ? { createAlert: true } : {}) };
};

/** Keeps `state` (when it is a return) across the hosted sign-in's round trip. */
export const keepReturnAfterSignIn = (state: unknown): void => {
  const back = returnAfterSignIn(state);
  if (back !== null) sessionStorage.setItem(KEY, JSON.stringify(back));
};

/** The kept return, once (it is removed), or null. */
export const takeReturnAfterSignIn = (): ReturnAfterSignIn | null => {
  const kept = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (kept === null) return null;
  try {
    return returnAfterSignIn(JSON.parse(kept));
  } catch {
    return null;
  }
};
