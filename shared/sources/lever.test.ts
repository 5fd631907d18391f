import { describe, expect, it } from 'vitest';
import { constructedBody, contextFor, expectAccounted, fuzzAdapter, jobWith, NOW } from '../../tests/support/adapter-checks';
import { parseLeverBoard } from './lever';
import { SourceFormatError } from './source-error';

/**
 * Lever has no licensed real capture: fixtures/lever.documented-fields.json is CONSTRUCTED from
 * the documented fields (../shared/data/ats/lever/FIELDS.md), with titles, places, times, pay and
 * description excerpts from the Ashby captures it cites (stapply-ai/ats-scrapers@43ece6fd).
 */
type Posting = Record<string, unknown> & { id: string };
const postings = (): Posting[] => structuredClone(constructedBody('lever')) as Posting[];
const ctx = contextFor('leverdemo');
const byTitle = (title: string) => jobWith(parseLeverBoard(postings(), ctx), title);

describe('parseLeverBoard on the documented-field fixture', () => {
  it('turns every posting into a job', () => {
    const result = parseLeverBoard(postings(), ctx);
    expectAccounted(result, 6);
    expect(result.skipped).toEqual([]);
  });

  it('reads a posting as a person would', () => {
    expect(byTitle('Software Engineer, Product Security')).toMatchObject({
      slug_url: '/software-engineer-product-security-50a8df2a',
      source: { ats: 'lever', board_token: 'leverdemo', job_id: '50a8df2a-c50e-4326-ae90-0c9f8ee0cf1d' },
      department: 'Engineering',
      source_department: 'Engineering',
      date_posted: '2025-04-24T14:29:08.860Z', // createdAt 1745504948860 ms
      first_seen_at: NOW,
      workplace_type: 'onsite', // "on-site"
      employment_type: 'full_time', // "Full-time"
      locations: [{ city: 'San Francisco', region: 'CA', country: 'US', label: 'San Francisco, CA, US' }],
      compensation: { min: 215000, max: 250000, currency: 'USD', period: 'year', summary: null },
      min_salary: 215,
      max_salary: 250,
      job_url: 'https://jobs.lever.co/leverdemo/50a8df2a-c50e-4326-ae90-0c9f8ee0cf1d',
    });
  });

  it('keeps the description\'s paragraphs and lists, sanitised, and reads skills from them', () => {
    const job = byTitle('Software Engineer, Product Security');
    expect(job.description).toMatch(/^<p>At Harvey, we’re transforming/);
    expect(job.description).toContain('<h3>What You Have</h3><ul><li>Experience managing cloud environments (e.g. Azure, GCP, AWS)</li></ul>');
    expect(job.skills).toEqual(expect.arrayContaining(['AWS', 'GCP']));
  });

  it('keeps other currencies and periods as posted, USD figures only for USD per year', () => {
    expect(byTitle('Agent Software Engineer')).toMatchObject({ compensation: { min: 150000, max: 260000, currency: 'GBP', period: 'year' }, min_salary: null });
    expect(byTitle('AI Tutor')).toMatchObject({ compensation: { min: 40, max: 45, currency: 'USD', period: 'hour' }, min_salary: null });
    expect(byTitle('Research Intern')).toMatchObject({ compensation: { min: 8000, max: 12000, currency: 'USD', period: 'month' }, employment_type: 'intern', department: 'Research' });
  });

  it('reads every location of a multi-location posting, and remote postings', () => {
    const multi = byTitle('Senior Member of Technical Staff, Multimodal AI');
    expect(multi.locations.map((place) => place.label)).toEqual(['London, GB', 'San Francisco, CA, US', 'New York, NY, US', 'Toronto, ON, CA']);
    expect(multi).toMatchObject({ workplace_type: 'onsite', department: 'ML', source_department: 'Modelling', compensation: null }); // "unspecified"
    // Listed at "Remote": the title's region names where (issue 24.1: a remote place takes its eligibility's region).
    expect(byTitle('Software Engineer - Storage (APAC)')).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Remote (APAC)', region: 'APAC', country: null }] });
  });

  it('fills a place\'s missing country from the posting\'s country, and hybrid from workplaceType', () => {
    const [first] = postings();
    const posting = { ...first, workplaceType: 'hybrid', country: 'DE', categories: { location: 'Remote', allLocations: ['Remote'], commitment: 'Part-time' } };
    expect(parseLeverBoard([posting], ctx).jobs[0]).toMatchObject({ workplace_type: 'hybrid', employment_type: 'part_time', locations: [{ label: 'Remote (DE)', country: 'DE' }] });
  });
});

describe('parseLeverBoard on damaged input', () => {
  it('skips broken postings with a reason and keeps the rest', () => {
    const [good, second, third] = postings();
    const noText = { ...second, text: '' };
    const secondsNotMs = { ...third, createdAt: 1745504948 };
    const badPay = { ...good, id: 'pay', salaryRange: { currency: 'dollars', interval: 'per-year-salary', min: 1, max: 2 } };
    const result = parseLeverBoard([good, noText, secondsNotMs, badPay, null], ctx);
    expectAccounted(result, 5);
    expect(result.jobs.map((job) => job.source.job_id)).toEqual([good?.id, 'pay']);
    expect(result.jobs[1]?.compensation).toBeNull();
    expect(result.skipped).toEqual([
      { jobId: second?.id, reason: expect.stringMatching(/^invalid posting: text/) },
      { jobId: third?.id, reason: expect.stringMatching(/^invalid posting: createdAt/) },
      { jobId: null, reason: expect.stringMatching(/^invalid posting/) },
    ]);
  });

  it('throws SourceFormatError only when the body is not an array', () => {
    expect(() => parseLeverBoard({ ok: false, error: 'Document not found' }, ctx)).toThrow(/not a postings list.*Document not found/);
    for (const body of [null, {}, 'postings', 7, { postings: [] }]) expect(() => parseLeverBoard(body, ctx)).toThrow(SourceFormatError);
    expect(parseLeverBoard([], ctx)).toEqual({ jobs: [], skipped: [] });
  });

  it('never throws anything but SourceFormatError, and accounts for every posting (fuzz)', () => {
    fuzzAdapter(parseLeverBoard, (list) => list, postings()[0] ?? {});
  });
});
