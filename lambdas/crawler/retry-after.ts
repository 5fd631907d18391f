/**
 * Reads an HTTP Retry-After header (RFC 9110 §10.2.3): delay-seconds ("120") or an HTTP-date
 * ("Wed, 21 Oct 2015 07:28:00 GMT"), as milliseconds from `nowMs`. Null when absent or
 * unreadable; a date in the past gives 0.
 *
 * Examples: retryAfterMs("3", t) → 3000; retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT",
 * Date.parse("Wed, 21 Oct 2015 07:27:00 GMT")) → 60000; retryAfterMs("soon", t) → null.
 */
export const retryAfterMs = (header: string | string[] | undefined, nowMs: number): number | null => {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = /^[a-z]{3}, /i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
};
