import { describe, expect, it } from 'vitest';
import { payRange } from './payRange';
import { shareLinks } from './shareLinks';

// Pay as captured from Ashby boards (../shared/data/ats/ashby): anyscale.json, sierra.json, and a EUR yearly posting.
describe('job page pay range', () => {
  it("reads USD-yearly postings as the site's '$Xk - $Yk'", () => {
    expect(payRange({ min_salary: 181, max_salary: 230, compensation: { min: 180583, max: 230000, currency: 'USD', period: 'year', summary: null } })).toBe('$181k - $230k');
  });

  it('keeps other currencies and periods as published', () => {
    expect(payRange({ min_salary: null, max_salary: null, compensation: { min: 43, max: 45, currency: 'GBP', period: 'hour', summary: '£43.00 – £45.00 per hour' } })).toBe('£43 - £45 per hour');
    expect(payRange({ min_salary: null, max_salary: null, compensation: { min: 60000, max: 80000, currency: 'EUR', period: 'year', summary: null } })).toBe('€60k - €80k per year');
  });

  it('shows nothing unless both ends are known', () => {
    expect(payRange({ min_salary: null, max_salary: null, compensation: { min: 60000, max: null, currency: 'EUR', period: 'year', summary: null } })).toBeNull();
    expect(payRange({ min_salary: null, max_salary: null, compensation: null })).toBeNull();
  });
});

describe('job page share links', () => {
  it('builds plain share URLs carrying the page URL for each network', () => {
    const page = 'https://latentjobs.example/jobs/Cohere/software-engineer-collect-2786dc50';
    const links = shareLinks(page, 'Software Engineer, Collect at Cohere');
    expect(links.map((link) => link.network)).toEqual(['Facebook', 'LinkedIn', 'WhatsApp', 'X']);
    for (const link of links) {
      const url = new URL(link.url);
      expect(url.protocol).toBe('https:');
      expect([...url.searchParams.values()].join(' ')).toContain(page);
    }
    expect(new URL(links[3]!.url).searchParams.get('text')).toBe('Software Engineer, Collect at Cohere');
  });
});
