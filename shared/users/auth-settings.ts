/**
 * `GET /auth/config`: what the SPA needs to configure aws-amplify's sign-in (public values only,
 * never a secret):
 * - `{ configured: false }` when no user pool is configured;
 * - else `{ configured: true, region, userPoolId, userPoolClientId, oauthDomain, userPoolEndpoint }`:
 *   `oauthDomain` set → sign in with Google through the hosted sign-in at that host (AWS);
 *   `userPoolEndpoint` set → password sign-in against that endpoint (cognito-local, one machine).
 */
export type AuthSettings =
  | { configured: false }
  | {
      configured: true;
      region: string;
      userPoolId: string;
      userPoolClientId: string;
      oauthDomain: string | null;
      userPoolEndpoint: string | null;
    };
