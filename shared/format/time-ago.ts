/**
 * How long ago a time was, in English, the same on cards, job pages and emails:
 * "3 days ago", "1 hour ago", "2 months ago", "just now" (under a minute, or in the future from
 * clock skew); '' for an unparsable time. Months are 30 days, years 365. Pure: the caller passes `now`.
 */

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const STEPS: ReadonlyArray<readonly [seconds: number, unit: Intl.RelativeTimeFormatUnit]> = [
  [365 * 86_400, 'year'],
  [30 * 86_400, 'month'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** `iso` is a UTC ISO-8601 time, e.g. timeAgo('2025-10-25T12:00:00Z', new Date('2025-10-28T12:00:00Z')) → '3 days ago'. */
export function timeAgo(iso: string, now: Date): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  for (const [size, unit] of STEPS) if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  return 'just now';
}
