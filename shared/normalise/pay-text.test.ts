import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Job, Place } from '../jobs/job';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import fixture from './fixtures/ashby-description-pay.json';
import { payFromDescription, payStatementsOf } from './pay-text';

// Real postings: stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (../shared/data/ats/ashby, MIT).
const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));
const boards = new Map<string, Job[]>();
const jobsOf = (file: string): Job[] => {
  let jobs = boards.get(file);
  if (jobs === undefined) {
    const token = file.replace(/\.json$/, '');
    const company = { company_key: token.toLowerCase(), company_name: token, company_url: null, company_logo: null };
    jobs = parseAshbyBoard(JSON.parse(readFileSync(ASHBY_DIR + file, 'utf8')), { company, boardToken: token, clock: fixedClock('2025-10-28T12:00:00.000Z') }).jobs;
    boards.set(file, jobs);
  }
  return jobs;
};

describe('pay stated in the description of captured Ashby postings without structured pay (checked by hand)', () => {
  it.each(fixture.cases.map((row) => [`${row.file} ${row.slug}`, row] as const))('%s', (_name, row) => {
    const job = jobsOf(row.file).find((candidate) => candidate.slug_url === row.slug);
    expect(job?.compensation).toEqual({ ...row.expected, summary: row.sentence, stated_in: 'description' });
  });

  it('leaves structured pay as the source sent it, also when the text states another range', () => {
    // Harvey's Senior Technical Recruiter: Ashby sends $128K – $173K; the text says "Compensation Range: 150,000- 175,000 USD".
    const recruiter = jobsOf('harvey.json').find((job) => job.slug_url === '/senior-technical-recruiter-3c68bfae');
    expect(recruiter?.compensation).toEqual({ min: 128000, max: 173000, currency: 'USD', period: 'year', summary: '$128K – $173K • Offers Equity • Offers Bonus' });
    expect(payFromDescription(recruiter?.description, { title: 'Senior Technical Recruiter', locations: [] })).toMatchObject({ min: 150000, max: 175000 });
  });
});

const sf: Place = { city: 'San Francisco', region: 'CA', country: 'US', label: 'San Francisco, CA, US' };
const ny: Place = { city: 'New York', region: 'NY', country: 'US', label: 'New York, NY, US' };

describe('payStatementsOf: real captured sentences', () => {
  it('reads funding, revenue and benefits figures as no pay', () => {
    for (const sentence of [
      'We recently raised $15mm in funding (total of $20mm raised) led by Founders Fund, with participation from Menlo Ventures.',
      'We scaled from $1-500M in revenue run rate in the last 17 months, making us the fastest growing company in the world.',
      "Giving back 🤝 – We're big fans of open source, and you'll get $100 per month to support projects you care about.",
      'You’ll get €1K (or equivalent) per year to spend on courses, books, events, or coaching to level up your skills.',
      'A $1K monthly stipend for meals',
      'Track record closing $100K+ annual contracts and navigating complex, multi-stakeholder sales processes',
      'We offer substantial support for relocation, including a stipend up to €10k, finding an apartment in Paris',
    ]) {
      expect(payStatementsOf(`<p>${sentence}</p>`), sentence).toEqual([]);
    }
  });

  it('keeps each range with its place and qualifier, and tells base from on-target earnings', () => {
    const [base, senior] = payStatementsOf('<p>Annual salary range: $115,000-$155,000 USD, $145,000-$195,000 USD for Senior Engineer candidates</p>');
    expect(base).toMatchObject({ min: 115000, max: 155000, currency: 'USD', period: 'year', basis: 'base', qualifier: null });
    expect(senior).toMatchObject({ min: 145000, max: 195000, qualifier: 'for Senior Engineer candidates' });
    const [ote] = payStatementsOf(
      '<p>For roles based in San Francisco or New York City, the estimated range for total on target earnings (including base salary and on target incentive pay) for this role is $350,000 - 400,000 per year.</p>',
    );
    expect(ote).toMatchObject({ min: 350000, max: 400000, basis: 'on_target_earnings', places: ['San Francisco', 'New York City'] });
  });

  it('reads "between $X and $Y"', () => {
    expect(payStatementsOf('<p>The expected range of compensation for this role is between $72,000 and $98,000.</p>')[0]).toMatchObject({ min: 72000, max: 98000 });
  });

  it('reads hourly figures as posted, and a figure under a pay heading', () => {
    expect(payStatementsOf('<p>For roles based in New York City, the estimated base salary range for this role is $45.00 - $52.00 per hour.</p>')[0]).toMatchObject({ min: 45, max: 52, period: 'hour' });
    expect(payStatementsOf('<p>We seek candidates who can commit to 16 hours per week at a CAD $30/hour contract rate.</p>')[0]).toMatchObject({ min: 30, max: 30, currency: 'CAD', period: 'hour' });
    expect(payStatementsOf('<p>Compensation:</p><p>We offer competitive compensation that includes base salary, meaningful equity, and benefits.</p><p>$160K-$200K</p>')[0]).toMatchObject({ min: 160000, max: 200000 });
  });
});

describe('payFromDescription chooses the range for the job', () => {
  // Two real Notion sentences put side by side (constructed: no capture holds both).
  const twoPlaces =
    '<p>For roles based in San Francisco, the estimated base salary range for this role is $140,000 - $160,000 per year.</p>' +
    '<p>For roles based in New York, the estimated base salary range for this role is $120,000 - $150,000 per year.</p>';

  it("takes the job's own place", () => {
    expect(payFromDescription(twoPlaces, { title: 'GTM Recruiter', locations: [ny] })).toMatchObject({ min: 120000, max: 150000 });
    expect(payFromDescription(twoPlaces, { title: 'GTM Recruiter', locations: [sf] })).toMatchObject({ min: 140000, max: 160000 });
  });

  it('takes the range whose qualifier fits the title', () => {
    const html = '<p>Annual salary range: $135,000-$165,000 USD, $155,000-$195,000 USD for Senior Engineer candidates</p>';
    expect(payFromDescription(html, { title: 'Senior Field Deployment Engineer', locations: [sf] })).toMatchObject({ min: 155000, max: 195000 });
    expect(payFromDescription(html, { title: 'Field Deployment Engineer', locations: [sf] })).toMatchObject({ min: 135000, max: 165000 });
  });

  it('is null without a stated figure', () => {
    expect(payFromDescription('<p>Notion is committed to providing highly competitive cash compensation, equity, and benefits.</p>', { title: 'x', locations: [] })).toBeNull();
    expect(payFromDescription(null, { title: 'x', locations: [] })).toBeNull();
  });
});
