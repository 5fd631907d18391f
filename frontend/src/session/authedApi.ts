/**
 * API calls as the signed-in user: the current Cognito ID token (refreshed by Amplify when it
 * has expired) in `Authorization: Bearer ...`. The API accepts only ID tokens (token_use "id").
 * @throws ApiError(401) when nobody is signed in; otherwise as requestJson (api/http.ts).
 */
import { ApiError, requestJson } from '../api/http';
import { loadAuth } from './session';

/** One JSON request as the signed-in user: `body` (when given) sent as JSON; a 204 answers undefined. */
export async function authedRequest<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const amplify = await loadAuth();
  const token = amplify === null ? null : await amplify.idToken();
  if (token === null) throw new ApiError(401, 'Unauthorized');
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return requestJson<T>(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

export const authedPost = <T>(path: string, body: unknown = {}): Promise<T> => authedRequest<T>('POST', path, body);
