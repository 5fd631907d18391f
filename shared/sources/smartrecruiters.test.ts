import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { constructedBody, contextFor, expectAccounted, fuzzAdapter, jobWith, NOW } from '../../tests/support/adapter-checks';
import { parseSmartRecruitersBoard, parseSmartRecruitersPages, SMARTRECRUITERS_MAX_PAGES, smartRecruitersNextOffsets } from './smartrecruiters';
import { SourceFormatError } from './source-error';

/**
 * SmartRecruiters has no licensed real capture: fixtures/smartrecruiters.documented-fields.json
 * is CONSTRUCTED from the documented Posting object, with titles, places, release times and
 * remote flags from the Ashby captures it cites (stapply-ai/ats-scrapers@43ece6fd).
 */
type Page = { offset: number; limit: number; totalFound: number; content: Record<string, unknown>[] };
const page = (): Page => structuredClone(constructedBody('smartrecruiters')) as Page;
const ctx = contextFor('ExampleAI');
const job = (id: string) => jobWith(parseSmartRecruitersBoard(page(), ctx), id);

describe('parseSmartRecruitersBoard on the documented-field fixture', () => {
  it('turns every posting into a job and says the listing is complete', () => {
    const result = parseSmartRecruitersBoard(page(), ctx);
    expectAccounted(result, 5);
    expect(result).toMatchObject({ skipped: [], listing: 'complete', totalFound: 5 });
  });

  it('reads a posting as a person would', () => {
    expect(job('744000083849101')).toMatchObject({
      slug_url: '/senior-product-operations-manager-19enmly', // a long id becomes a short stable hash
      source: { ats: 'smartrecruiters', board_token: 'ExampleAI', job_id: '744000083849101' },
      job_title: 'Senior Product Operations Manager',
      department: 'Product',
      source_department: 'Product',
      date_posted: '2025-10-09T15:21:36.538Z',
      first_seen_at: NOW,
      workplace_type: 'onsite',
      employment_type: 'full_time',
      locations: [{ city: 'San Francisco', region: 'CA', country: 'US', label: 'San Francisco, CA, US' }], // country "us"
      compensation: null,
      min_salary: null,
      job_url: 'https://jobs.smartrecruiters.com/ExampleAI/744000083849101',
      description: null,
    });
  });

  it('reads remote and hybrid flags, country-only places and contracts', () => {
    expect(job('744000083849100')).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Berlin, DE' }], skills: ['Kubernetes'] });
    expect(job('744000083849102')).toMatchObject({ workplace_type: 'hybrid', locations: [{ label: 'London, GB', country: 'GB' }] });
    expect(job('744000083849103')).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Poland', city: null, country: 'PL' }] });
    expect(job('744000083849104')).toMatchObject({ employment_type: 'contract', department: 'People', locations: [{ label: 'Toronto, ON, CA' }] });
  });
});

describe('SmartRecruiters paging and completeness', () => {
  it('reports an empty answer (also what an unknown company gets) as empty', () => {
    expect(parseSmartRecruitersBoard({ offset: 0, limit: 100, totalFound: 0, content: [] }, ctx)).toEqual({ jobs: [], skipped: [], listing: 'empty', totalFound: 0 });
  });

  it('says which offsets to fetch after the first page', () => {
    expect(smartRecruitersNextOffsets({ offset: 0, limit: 100, totalFound: 230, content: [] })).toEqual([100, 200]);
    expect(smartRecruitersNextOffsets({ offset: 0, limit: 100, totalFound: 100, content: [] })).toEqual([]);
    expect(smartRecruitersNextOffsets(page())).toEqual([]);
    expect(smartRecruitersNextOffsets({ totalFound: 5, content: [{}, {}] })).toEqual([2, 4]);
    expect(smartRecruitersNextOffsets({ offset: 0, limit: 100, totalFound: 10_000_000, content: [] })).toHaveLength(SMARTRECRUITERS_MAX_PAGES - 1);
    expect(smartRecruitersNextOffsets('not a page')).toEqual([]);
  });

  it('judges a listing complete only when the pages together hold totalFound postings', () => {
    const full = page();
    const first = { ...full, limit: 3, totalFound: 5, content: full.content.slice(0, 3) };
    const second = { ...full, offset: 3, limit: 3, totalFound: 5, content: full.content.slice(3) };
    expect(smartRecruitersNextOffsets(first)).toEqual([3]);
    expect(parseSmartRecruitersBoard(first, ctx)).toMatchObject({ listing: 'partial', totalFound: 5 });
    const both = parseSmartRecruitersPages([first, second], ctx);
    expect(both.listing).toBe('complete');
    expect(both.jobs).toHaveLength(5);
    // A posting that shifted onto the next page while paging is read once.
    const shifted = { ...second, content: [full.content[2]!, ...full.content.slice(3)] };
    const again = parseSmartRecruitersPages([first, shifted], ctx);
    expectAccounted(again, 6);
    expect(again.jobs).toHaveLength(5);
    expect(again.skipped).toEqual([{ jobId: full.content[2]!.id, reason: 'duplicate posting' }]);
    expect(again.listing).toBe('complete');
  });
});

describe('parseSmartRecruitersBoard on damaged input', () => {
  it('skips broken postings with a reason and keeps the rest', () => {
    const body = page();
    const [good, second, third] = body.content;
    body.content = [good!, { ...second!, name: '' }, { ...third!, releasedDate: 'last week' }, { ...good!, id: 42, location: 'Berlin' }];
    const result = parseSmartRecruitersBoard(body, ctx);
    expectAccounted(result, 4);
    expect(result.jobs.map((parsed) => parsed.source.job_id)).toEqual([good!.id, '42']);
    expect(result.jobs[1]?.locations).toEqual([]);
    expect(result.skipped).toEqual([
      { jobId: second!.id, reason: expect.stringMatching(/^invalid posting: name/) },
      { jobId: third!.id, reason: expect.stringMatching(/^invalid posting: releasedDate/) },
    ]);
  });

  it('throws SourceFormatError only when a body is not a postings page', () => {
    for (const body of [null, [], { content: [] }, { totalFound: 3 }, { totalFound: 'many', content: [] }, { message: 'Company not found' }]) {
      expect(() => parseSmartRecruitersBoard(body, ctx)).toThrow(SourceFormatError);
    }
    expect(() => parseSmartRecruitersPages([], ctx)).toThrow(SourceFormatError);
    expect(() => parseSmartRecruitersPages([page(), { error: 'x' }], ctx)).toThrow(SourceFormatError);
  });

  it('never throws anything but SourceFormatError, and accounts for every posting (fuzz)', () => {
    fuzzAdapter(parseSmartRecruitersBoard, (content) => ({ offset: 0, limit: 100, totalFound: content.length, content }), page().content[0] ?? {});
    fc.assert(fc.property(fc.anything(), (body) => Array.isArray(smartRecruitersNextOffsets(body))), { numRuns: 150 });
  });
});
