import { describe, expect, it } from 'vitest';
import { constructedBody, contextFor, expectAccounted, fuzzAdapter, jobWith, NOW } from '../../tests/support/adapter-checks';
import { SourceFormatError } from './source-error';
import { parseWorkableBoard } from './workable';

/**
 * Workable has no licensed real capture: fixtures/workable.documented-fields.json is CONSTRUCTED
 * from the widget API's documented fields, with titles, places, dates and description excerpts
 * from the Ashby captures it cites (stapply-ai/ats-scrapers@43ece6fd).
 */
type Account = { name: string; jobs: (Record<string, unknown> & { shortcode: string })[] };
const account = (): Account => structuredClone(constructedBody('workable')) as Account;
const ctx = contextFor('exampleai');
const job = (shortcode: string) => jobWith(parseWorkableBoard(account(), ctx), shortcode);

describe('parseWorkableBoard on the documented-field fixture', () => {
  it('turns every posting into a job', () => {
    const result = parseWorkableBoard(account(), ctx);
    expectAccounted(result, 5);
    expect(result.skipped).toEqual([]);
  });

  it('reads a posting as a person would', () => {
    expect(job('B9894757C2')).toMatchObject({
      slug_url: '/fullstack-product-engineer-b9894757c2',
      source: { ats: 'workable', board_token: 'exampleai', job_id: 'B9894757C2' },
      job_title: 'Fullstack Product Engineer',
      department: 'Engineering',
      source_department: 'Engineering',
      date_posted: '2025-08-13T00:00:00.000Z', // published_on "2025-08-13"
      first_seen_at: NOW,
      workplace_type: 'onsite',
      employment_type: 'full_time',
      locations: [{ city: 'Stockholm', region: 'Stockholm County', country: 'SE', label: 'Stockholm, SE' }],
      compensation: null,
      min_salary: null,
      job_url: 'https://apply.workable.com/j/B9894757C2',
    });
    expect(job('B9894757C2').description).toMatch(/^<p><strong>TL;DR<\/strong>/);
    expect(job('B9894757C2').skills).toEqual(expect.arrayContaining(['React', 'TypeScript']));
  });

  it('reads telecommuting as remote, every shown location, internships', () => {
    expect(job('D72F03C39F')).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Berlin, DE', country: 'DE' }] });
    expect(job('93A31D395B').locations.map((place) => place.label)).toEqual(['Heidelberg, DE', 'Berlin, DE']);
    expect(job('8906C9FD1B')).toMatchObject({ employment_type: 'intern', department: 'Research' });
  });

  it('falls back to the top-level city and country when every location is hidden', () => {
    // The writer posting's only location is hidden: its top-level London, England, United Kingdom is used.
    expect(job('D1E03A87F9')).toMatchObject({ department: 'Customer Success', source_department: 'Customer success', locations: [{ label: 'London, GB', country: 'GB' }] });
  });
});

describe('parseWorkableBoard on damaged input', () => {
  it('skips broken postings with a reason and keeps the rest', () => {
    const body = account();
    const [good, second, third] = body.jobs;
    body.jobs = [good!, { ...second!, shortcode: '' }, { ...third!, published_on: 'someday', created_at: null }, { ...good!, shortcode: 'NOURL', url: 'javascript:alert(1)', shortlink: null }];
    const result = parseWorkableBoard(body, ctx);
    expectAccounted(result, 4);
    expect(result.jobs.map((parsed) => parsed.source.job_id)).toEqual([good!.shortcode, 'NOURL']);
    expect(result.jobs[1]?.job_url).toBe('https://apply.workable.com/exampleai/j/NOURL/');
    expect(result.skipped).toEqual([
      { jobId: null, reason: expect.stringMatching(/^invalid posting: shortcode/) },
      { jobId: third!.shortcode, reason: 'no publication date' },
    ]);
  });

  it('throws SourceFormatError only when the body is not a job list', () => {
    for (const body of [null, [], { name: 'Example' }, { jobs: 'none' }, { error: 'Not Found' }]) expect(() => parseWorkableBoard(body, ctx)).toThrow(SourceFormatError);
    expect(parseWorkableBoard({ name: 'Example', jobs: [] }, ctx)).toEqual({ jobs: [], skipped: [] });
  });

  it('never throws anything but SourceFormatError, and accounts for every posting (fuzz)', () => {
    fuzzAdapter(parseWorkableBoard, (jobs) => ({ name: 'Example', jobs }), account().jobs[0] ?? {});
  });
});
