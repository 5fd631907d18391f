/**
 * The demo catalog: real postings captured on one day, shown as if read today. The local seed
 * (infra/local/seed.ts) loads captures that age with the calendar; left as they are, every
 * posting reads "1 year ago" and "Possibly stale", and the Posted filters, the ghost toggle and
 * the digest's links find nothing. So the seed moves every date of its jobs by whole days, the
 * capture day landing on today, and records the shift with its run (`DemoCatalog` on the
 * seed's CrawlRunRecord, shared/crawl/crawl-summary.ts). Real crawls are never shifted: only a
 * seed run carries a `demo` record, and a start re-shifts only while the last run is that seed.
 *
 * Pure: `now` comes in. Days are UTC calendar days ("2025-10-28"); times UTC ISO-8601.
 */
import type { Job } from '../jobs/job';

/** What a seed run records about the shift of its captured postings. */
export interface DemoCatalog {
  /** The UTC day the postings were captured, e.g. "2025-10-28". */
  captured_on: string;
  /** Whole days every date of the seeded jobs was moved forward (0: as captured). */
  shift_days: number;
}

const DAY_MS = 86_400_000;

/** The plain sentence the site shows beside a demo catalog, e.g. for "2025-10-28". */
export const demoCatalogNotice = (capturedOn: string): string =>
  `Demo catalog: real postings captured on ${new Date(`${capturedOn}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}, shown as if read today`;

/** Whole UTC days from the capture day to `now`'s day (0 when `now` is on or before it). */
export const demoShiftDays = (capturedOn: string, now: Date): number => {
  const captured = Date.parse(`${capturedOn}T00:00:00.000Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  return Number.isFinite(captured) ? Math.max(0, Math.round((today - captured) / DAY_MS)) : 0;
};

const shifted = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/**
 * `job` with every date the site reads moved `days` forward: posted, first and last seen,
 * closed, and the closing of the job it reposts. What the source published (`raw`) is kept.
 */
export const shiftJobDates = (job: Job, days: number): Job =>
  days === 0
    ? job
    : {
        ...job,
        date_posted: shifted(job.date_posted, days),
        first_seen_at: shifted(job.first_seen_at, days),
        last_seen_at: shifted(job.last_seen_at, days),
        closed_at: job.closed_at === null ? null : shifted(job.closed_at, days),
        reposted_from: job.reposted_from === null ? null : { ...job.reposted_from, closed_at: shifted(job.reposted_from.closed_at, days) },
      };
