/**
 * API calls as the signed-in user: the current Cognito ID token (refreshed by Amplify when it
 * has expired) in `Authorization: Bearer ...`. The API accepts only ID tokens (token_use "id").
 * @throws ApiError(401) when nobody is signed in; otherwise as requestJson (api/http.ts).
 */
import { ApiError, requestJson } from '../api/http';
import { loadAuth } from './session';

export async function authedPost<T>(path: string, body: unknown = {}): Promise<T> {
  const amplify = await loadAuth();
  const token = amplify === null ? null : await amplify.idToken();
  if (token === null) throw new ApiError(401, 'Unauthorized');
  return requestJson<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}
