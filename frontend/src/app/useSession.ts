/**
 * The signed-in visitor, or null. A seam for the accounts issue (Cognito via aws-amplify), which
 * replaces the body; until then nobody is ever signed in, so the navigation shows Login and
 * Pay Now leads to /login.
 */

/** What the site shows of a signed-in user. */
export interface SessionUser {
  /** Full name as the identity provider gives it; may be empty. */
  name: string;
  email: string;
}

export function useSession(): SessionUser | null {
  return null;
}
