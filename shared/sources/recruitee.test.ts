import { describe, expect, it } from 'vitest';
import { constructedBody, contextFor, expectAccounted, fuzzAdapter, jobWith, NOW } from '../../tests/support/adapter-checks';
import { parseRecruiteeBoard } from './recruitee';
import { SourceFormatError } from './source-error';

/**
 * Recruitee has no licensed real capture: fixtures/recruitee.documented-fields.json is
 * CONSTRUCTED from the Careers Site API's documented offer fields, with titles, places, times,
 * pay and description excerpts from the Ashby captures it cites (stapply-ai/ats-scrapers@43ece6fd).
 */
type Offers = { offers: (Record<string, unknown> & { id: number })[] };
const offers = (): Offers => structuredClone(constructedBody('recruitee')) as Offers;
const ctx = contextFor('exampleai');
const job = (id: string) => jobWith(parseRecruiteeBoard(offers(), ctx), id);

describe('parseRecruiteeBoard on the documented-field fixture', () => {
  it('turns every offer into a job', () => {
    const result = parseRecruiteeBoard(offers(), ctx);
    expectAccounted(result, 4);
    expect(result.skipped).toEqual([]);
  });

  it('reads an offer as a person would', () => {
    expect(job('2100001')).toMatchObject({
      slug_url: '/agent-software-engineer-2100001',
      source: { ats: 'recruitee', board_token: 'exampleai', job_id: '2100001' },
      job_title: 'Agent Software Engineer',
      department: 'Engineering',
      date_posted: '2025-10-02T20:57:33.000Z', // published_at "2025-10-02 20:57:33 UTC"
      first_seen_at: NOW,
      workplace_type: 'onsite',
      employment_type: 'full_time', // "fulltime_permanent"
      locations: [{ city: 'London', country: 'GB', label: 'London, GB' }],
      compensation: { min: 150000, max: 260000, currency: 'GBP', period: 'year', summary: null },
      min_salary: null,
      job_url: 'https://exampleai.recruitee.com/o/agent-software-engineer',
    });
    expect(job('2100001').description).toMatch(/^<p><strong>About Decagon<\/strong><\/p>/);
  });

  it('reads the workplace flags, regions that are codes, internships and country-only places', () => {
    expect(job('2100002')).toMatchObject({ workplace_type: 'remote', compensation: { currency: 'EUR', period: 'year', min: 161000 }, locations: [{ label: 'Berlin, DE', country: 'DE' }] }); // state_code "BE" is not Belgium
    expect(job('2100002').skills).toContain('Kubernetes'); // from description + requirements
    expect(job('2100003')).toMatchObject({ workplace_type: 'hybrid', employment_type: 'intern', locations: [{ label: 'Heidelberg, DE' }] });
    expect(job('2100004')).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Germany', city: null, country: 'DE' }] });
  });

  it('reads USD yearly pay given as numeric strings into thousands of USD', () => {
    const [first] = offers().offers;
    const offer = { ...first, salary: { min: '120000', max: '150000', currency: 'usd', period: 'year' } };
    expect(parseRecruiteeBoard({ offers: [offer] }, ctx).jobs[0]).toMatchObject({ compensation: { min: 120000, max: 150000, currency: 'USD' }, min_salary: 120, max_salary: 150 });
  });
});

describe('parseRecruiteeBoard on damaged input', () => {
  it('skips broken and unpublished offers with a reason and keeps the rest', () => {
    const [good, second, third, fourth] = offers().offers;
    const body = { offers: [good, { ...second, title: null }, { ...third, status: 'draft' }, { ...fourth, published_at: 'n/a', created_at: '' }, { ...good, id: 9, salary: { min: 'lots', max: null, currency: 'EUR', period: 'year' } }] };
    const result = parseRecruiteeBoard(body, ctx);
    expectAccounted(result, 5);
    expect(result.jobs.map((parsed) => parsed.source.job_id)).toEqual(['2100001', '9']);
    expect(result.jobs[1]?.compensation).toBeNull();
    expect(result.skipped).toEqual([
      { jobId: '2100002', reason: expect.stringMatching(/^invalid posting: title/) },
      { jobId: '2100003', reason: 'not published' },
      { jobId: '2100004', reason: 'no publication date' },
    ]);
  });

  it('throws SourceFormatError only when the body is not an offers list', () => {
    for (const body of [null, [], { offer: {} }, { offers: null }, { error: 'Not found' }]) expect(() => parseRecruiteeBoard(body, ctx)).toThrow(SourceFormatError);
    expect(parseRecruiteeBoard({ offers: [] }, ctx)).toEqual({ jobs: [], skipped: [] });
  });

  it('never throws anything but SourceFormatError, and accounts for every offer (fuzz)', () => {
    fuzzAdapter(parseRecruiteeBoard, (list) => ({ offers: list }), offers().offers[0] ?? {});
  });
});
