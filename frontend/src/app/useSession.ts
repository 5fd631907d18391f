/**
 * The signed-in visitor, or null: the navigation bar shows the profile circle for them, the
 * pricing modal's Pay Now goes on to checkout. Backed by features/auth/session.ts, which loads
 * aws-amplify only when a stored session exists (or on /login and /dashboard), so the home page
 * carries no sign-in code.
 */
import { useSessionUser } from '../features/auth/session';

/** What the site shows of a signed-in user. */
export interface SessionUser {
  /** Full name as the identity provider gives it; may be empty. */
  name: string;
  email: string;
}

export function useSession(): SessionUser | null {
  return useSessionUser();
}
