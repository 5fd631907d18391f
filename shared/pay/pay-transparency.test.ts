import { describe, expect, it } from 'vitest';
import type { Place } from '../jobs/job';
import { payRangeExpected, type TransparencyInput } from './pay-transparency';
import { TRANSPARENCY_LAWS } from './transparency-laws';

// Places as the location parser writes them for real captured labels ("Denver, CO", "Remote (US)", ...).
const place = (city: string | null, region: string | null, country: string, label: string): Place => ({ city, region, country, label });
const DENVER = place('Denver', 'CO', 'US', 'Denver, CO, US');
const SAN_FRANCISCO = place('San Francisco', 'CA', 'US', 'San Francisco, CA, US');
const NEW_YORK = place('New York', 'NY', 'US', 'New York, NY, US');
const AUSTIN = place('Austin', 'TX', 'US', 'Austin, TX, US');
const REMOTE_US = place(null, null, 'US', 'Remote (US)');
const TORONTO = place('Toronto', 'ON', 'CA', 'Toronto, ON, CA');
const LONDON = place('London', null, 'GB', 'London, GB');

const job = (locations: Place[], over: Partial<TransparencyInput> = {}): TransparencyInput => ({
  compensation: null,
  locations,
  workplace_type: 'onsite',
  remote_eligibility: null,
  last_seen_at: '2026-11-20T08:00:00.000Z',
  ...over,
});

describe('payRangeExpected', () => {
  it('names the law a posting without a range falls under, the one in force longest', () => {
    expect(payRangeExpected(job([DENVER]))).toMatchObject({ jurisdiction: 'Colorado', since: '2021-01-01' });
    expect(payRangeExpected(job([SAN_FRANCISCO]))).toMatchObject({ jurisdiction: 'California', since: '2023-01-01' });
    expect(payRangeExpected(job([SAN_FRANCISCO, NEW_YORK]))).toMatchObject({ jurisdiction: 'New York City', since: '2022-11-01' });
    expect(payRangeExpected(job([TORONTO]))).toMatchObject({ jurisdiction: 'Ontario', since: '2026-01-01' });
  });

  it('marks nothing where no law asks for a range, or when pay is posted (also from the description)', () => {
    expect(payRangeExpected(job([AUSTIN]))).toBeNull();
    expect(payRangeExpected(job([LONDON]))).toBeNull();
    const stated = { min: 140000, max: 160000, currency: 'USD', period: 'year' as const, summary: 'For roles based in San Francisco, ...', stated_in: 'description' as const };
    expect(payRangeExpected(job([SAN_FRANCISCO], { compensation: stated }))).toBeNull();
  });

  it('counts a law only from its first day, as of when the job was last seen open', () => {
    expect(payRangeExpected(job([TORONTO], { last_seen_at: '2025-10-28T12:00:00.000Z' }))).toBeNull();
    expect(payRangeExpected(job([AUSTIN, place('Chicago', 'IL', 'US', 'Chicago, IL, US')], { last_seen_at: '2024-12-31T23:00:00.000Z' }))).toBeNull();
  });

  it('reads a remote job open anywhere in the US as one a person in Colorado may take', () => {
    expect(payRangeExpected(job([REMOTE_US], { workplace_type: 'remote' }))).toMatchObject({ jurisdiction: 'Colorado' });
    expect(payRangeExpected(job([], { workplace_type: 'remote', remote_eligibility: { scope: 'restricted', countries: ['US'], regions: [] } }))).toMatchObject({ jurisdiction: 'Colorado' });
    expect(payRangeExpected(job([], { workplace_type: 'remote', remote_eligibility: { scope: 'worldwide', countries: [], regions: [] } }))).toBeNull();
    // A hybrid job in Austin open to US residents: its people come to the Texas office.
    expect(payRangeExpected(job([AUSTIN], { workplace_type: 'hybrid', remote_eligibility: { scope: 'restricted', countries: ['US'], regions: [] } }))).toBeNull();
  });

  it('every law in the table carries its citation, first day and threshold', () => {
    for (const law of TRANSPARENCY_LAWS) {
      expect(law.citation.length, law.id).toBeGreaterThan(10);
      expect(law.since, law.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(law.minEmployees, law.id).toBeGreaterThanOrEqual(1);
    }
  });
});
