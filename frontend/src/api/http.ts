/**
 * The SPA's one way to call the API: same-origin requests under `/api` (the local start and
 * CloudFront both route `/api/*` to the HTTP API, so no CORS). Errors on the wire have the
 * shape `{ "message": "..." }`.
 */

/** Base path of the HTTP API as the browser sees it. */
export const API_BASE = '/api';

let apiOrigin = '';

/**
 * Where requests go when there is no page to be relative to: the server render (entry-server)
 * calls this once with the site's origin (e.g. 'http://127.0.0.1:3000'), so loaders reach the
 * same `/api` the browser does. The browser leaves it '' (same-origin relative URLs).
 */
export const setApiOrigin = (origin: string): void => {
  apiOrigin = origin.replace(/\/+$/, '');
};

/** A failed API call: `status` is the HTTP status (0 when the network failed), `message` the server's or a generic one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const messageOf = async (response: Response): Promise<string> => {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: fall through to the status text
  }
  return `HTTP ${response.status}`;
};

/**
 * GETs `${API_BASE}${path}` and returns the parsed JSON answer as `T` (trusted, as for postJson).
 * @throws ApiError on a non-2xx answer or a network failure; DOMException 'AbortError' when `signal` aborts.
 */
export const getJson = <T>(path: string, signal?: AbortSignal): Promise<T> => requestJson<T>(path, { method: 'GET' }, signal);

/**
 * POSTs `body` as JSON to `${API_BASE}${path}` and returns the parsed JSON answer as `T`
 * (trusted: the API's contract is typed in shared/).
 * @throws ApiError on a non-2xx answer or a network failure; DOMException 'AbortError' when `signal` aborts.
 */
export const postJson = <T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> =>
  requestJson<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, signal);

/** One JSON request to `${API_BASE}${path}` with `init` (method, headers, body); a 204 answers undefined; errors as for getJson. */
export async function requestJson<T>(path: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${API_BASE}${path}`, { ...init, headers: { accept: 'application/json', ...init.headers }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Network error');
  }
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  // 204 No Content (a DELETE) has no body to parse.
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
