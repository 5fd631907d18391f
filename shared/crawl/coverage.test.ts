import { describe, expect, it } from 'vitest';
import { buildCoverage, type CoverageRun } from './coverage';

const NOW = new Date('2026-11-24T06:00:00.000Z');
const status = (company_name: string, ats: string, open_jobs: number, failing = false) => ({
  company_name,
  ats: ats as 'ashby',
  status: failing ? ('failing' as const) : ('ok' as const),
  reason: failing ? 'HTTP 503' : null,
  last_ok_at: failing ? '2026-11-20T10:00:00.000Z' : '2026-11-24T05:00:00.000Z',
  open_jobs,
});
const run = (finished_at: string, jobs_new: number, jobs_closed = 0): CoverageRun => ({ finished_at, jobs_new, jobs_closed, companies_ok: 3, companies_failing: 1 });

describe('buildCoverage', () => {
  const report = buildCoverage({
    statuses: [status('Cohere', 'ashby', 120), status('Lindy', 'ashby', 4), status('Anthropic', 'greenhouse', 300, true), status('Mistral', 'lever', 40)],
    runs: [run('2026-11-24T05:10:00.000Z', 3, 2), run('2026-11-24T01:10:00.000Z', 1, 1), run('2026-11-23T23:10:00.000Z', 7, 5), run('2026-10-26T00:10:00.000Z', 9), run('2026-10-25T23:10:00.000Z', 50)],
    now: NOW,
  });

  it('counts companies per ATS, open jobs, and what the runs of today (UTC) found new and closed', () => {
    expect(report.companies_total).toBe(4);
    expect(report.companies_by_ats).toEqual([
      { ats: 'ashby', companies: 2 },
      { ats: 'greenhouse', companies: 1 },
      { ats: 'lever', companies: 1 },
    ]);
    expect(report).toMatchObject({ jobs_open: 464, new_today: 4, closed_today: 3, generated_at: NOW.toISOString() });
    expect(report.last_crawl).toEqual({ finished_at: '2026-11-24T05:10:00.000Z', companies_ok: 3, companies_failing: 1 });
    expect(report.failing_sources).toEqual([{ company_name: 'Anthropic', ats: 'greenhouse', reason: 'HTTP 503', last_ok_at: '2026-11-20T10:00:00.000Z' }]);
  });

  it('sums new jobs on each of the last 30 days, oldest first, leaving older runs out', () => {
    expect(report.new_per_day).toHaveLength(30);
    expect(report.new_per_day[0]).toEqual({ day: '2026-10-26', jobs: 9 });
    expect(report.new_per_day.at(-2)).toEqual({ day: '2026-11-23', jobs: 7 });
    expect(report.new_per_day.at(-1)).toEqual({ day: '2026-11-24', jobs: 4 });
    expect(report.new_per_day.reduce((sum, day) => sum + day.jobs, 0)).toBe(20);
  });

  it('names the demo catalog while the latest run is the seed that shifted it, and not after a crawl', () => {
    const seed = { ...run('2026-11-24T04:00:00.000Z', 1323), demo: { captured_on: '2025-10-28', shift_days: 393 } };
    expect(buildCoverage({ statuses: [], runs: [seed], now: NOW }).demo_catalog).toEqual({ captured_on: '2025-10-28' });
    expect(buildCoverage({ statuses: [], runs: [seed, run('2026-11-24T05:10:00.000Z', 3)], now: NOW }).demo_catalog).toBeNull();
  });

  it('has no last crawl before the first run', () => {
    expect(buildCoverage({ statuses: [], runs: [], now: NOW })).toMatchObject({ last_crawl: null, companies_total: 0, jobs_open: 0, new_today: 0 });
  });
});

describe('buildCoverage: pay ranges the law expects, per company', () => {
  it('counts each company’s open jobs under a pay-transparency law and the share posting no range', () => {
    // Places as the location parser writes them; pay as the captured postings carry it.
    const place = (city: string, region: string) => ({ city, region, country: 'US', label: `${city}, ${region}, US` });
    const paid = { min: 150_000, max: 180_000, currency: 'USD', period: 'year' as const, summary: '$150K – $180K' };
    const job = (company_name: string, city: string, region: string, compensation: typeof paid | null) => ({
      company_name,
      compensation,
      locations: [place(city, region)],
      workplace_type: 'onsite' as const,
      remote_eligibility: null,
      last_seen_at: '2026-11-24T05:00:00.000Z',
    });
    const report = buildCoverage({
      statuses: [],
      runs: [],
      now: NOW,
      jobs: [job('Notion', 'San Francisco', 'CA', paid), job('Notion', 'New York', 'NY', null), job('Cursor', 'San Francisco', 'CA', null), job('Cursor', 'Austin', 'TX', null)],
    });
    expect(report.pay_ranges).toEqual([
      { company_name: 'Cursor', jobs_under_law: 1, without_range: 1, share_without_range: 1 },
      { company_name: 'Notion', jobs_under_law: 2, without_range: 1, share_without_range: 0.5 },
    ]);
  });
});
