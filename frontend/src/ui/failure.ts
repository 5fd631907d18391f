/**
 * THE wording of every failure a visitor can meet, one per kind, so a page never invents its
 * own: `failureOf(error)` → `{ kind, title, message }`.
 *
 * Kinds, from what was thrown (an ApiError-like `{ status }`, a react-router error response, or
 * anything else):
 * - 'offline': status 0, the request never got an answer (network down, API unreachable);
 * - 'unavailable': 5xx, the service failed or is down;
 * - 'not_found': 404 or 410;
 * - 'rejected': another 4xx, the request itself was refused;
 * - 'unexpected': a bug while showing the page.
 */

export type FailureKind = 'offline' | 'unavailable' | 'not_found' | 'rejected' | 'unexpected';

export interface Failure {
  kind: FailureKind;
  /** Short heading, e.g. "Can't reach Latent Jobs". */
  title: string;
  /** One sentence saying what happened and what the visitor can do. */
  message: string;
}

const WORDING: Record<FailureKind, Omit<Failure, 'kind'>> = {
  offline: { title: "Can't reach Latent Jobs", message: 'Check your connection, then retry.' },
  unavailable: { title: 'Something failed on our side', message: 'Our service could not answer just now. Retry in a moment.' },
  not_found: { title: 'Not found', message: 'This page or job is not on Latent Jobs (any more).' },
  rejected: { title: 'That request was refused', message: 'Something in the address looks wrong. Go back home and try again.' },
  unexpected: { title: 'Unexpected Application Error', message: 'Something went wrong while showing this page. Retry; if it keeps happening, the page may be broken on our side.' },
};

/** The HTTP status carried by `error` (ApiError.status, a route error response's status), or null. */
export function statusOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') return error.status;
  return null;
}

export function failureKind(error: unknown): FailureKind {
  const status = statusOf(error);
  if (status === null) return 'unexpected';
  if (status === 0) return 'offline';
  if (status === 404 || status === 410) return 'not_found';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'rejected';
  return 'unexpected';
}

export function failureOf(error: unknown): Failure {
  const kind = failureKind(error);
  return { kind, ...WORDING[kind] };
}
