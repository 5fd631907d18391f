/**
 * The ghost-job signal: a posting that may no longer be really filled. A job is marked when
 * - it has been open more than 60 days (from the earlier of the employer's `date_posted` and our
 *   `first_seen_at`), or
 * - it was reposted: the crawl found it repeating a job of the same company, title and places
 *   closed in the 90 days before, under a new requisition id (`reposted_from`, set in
 *   shared/crawl/compare-board.ts).
 * `ghostReason` says why in a sentence a visitor reads on hover or tap, or null for a job that is
 * not marked. The list filter `exclude_ghost` leaves out the jobs it marks. Pure: `now` comes in.
 */
import type { Job, PublicJob } from './job';

/** Days open after which a job is marked. */
export const GHOST_OPEN_DAYS = 60;
/** How far back a closed job counts as the one a new posting repeats. */
export const REPOST_WINDOW_DAYS = 90;

const DAY_MS = 86_400_000;

type GhostFields = Pick<Job | PublicJob, 'date_posted' | 'first_seen_at' | 'closed_at' | 'reposted_from'>;

/** 'Oct 2, 2026' for a UTC ISO-8601 time. */
const day = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Whole days the job has been open as of `now` (0 when its times are unreadable). */
export function daysOpen(job: Pick<GhostFields, 'date_posted' | 'first_seen_at'>, now: Date): number {
  const starts = [job.date_posted, job.first_seen_at].map(Date.parse).filter(Number.isFinite);
  if (starts.length === 0) return 0;
  return Math.max(0, Math.floor((now.getTime() - Math.min(...starts)) / DAY_MS));
}

/**
 * Why `job` looks like a ghost job as of `now`, or null. Closed jobs are not marked (they say
 * they are closed). e.g. 'Reposted: the same role closed on Oct 2, 2026 and was posted again
 * under a new requisition.', 'Open for 73 days: postings this old are often no longer being filled.'
 */
export function ghostReason(job: GhostFields, now: Date): string | null {
  if (job.closed_at !== null) return null;
  if (job.reposted_from) return `Reposted: the same role closed on ${day(job.reposted_from.closed_at)} and was posted again under a new requisition.`;
  const days = daysOpen(job, now);
  return days > GHOST_OPEN_DAYS ? `Open for ${days} days: postings this old are often no longer being filled.` : null;
}

/**
 * The instant (epoch milliseconds) from which `ghostReason` marks `job`, for every `now` from
 * then on: -Infinity for a repost, Infinity for a closed job or one whose times are unreadable,
 * else the start of its 61st day open. Lets a search index keep one number per job instead of
 * asking `ghostReason` of every job again as time passes.
 */
export function ghostSince(job: GhostFields): number {
  if (job.closed_at !== null) return Number.POSITIVE_INFINITY;
  if (job.reposted_from) return Number.NEGATIVE_INFINITY;
  const starts = [job.date_posted, job.first_seen_at].map(Date.parse).filter(Number.isFinite);
  return starts.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...starts) + (GHOST_OPEN_DAYS + 1) * DAY_MS;
}
