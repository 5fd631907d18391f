import { describe, expect, it } from 'vitest';
import { ghostReason, ghostSince } from './ghost';

const NOW = new Date('2026-11-24T06:00:00.000Z');
const job = (over: Partial<Parameters<typeof ghostReason>[0]> = {}) => ({
  date_posted: '2026-11-01T00:00:00.000Z',
  first_seen_at: '2026-11-02T00:00:00.000Z',
  closed_at: null,
  reposted_from: null,
  ...over,
});

describe('ghostReason', () => {
  it('leaves a fresh job unmarked', () => {
    expect(ghostReason(job(), NOW)).toBeNull();
  });

  it('marks a job open more than 60 days, counted from the earlier of posted and first seen', () => {
    expect(ghostReason(job({ date_posted: '2026-09-01T00:00:00.000Z' }), NOW)).toBe('Open for 84 days: postings this old are often no longer being filled.');
    expect(ghostReason(job({ date_posted: '2026-11-20T00:00:00.000Z', first_seen_at: '2026-09-20T00:00:00.000Z' }), NOW)).toMatch(/^Open for 65 days/);
    expect(ghostReason(job({ date_posted: '2026-09-25T00:00:00.000Z', first_seen_at: '2026-09-25T00:00:00.000Z' }), NOW)).toBeNull();
  });

  it('marks a repost with the date the earlier job closed', () => {
    expect(ghostReason(job({ reposted_from: { slug_url: '/ml-engineer-1a2b3c4d', closed_at: '2026-10-02T09:00:00.000Z' } }), NOW)).toBe(
      'Reposted: the same role closed on Oct 2, 2026 and was posted again under a new requisition.',
    );
  });

  it('does not mark closed jobs or jobs with unreadable times', () => {
    expect(ghostReason(job({ date_posted: '2025-01-01T00:00:00.000Z', closed_at: '2026-11-20T00:00:00.000Z' }), NOW)).toBeNull();
    expect(ghostReason(job({ date_posted: 'soon', first_seen_at: 'never' }), NOW)).toBeNull();
  });
});

describe('ghostSince', () => {
  it('is the first instant ghostReason marks the job at, for every job above', () => {
    const DAY = 86_400_000;
    const jobs = [
      job(),
      job({ date_posted: '2026-09-01T00:00:00.000Z' }),
      job({ date_posted: '2026-11-20T00:00:00.000Z', first_seen_at: '2026-09-20T00:00:00.000Z' }),
      job({ reposted_from: { slug_url: '/ml-engineer-1a2b3c4d', closed_at: '2026-10-02T09:00:00.000Z' } }),
      job({ date_posted: '2025-01-01T00:00:00.000Z', closed_at: '2026-11-20T00:00:00.000Z' }),
      job({ date_posted: 'soon', first_seen_at: 'never' }),
    ];
    for (const one of jobs) {
      const since = ghostSince(one);
      for (const at of [NOW.getTime(), NOW.getTime() + 30 * DAY, ...(Number.isFinite(since) ? [since - 1, since, since + 1] : [])]) {
        expect(ghostReason(one, new Date(at)) !== null).toBe(at >= since);
      }
    }
  });
});
