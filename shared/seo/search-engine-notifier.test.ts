import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { newestFirst, pageChangesOf } from './search-engine-notifier';

const job = (slug: string, closed: string | null, posted = '2026-11-20T00:00:00.000Z') =>
  ({ company_name: 'AT&T Labs', slug_url: `/${slug}`, closed_at: closed, date_posted: posted }) as unknown as Job;

describe('page changes of a crawl', () => {
  it('names new job pages as updated and closed ones as deleted; changed, reopened and touched jobs are left out', () => {
    expect(
      pageChangesOf([
        { kind: 'insert', job: job('new-1', null) },
        { kind: 'replace', job: job('changed-2', null), expectedVersion: 3 },
        { kind: 'replace', job: job('closed-3', '2026-11-24T06:00:00.000Z'), expectedVersion: 1 },
        { kind: 'touch', key: { company_key: 'at&t labs', slug_url: '/same-4' }, lastSeenAt: '2026-11-24T06:00:00.000Z', expectedVersion: 2 },
      ]),
    ).toEqual({
      updated: [{ path: '/jobs/AT%26T%20Labs/new-1', date_posted: '2026-11-20T00:00:00.000Z' }],
      deleted: [{ path: '/jobs/AT%26T%20Labs/closed-3', date_posted: '2026-11-20T00:00:00.000Z' }],
    });
  });

  it('sends the newest jobs first, whether they open or close', () => {
    expect(
      newestFirst({
        updated: [{ path: '/jobs/a/old', date_posted: '2026-01-01' }, { path: '/jobs/a/newest', date_posted: '2026-11-25' }],
        deleted: [{ path: '/jobs/a/closed', date_posted: '2026-06-01' }],
      }),
    ).toEqual([
      { path: '/jobs/a/newest', type: 'URL_UPDATED' },
      { path: '/jobs/a/closed', type: 'URL_DELETED' },
      { path: '/jobs/a/old', type: 'URL_UPDATED' },
    ]);
  });
});
