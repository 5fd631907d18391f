import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { compareBoard } from './compare-board';
import type { StoredJob } from './crawl-store';
import { dedupeJobs } from './dedupe';

// A real board: stapply-ai/ats-scrapers@43ece6fd:ashby/companies/lindy.json
const board = JSON.parse(readFileSync(new URL('../../../shared/data/ats/ashby/lindy.json', import.meta.url), 'utf8')) as { jobs: unknown[] };
const T0 = '2025-10-28T12:00:00.000Z';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.parse(T0) + hours * HOUR).toISOString();
const jobs = (now: string): Job[] =>
  parseAshbyBoard(board, { company: { company_key: 'lindy', company_name: 'Lindy', company_url: null, company_logo: null }, boardToken: 'lindy', clock: fixedClock(now) }).jobs;
const stored = (list: Job[], version = 1): StoredJob[] => list.map((job) => ({ job, version }));
const base = { skipped: [], complete: true, seenRefreshMs: 6 * HOUR };

describe('compareBoard', () => {
  it('a first listing inserts every job as new, first and last seen now', () => {
    const result = compareBoard({ ...base, stored: [], fetched: jobs(T0), now: T0 });
    expect(result.counts).toMatchObject({ new: 4, closed: 0 });
    expect(result.writes.every((write) => write.kind === 'insert' && write.job.first_seen_at === T0 && write.job.closed_at === null)).toBe(true);
    expect(result.openAfter).toBe(4);
  });

  it('an unchanged listing writes nothing until last_seen_at is older than the refresh period, then only touches', () => {
    const first = jobs(T0);
    expect(compareBoard({ ...base, stored: stored(first), fetched: jobs(at(1)), now: at(1) }).writes).toEqual([]);
    const later = compareBoard({ ...base, stored: stored(first), fetched: jobs(at(7)), now: at(7) });
    expect(later.counts).toMatchObject({ unchanged: 4, touched: 4, new: 0, changed: 0 });
    expect(later.writes.every((write) => write.kind === 'touch' && write.lastSeenAt === at(7) && write.expectedVersion === 1)).toBe(true);
    expect(later.oldestSeenAt).toBe(at(7));
  });

  it('a changed posting keeps its slug and first_seen_at', () => {
    const first = jobs(T0);
    const fetched = jobs(at(1)).map((job, index) => (index === 0 ? { ...job, job_title: `${job.job_title} (Senior)`, slug_url: '/renamed-1' } : job));
    const result = compareBoard({ ...base, stored: stored(first), fetched, now: at(1) });
    expect(result.counts).toMatchObject({ changed: 1, unchanged: 3 });
    const write = result.writes[0]!;
    expect(write.kind === 'replace' && write.job.slug_url === first[0]!.slug_url && write.job.first_seen_at === T0 && write.job.last_seen_at === at(1)).toBe(true);
  });

  it('a posting whose source gives no date stays dated when it was first seen, and a re-crawl finds it unchanged', () => {
    const undated = (now: string) => jobs(now).map((job) => ({ ...job, date_posted: now, raw: { ...job.raw!, date_posted: null } }));
    const first = compareBoard({ ...base, stored: [], fetched: undated(T0), now: T0 });
    const inserted = first.writes.flatMap((write) => (write.kind === 'insert' ? [write.job] : []));
    expect(inserted.every((job) => job.date_posted === T0)).toBe(true);
    const again = compareBoard({ ...base, stored: stored(inserted), fetched: undated(at(1)), now: at(1) });
    expect(again.counts).toMatchObject({ unchanged: 4, changed: 0, new: 0 });
    const edited = undated(at(2)).map((job, index) => (index === 0 ? { ...job, job_title: `${job.job_title} (Senior)` } : job));
    const write = compareBoard({ ...base, stored: stored(inserted), fetched: edited, now: at(2) }).writes[0]!;
    expect(write.kind === 'replace' && write.job.date_posted === T0).toBe(true);
  });

  it('closes what a complete listing no longer holds, never what an incomplete one misses', () => {
    const first = jobs(T0);
    const fetched = jobs(at(1)).slice(1);
    const complete = compareBoard({ ...base, stored: stored(first), fetched, now: at(1) });
    expect(complete.counts.closed).toBe(1);
    expect(complete.writes).toContainEqual({ kind: 'replace', job: { ...first[0]!, closed_at: at(1) }, expectedVersion: 1 });
    expect(compareBoard({ ...base, complete: false, stored: stored(first), fetched, now: at(1) }).counts.closed).toBe(0);
  });

  it('keeps open a job whose posting is still listed but unreadable; closes one skipped as unlisted', () => {
    const first = jobs(T0);
    const id = first[0]!.source.job_id;
    const fetched = jobs(at(1)).slice(1);
    expect(compareBoard({ ...base, skipped: [{ jobId: id, reason: 'invalid posting: title: Required' }], stored: stored(first), fetched, now: at(1) }).counts.closed).toBe(0);
    expect(compareBoard({ ...base, skipped: [{ jobId: id, reason: 'unlisted' }], stored: stored(first), fetched, now: at(1) }).counts.closed).toBe(1);
  });

  it('reopens a closed job that comes back', () => {
    const first = jobs(T0).map((job, index) => (index === 0 ? { ...job, closed_at: at(1) } : job));
    const result = compareBoard({ ...base, stored: stored(first), fetched: jobs(at(2)), now: at(2) });
    expect(result.counts).toMatchObject({ reopened: 1, new: 0 });
    expect(result.openAfter).toBe(4);
  });

  it('matches a job by canonical apply URL when its id changed', () => {
    const first = jobs(T0);
    const fetched = jobs(at(1)).map((job, index) => (index === 0 ? { ...job, source: { ...job.source, job_id: 'new-id' }, job_url: `${job.job_url}/?utm_source=x#apply` } : job));
    const result = compareBoard({ ...base, stored: stored(first), fetched, now: at(1) });
    expect(result.counts).toMatchObject({ new: 0, closed: 0, changed: 1 });
  });
});

describe('dedupeJobs', () => {
  it('keeps the first of two postings with the same source id', () => {
    const list = jobs(T0);
    const { jobs: kept, duplicates } = dedupeJobs([...list, list[0]!]);
    expect(kept).toHaveLength(4);
    expect(duplicates).toEqual([{ jobId: list[0]!.source.job_id, reason: 'duplicate posting' }]);
  });

  describe('reposts (the ghost-job signal)', () => {
    /** The first Lindy job again under a new requisition id and URL. */
    const reposted = (job: Job): Job => ({ ...job, source: { ...job.source, job_id: 'new-requisition' }, job_url: `${job.job_url}-again`, slug_url: '/repost-1' });

    it('marks a new job repeating the title and places of one closed in the last 90 days', () => {
      const first = jobs(T0);
      const closed = { ...first[0]!, closed_at: at(-10 * 24) };
      const result = compareBoard({ ...base, stored: stored([closed, ...first.slice(1)]), fetched: [...jobs(at(1)), reposted(first[0]!)].slice(1), now: at(1) });
      const insert = result.writes.find((write) => write.kind === 'insert');
      expect(insert?.kind === 'insert' && insert.job.reposted_from).toEqual({ slug_url: first[0]!.slug_url, closed_at: at(-10 * 24) });
    });

    it('marks a job that replaces one the same listing closes, and not one closed more than 90 days ago', () => {
      const first = jobs(T0);
      const sameRun = compareBoard({ ...base, stored: stored(first), fetched: [reposted(first[0]!), ...jobs(at(1)).slice(1)], now: at(1) });
      const insert = sameRun.writes.find((write) => write.kind === 'insert');
      expect(insert?.kind === 'insert' && insert.job.reposted_from).toEqual({ slug_url: first[0]!.slug_url, closed_at: at(1) });
      const old = { ...first[0]!, closed_at: at(-91 * 24) };
      const late = compareBoard({ ...base, stored: stored([old, ...first.slice(1)]), fetched: [reposted(first[0]!), ...jobs(at(1)).slice(1)], now: at(1) });
      expect(late.writes.filter((write) => write.kind === 'insert').map((write) => write.kind === 'insert' && write.job.reposted_from)).toEqual([null]);
    });

    it('keeps the mark on later crawls and does not count it as a change', () => {
      const first = jobs(T0);
      const marked = { ...reposted(first[0]!), reposted_from: { slug_url: first[0]!.slug_url, closed_at: at(-24) } };
      const result = compareBoard({ ...base, stored: stored([marked]), fetched: [reposted(jobs(at(1))[0]!)], now: at(1) });
      expect(result.counts).toMatchObject({ unchanged: 1, changed: 0 });
    });
  });
});
