/**
 * The signed-in user for the whole SPA, without loading aws-amplify unless it is needed:
 * on start, Amplify's chunk is loaded only when localStorage holds a stored session (Amplify v6
 * keeps it under "CognitoIdentityServiceProvider.<client>.*"); /login and /dashboard load it
 * through `loadAuth()`.
 *
 * - `useSession()`: the user ({ name, email }) or null; re-renders when it changes.
 * - `loadAuth()`: Amplify configured with the site's settings (GET /api/auth/config) → the
 *   amplify module, or null when sign-in is not configured. Also refreshes the session user.
 * - `refreshSession()`: re-reads the user from the current tokens.
 */
import { useSyncExternalStore } from 'react';
import type { AuthSettings } from '../../../shared/users/auth-settings';
import { getJson } from '../api/http';
import type * as AmplifyAuth from './amplify';

type AmplifyModule = typeof AmplifyAuth;

/** What the site shows of a signed-in user. */
export interface SessionUser {
  /** Full name as the identity provider gives it; may be empty. */
  name: string;
  email: string;
}

let user: SessionUser | null = null;
const listeners = new Set<() => void>();

const setUser = (next: SessionUser | null): void => {
  if (next?.email === user?.email && next?.name === user?.name) return;
  user = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in visitor, or null (the navigation bar's profile circle, the pricing modal's Pay Now). */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(
    subscribe,
    () => user,
    () => null,
  );
}

let loading: Promise<AmplifyModule | null> | null = null;

/** Amplify configured for this site, or null when sign-in is not configured (or its settings could not be read). */
export function loadAuth(): Promise<AmplifyModule | null> {
  loading ??= (async () => {
    try {
      const [settings, amplify] = await Promise.all([getJson<AuthSettings>('/auth/config'), import('./amplify')]);
      if (!settings.configured) return null;
      await amplify.configureAmplify(settings);
      setUser(await amplify.signedInUser());
      return amplify;
    } catch (error) {
      console.error('Could not load sign-in', error);
      loading = null;
      return null;
    }
  })();
  return loading;
}

/** Re-reads the signed-in user (after signing in or out). */
export async function refreshSession(): Promise<SessionUser | null> {
  const amplify = await loadAuth();
  const current = amplify === null ? null : await amplify.signedInUser();
  setUser(current);
  return current;
}

const hasStoredSession = (): boolean => {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'));
  } catch {
    return false;
  }
};

if (typeof window !== 'undefined' && hasStoredSession()) void loadAuth();
