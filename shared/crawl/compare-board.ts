import { REPOST_WINDOW_DAYS } from '../jobs/ghost';
import type { Job } from '../jobs/job';
import type { SkippedPosting } from '../sources/build-job';
import { isNotAJobSkip } from '../sources/non-jobs';
import type { JobWrite, StoredJob } from './crawl-store';
import { NO_CHANGES, type JobChangeCounts } from './crawl-summary';
import { dedupeJobs, jobIdentity, jobUrlKey } from './dedupe';

/**
 * Compares a board's fetched jobs with what is stored for the company and says what to write.
 * Pure: "now" and the refresh period come in as arguments.
 *
 * Matching: a fetched job matches the stored job with the same identity (ATS + posting id,
 * see dedupe.ts), else the stored job with the same canonical apply URL.
 *
 * Rules (times UTC ISO-8601):
 * - no match → **new**: inserted open, `first_seen_at` = `last_seen_at` = now.
 * - match, stored closed → **reopened**: `closed_at` null, `last_seen_at` now, content as fetched.
 * - match, open, content differs → **changed**: content as fetched, `last_seen_at` now.
 * - match, open, same content → **unchanged**; its `last_seen_at` is rewritten (a **touch**, one
 *   small update) only when it is older than `seenRefreshMs`, so re-crawling an unchanged board
 *   every hour writes nothing most hours. `last_seen_at` may therefore lag the last listing by
 *   up to `seenRefreshMs`.
 * - a stored open job the listing does not contain → **closed** (`closed_at` now, it leaves the
 *   open index), ONLY when `complete` is true, and not when the listing skipped a posting with
 *   its id as unreadable ("invalid ...", "unreadable ...": it is still listed, just unreadable
 *   this time); a posting skipped on purpose ("unlisted", "not published") does close.
 * In every write the stored `first_seen_at`, `slug_url` (its address on the site),
 * `date_posted` when the source gives none (it is when we first saw the posting),
 * `company_key` and `reposted_from` are kept; "content" is every other field but those and the
 * seen/closed times.
 * - a **new** job that repeats a job of the same company with the same title and places (case
 *   and spacing aside) under another requisition id, closed at most `REPOST_WINDOW_DAYS` (90)
 *   before now or closed by this very listing, is inserted with `reposted_from` naming that job
 *   (the ghost-job signal, shared/jobs/ghost.ts).
 */
export interface BoardComparisonInput {
  stored: readonly StoredJob[];
  fetched: readonly Job[];
  /** Postings the adapter skipped (their ids keep stored jobs from closing). */
  skipped: readonly SkippedPosting[];
  /** Whether the listing holds the whole board (only then may jobs close). */
  complete: boolean;
  now: string;
  /** Least age of `last_seen_at` before an unchanged job's is rewritten, in ms. */
  seenRefreshMs: number;
}

export interface BoardComparison {
  writes: JobWrite[];
  counts: JobChangeCounts;
  /** Open jobs once the writes are applied. */
  openAfter: number;
  /** Open jobs before. */
  openBefore: number;
  /**
   * The oldest `last_seen_at` of the listed jobs once the writes are applied (null when none is
   * listed): the next refresh of an unchanged board is due `seenRefreshMs` after it.
   */
  oldestSeenAt: string | null;
}

/** The fields that are not content: identity on the site and the crawl's own times. */
const NOT_CONTENT = new Set(['company_key', 'slug_url', 'first_seen_at', 'last_seen_at', 'closed_at', 'reposted_from']);

/** Deep equality of JSON-like values, object keys in any order; `undefined` properties equal absent ones. */
export const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = new Map(Object.entries(b).filter(([, value]) => value !== undefined));
  return left.length === right.size && left.every(([key, value]) => right.has(key) && sameJson(value, right.get(key)));
};

/** True when two jobs differ in anything but identity and crawl times. */
export const contentDiffers = (stored: Job, fetched: Job): boolean => {
  const keys = new Set([...Object.keys(stored), ...Object.keys(fetched)]);
  for (const key of keys) {
    if (NOT_CONTENT.has(key)) continue;
    if (!sameJson((stored as Record<string, unknown>)[key], (fetched as Record<string, unknown>)[key])) return true;
  }
  return false;
};

/** Skip reasons of a posting that is still listed but could not be read this time (adapters' "invalid posting: ...", "invalid job: ...", "unreadable posting: ..."). */
const UNREADABLE = /^(?:invalid|unreadable)\b/;

/** Same title and same places, case and spacing aside: what makes a posting the same role again. */
const roleKey = (job: Job): string => {
  const plain = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return JSON.stringify([plain(job.job_title), job.locations.map((place) => plain(place.label)).sort()]);
};

/** Sets `reposted_from` on inserted jobs that repeat a job closed in the window (see the module comment). */
const markReposts = (writes: JobWrite[], closed: ReadonlyArray<{ job: Job; closedAt: string }>, nowMs: number): void => {
  const windowMs = REPOST_WINDOW_DAYS * 86_400_000;
  const byRole = new Map<string, { job: Job; closedAt: string }>();
  for (const entry of closed) {
    const closedMs = Date.parse(entry.closedAt);
    if (!(nowMs - closedMs <= windowMs)) continue;
    const key = roleKey(entry.job);
    const known = byRole.get(key);
    if (known === undefined || Date.parse(known.closedAt) < closedMs) byRole.set(key, entry);
  }
  for (const write of writes) {
    if (write.kind !== 'insert') continue;
    const earlier = byRole.get(roleKey(write.job));
    if (earlier !== undefined && earlier.job.source.job_id !== write.job.source.job_id) write.job = { ...write.job, reposted_from: { slug_url: earlier.job.slug_url, closed_at: earlier.closedAt } };
  }
};

/** See the module comment. */
export const compareBoard = (input: BoardComparisonInput): BoardComparison => {
  const { now, seenRefreshMs } = input;
  const nowMs = Date.parse(now);
  const { jobs: fetched, duplicates } = dedupeJobs(input.fetched);
  const byIdentity = new Map(input.stored.map((entry) => [jobIdentity(entry.job), entry]));
  const byUrl = new Map<string, StoredJob>();
  for (const entry of input.stored) if (!byUrl.has(jobUrlKey(entry.job))) byUrl.set(jobUrlKey(entry.job), entry);

  const counts: JobChangeCounts = { ...NO_CHANGES, skipped: input.skipped.length + duplicates.length, not_jobs: input.skipped.filter((skip) => isNotAJobSkip(skip.reason)).length };
  const writes: JobWrite[] = [];
  const matched = new Set<StoredJob>();
  let oldestSeenMs = Number.POSITIVE_INFINITY;
  const seen = (iso: string) => {
    oldestSeenMs = Math.min(oldestSeenMs, Date.parse(iso));
  };

  for (const job of fetched) {
    let stored = byIdentity.get(jobIdentity(job));
    if (stored === undefined || matched.has(stored)) {
      const byLink = byUrl.get(jobUrlKey(job));
      stored = byLink !== undefined && !matched.has(byLink) ? byLink : undefined;
    }
    if (stored === undefined) {
      writes.push({ kind: 'insert', job: { ...job, first_seen_at: now, last_seen_at: now, closed_at: null } });
      counts.new += 1;
      seen(now);
      continue;
    }
    matched.add(stored);
    const previous = stored.job;
    const merged: Job = { ...job, company_key: previous.company_key, slug_url: previous.slug_url, first_seen_at: previous.first_seen_at, last_seen_at: now, closed_at: null, reposted_from: previous.reposted_from };
    // A source that gives no posting date is dated when we first saw the posting (shared/jobs/job.ts JobRawSchema), which a re-crawl keeps.
    if (job.raw !== null && job.raw.date_posted === null) merged.date_posted = previous.date_posted;
    const change = previous.closed_at !== null ? 'reopened' : contentDiffers(previous, merged) ? 'changed' : null;
    if (change !== null) {
      writes.push({ kind: 'replace', job: merged, expectedVersion: stored.version });
      counts[change] += 1;
      seen(now);
      continue;
    }
    counts.unchanged += 1;
    const seenMs = Date.parse(previous.last_seen_at);
    if (!Number.isFinite(seenMs) || nowMs - seenMs >= seenRefreshMs) {
      writes.push({ kind: 'touch', key: { company_key: previous.company_key, slug_url: previous.slug_url }, lastSeenAt: now, expectedVersion: stored.version });
      counts.touched += 1;
      seen(now);
    } else {
      seen(previous.last_seen_at);
    }
  }

  const openBefore = input.stored.filter((entry) => entry.job.closed_at === null).length;
  const closedNow: Array<{ job: Job; closedAt: string }> = [];
  if (input.complete) {
    const stillListed = new Set(input.skipped.flatMap((skip) => (skip.jobId !== null && UNREADABLE.test(skip.reason) ? [skip.jobId] : [])));
    for (const entry of input.stored) {
      if (matched.has(entry) || entry.job.closed_at !== null || stillListed.has(entry.job.source.job_id)) continue;
      writes.push({ kind: 'replace', job: { ...entry.job, closed_at: now }, expectedVersion: entry.version });
      counts.closed += 1;
      closedNow.push({ job: entry.job, closedAt: now });
    }
  }
  const closedBefore = input.stored.flatMap((entry) => (entry.job.closed_at !== null ? [{ job: entry.job, closedAt: entry.job.closed_at }] : []));
  markReposts(writes, [...closedBefore, ...closedNow], nowMs);
  return {
    writes,
    counts,
    openBefore,
    openAfter: openBefore + counts.new + counts.reopened - counts.closed,
    oldestSeenAt: Number.isFinite(oldestSeenMs) ? new Date(oldestSeenMs).toISOString() : null,
  };
};
