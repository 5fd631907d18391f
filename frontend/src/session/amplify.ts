/**
 * Everything that touches aws-amplify (v6), in its own lazily loaded chunk: only /login,
 * /dashboard and a visit with a stored session load it (session.ts), so the home page's initial
 * JavaScript stays within budget.
 *
 * - `configureAmplify(settings)`: once; hosted sign-in with Google when `oauthDomain` is set
 *   (AWS), password sign-in against `userPoolEndpoint` (cognito-local) otherwise. Resolves after a
 *   pending Google redirect (`?code=&state=`) has been completed or has failed.
 * - `signedInUser()`: the user from the current ID token (refreshed by Amplify when expired), or null.
 * - `idToken()`: the current ID token (refreshed when needed), or null: what the API requires.
 * - `signInWithPassword`, `signInWithGoogle`, `signOutAndReload`.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signInWithRedirect, signOut } from 'aws-amplify/auth';
import 'aws-amplify/auth/enable-oauth-listener';
import { Hub } from 'aws-amplify/utils';
import type { AuthSettings } from '../../../shared/users/auth-settings';
import type { SessionUser } from './session';

type ConfiguredSettings = Extract<AuthSettings, { configured: true }>;

let configured: Promise<void> | null = null;
let settingsInUse: ConfiguredSettings | null = null;

const isRedirectReturn = (): boolean => {
  const query = new URLSearchParams(window.location.search);
  return query.has('code') && query.has('state');
};

export function configureAmplify(settings: ConfiguredSettings): Promise<void> {
  configured ??= new Promise<void>((resolve) => {
    settingsInUse = settings;
    const origin = window.location.origin;
    // Listen before configuring: configure() starts completing a pending redirect at once.
    const waitForRedirect = isRedirectReturn();
    if (waitForRedirect) {
      const stop = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signInWithRedirect' || payload.event === 'signInWithRedirect_failure') {
          if (payload.event === 'signInWithRedirect_failure') console.error('Sign-in with Google failed', payload.data);
          stop();
          resolve();
        }
      });
    }
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: settings.userPoolId,
          userPoolClientId: settings.userPoolClientId,
          ...(settings.userPoolEndpoint === null ? {} : { userPoolEndpoint: settings.userPoolEndpoint }),
          loginWith: {
            email: true,
            ...(settings.oauthDomain === null
              ? {}
              : {
                  oauth: {
                    domain: settings.oauthDomain,
                    scopes: ['openid', 'email', 'profile'],
                    redirectSignIn: [`${origin}/dashboard`],
                    redirectSignOut: [`${origin}/`],
                    responseType: 'code' as const,
                    providers: ['Google' as const],
                  },
                }),
          },
        },
      },
    });
    if (!waitForRedirect) resolve();
  });
  return configured;
}

/** The current ID token, refreshed by Amplify when it has expired; null when signed out. */
export async function idToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch (error) {
    console.error('Could not read the sign-in session', error);
    return null;
  }
}

/** Name and email from the current ID token's claims, or null when signed out. */
export async function signedInUser(): Promise<SessionUser | null> {
  try {
    const payload = (await fetchAuthSession()).tokens?.idToken?.payload;
    if (payload === undefined || typeof payload.email !== 'string') return null;
    return { name: typeof payload.name === 'string' ? payload.name : '', email: payload.email };
  } catch (error) {
    console.error('Could not read the sign-in session', error);
    return null;
  }
}

/** Signs in to the local user pool (cognito-local) with the credentials its account step gave. */
export async function signInWithPassword(username: string, password: string): Promise<boolean> {
  if ((await signedInUser()) !== null) await signOut();
  const result = await signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  return result.isSignedIn;
}

/** Leaves for Google through the hosted sign-in; comes back to /dashboard. */
export async function signInWithGoogle(): Promise<void> {
  await signInWithRedirect({ provider: 'Google' });
}

/**
 * Signs out (the stored tokens are removed), then goes to / and reloads. With the hosted
 * sign-in, Amplify first visits its logout page, which returns to /.
 */
export async function signOutAndReload(): Promise<void> {
  try {
    await signOut();
  } catch (error) {
    console.error('Sign-out failed; the stored session is cleared anyway', error);
    clearStoredSession();
  }
  if (settingsInUse === null || settingsInUse.oauthDomain === null) window.location.assign('/');
}

/** Removes every token Amplify keeps in localStorage. */
export function clearStoredSession(): void {
  for (const key of Object.keys(window.localStorage)) {
    if (key.startsWith('CognitoIdentityServiceProvider.')) window.localStorage.removeItem(key);
  }
}
