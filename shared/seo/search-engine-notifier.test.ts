import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { pageChangesOf } from './search-engine-notifier';

const job = (slug: string, closed: string | null) => ({ company_name: 'AT&T Labs', slug_url: `/${slug}`, closed_at: closed }) as unknown as Job;

describe('page changes of a crawl', () => {
  it('names new and changed job pages as updated, closed ones as deleted, and ignores touches', () => {
    expect(
      pageChangesOf([
        { kind: 'insert', job: job('new-1', null) },
        { kind: 'replace', job: job('changed-2', null), expectedVersion: 3 },
        { kind: 'replace', job: job('closed-3', '2026-11-24T06:00:00.000Z'), expectedVersion: 1 },
        { kind: 'touch', key: { company_key: 'at&t labs', slug_url: '/same-4' }, lastSeenAt: '2026-11-24T06:00:00.000Z', expectedVersion: 2 },
      ]),
    ).toEqual({ updated: ['/jobs/AT%26T%20Labs/new-1', '/jobs/AT%26T%20Labs/changed-2'], deleted: ['/jobs/AT%26T%20Labs/closed-3'] });
  });
});
