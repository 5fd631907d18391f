import { defineFilter } from './search-filter';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'New since 10 Mar 2026, 07:00 UTC' (the minute the instant falls in). */
export const firstSeenSinceLabel = (instant: string): string => {
  const at = new Date(instant);
  const hhmm = at.toISOString().slice(11, 16);
  return `New since ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${hhmm} UTC`;
};

/**
 * `first_seen_since` (UTC ISO-8601, e.g. "2026-03-10T07:00:00.001Z"): jobs the crawler first saw at
 * or after that instant (`first_seen_at`, not the employer's `date_posted`). A digest section's
 * "N more" link carries it (shared/alerts/digest-selection.ts `savedSearchPageUrl`), so the page
 * lists the jobs first seen since the subscriber's last digest. An absolute instant: the answer
 * does not read the clock.
 */
export const firstSeenSinceFilter = defineFilter({
  name: 'first_seen_since',
  description: 'Jobs first seen by the crawler at or after this instant (UTC ISO-8601, e.g. 2026-03-10T07:00:00.000Z), whatever date the employer posted them.',
  value: { kind: 'instant' },
  url: { param: 'first_seen_since' },
  chip: firstSeenSinceLabel,
  index: {
    /** Epoch milliseconds: jobs first seen at or after it. */
    key: 'firstSeenSinceMs',
    from: (instant) => Date.parse(instant),
    match: { by: 'number', of: (job) => Date.parse(job.first_seen_at), keep: 'at-least', unstated: 'left-out' },
  },
});
