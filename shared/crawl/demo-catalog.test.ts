import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { demoCatalogNotice, demoShiftDays, shiftJobDates } from './demo-catalog';

describe('the demo shift', () => {
  it('counts whole UTC days from the capture day to today, never backwards', () => {
    expect(demoShiftDays('2025-10-28', new Date('2025-10-28T23:59:00.000Z'))).toBe(0);
    expect(demoShiftDays('2025-10-28', new Date('2026-11-26T00:30:00.000Z'))).toBe(394);
    expect(demoShiftDays('2025-10-28', new Date('2025-01-01T00:00:00.000Z'))).toBe(0);
  });

  it('moves every date the site reads and keeps what the source published', () => {
    const job = {
      date_posted: '2025-09-01T10:00:00.000Z',
      first_seen_at: '2025-10-28T12:00:00.000Z',
      last_seen_at: '2025-10-28T12:00:00.000Z',
      closed_at: null,
      reposted_from: { slug_url: '/old', closed_at: '2025-10-01T00:00:00.000Z' },
      raw: { date_posted: '2025-09-01T10:00:00.000Z' },
    } as unknown as Job;
    expect(shiftJobDates(job, 2)).toMatchObject({
      date_posted: '2025-09-03T10:00:00.000Z',
      first_seen_at: '2025-10-30T12:00:00.000Z',
      last_seen_at: '2025-10-30T12:00:00.000Z',
      closed_at: null,
      reposted_from: { slug_url: '/old', closed_at: '2025-10-03T00:00:00.000Z' },
      raw: { date_posted: '2025-09-01T10:00:00.000Z' },
    });
  });

  it('says plainly what the catalog is', () => {
    expect(demoCatalogNotice('2025-10-28')).toBe('Demo catalog: real postings captured on 28 Oct 2025, shown as if read today');
  });
});
