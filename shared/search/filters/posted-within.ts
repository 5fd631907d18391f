import { defineFilter } from './search-filter';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Last 24 hours', 'Last 7 days'. */
export const postedWithinLabel = (days: number): string => (days === 1 ? 'Last 24 hours' : `Last ${days} days`);

/** `posted_within_days` (1 to 90): `date_posted` within that many days of now (reads the clock). */
export const postedWithinFilter = defineFilter({
  name: 'posted_within_days',
  description: 'Jobs whose date_posted is within this many days (1 to 90) of now.',
  value: { kind: 'number', min: 1, max: 90 },
  url: { param: 'posted_within_days' },
  reads: 'clock',
  chip: postedWithinLabel,
  index: {
    /** Epoch milliseconds: jobs posted at or after it. */
    key: 'postedSinceMs',
    from: (days, now) => now.getTime() - days * DAY_MS,
    match: { by: 'number', of: (job) => Date.parse(job.date_posted), keep: 'at-least', unstated: 'left-out' },
  },
});
