import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constructedBody, contextFor, expectAccounted, fuzzAdapter, NOW } from '../../tests/support/adapter-checks';
import { greenhouseContentHtml, parseGreenhouseBoard } from './greenhouse';
import { SourceFormatError } from './source-error';

/**
 * Real Greenhouse bodies: the Job Board API examples of Greenhouse's own docs
 * (grnhse/greenhouse-api-docs@0c37c31a, in ../shared/data/ats/greenhouse/official-docs/, Apache-2.0)
 * and recorded responses of the board API (grnhse/greenhouse_io@dda7ea19 spec cassettes, in
 * ../shared/data/ats/greenhouse/legacy-2013-bodies/, MIT).
 */
const GREENHOUSE = new URL('../../../shared/data/ats/greenhouse/', import.meta.url);
const greenhouse = (path: string): unknown => JSON.parse(readFileSync(new URL(path, GREENHOUSE), 'utf8'));
type Board = { jobs: Record<string, unknown>[] };
const docsList = (): Board => greenhouse('official-docs/job-board_jobs__list_jobs__1.json') as Board;
const legacyList = (): Board => greenhouse('legacy-2013-bodies/jobs_with_content.json') as Board;
const ctx = contextFor('vaulttec');

describe('parseGreenhouseBoard on Greenhouse\'s documented and recorded bodies', () => {
  it('reads the docs\' list (content=true) as a person would', () => {
    const result = parseGreenhouseBoard(docsList(), ctx);
    expectAccounted(result, 1);
    expect(result.jobs[0]).toMatchObject({
      slug_url: '/vault-designer-127817',
      source: { ats: 'greenhouse', board_token: 'vaulttec', job_id: '127817' },
      job_title: 'Vault Designer',
      source_department: 'Department of Departments',
      date_posted: '2016-01-14T15:55:28.000Z', // updated_at "2016-01-14T10:55:28-05:00" in UTC
      first_seen_at: NOW,
      workplace_type: 'onsite',
      locations: [{ city: 'New York', region: 'NY', country: 'US', label: 'New York, NY, US' }], // location.name "NYC"
      compensation: null,
      min_salary: null,
      job_url: 'https://boards.greenhouse.io/vaulttec/jobs/127817',
    });
    // The docs' content is escaped twice ("&amp;lt;p&amp;gt;"): it comes out as a real paragraph.
    expect(result.jobs[0]?.description).toBe(
      'This is the job description. <p>Any HTML included through the hosted job application editor will be automatically converted into corresponding HTML entities.</p>',
    );
  });

  it('reads the docs\' list without content: no description, same job', () => {
    const result = parseGreenhouseBoard(greenhouse('official-docs/job-board_jobs__list_jobs__0.json'), ctx);
    expectAccounted(result, 1);
    expect(result.jobs[0]).toMatchObject({ job_title: 'Vault Designer', description: null, source_department: null });
  });

  it('decodes the recorded entity-escaped content once and sanitises it', () => {
    const result = parseGreenhouseBoard(legacyList(), contextFor('generalassembly'));
    expectAccounted(result, 2);
    const [developer, analyst] = result.jobs;
    expect(developer?.description).toMatch(/^<h3>Who this job is right for<\/h3>\n<p>Anim wes anderson/);
    expect(developer?.description).toContain('<h3>Required skills &amp; experience</h3>'); // "&amp;amp;" → "&" shown as text
    expect(developer?.description).toContain("you probably haven't heard of them"); // "&#x27;"
    expect(developer?.description).not.toMatch(/&lt;|&amp;amp;/);
    expect(developer).toMatchObject({ department: 'Engineering', source_department: null, date_posted: '2013-09-12T21:01:50.000Z' });
    expect(analyst).toMatchObject({ job_title: 'Finance Analyst', department: 'Finance', source_department: 'Finance', locations: [{ label: 'New York, NY, US', country: 'US' }] }); // "New York"
  });

  it('reads pay_input_ranges (cents) as yearly pay in the posted currency', () => {
    // The range of the docs' "Retrieve a job" example, on the docs' list posting.
    const posting = { ...docsList().jobs[0], pay_input_ranges: [{ min_cents: 5000000, max_cents: 7500000, currency_type: 'USD', title: 'NYC Salary Range', blurb: 'In order to provide transparency...' }] };
    const job = parseGreenhouseBoard({ jobs: [posting] }, ctx).jobs[0];
    expect(job?.compensation).toEqual({ min: 50000, max: 75000, currency: 'USD', period: 'year', summary: 'NYC Salary Range' });
    expect([job?.min_salary, job?.max_salary]).toEqual([50, 75]);
    const euros = { ...posting, pay_input_ranges: [{ min_cents: 4500, max_cents: 5200, currency_type: 'eur', title: 'Hourly rate' }] };
    const hourly = parseGreenhouseBoard({ jobs: [euros] }, ctx).jobs[0];
    expect(hourly?.compensation).toMatchObject({ min: 45, max: 52, currency: 'EUR', period: 'hour' });
    expect(hourly?.min_salary).toBeNull();
  });

  it('uses the most specific office when location.name says nothing, and metadata for the employment type', () => {
    const posting = { ...docsList().jobs[0], location: { name: '' }, metadata: [{ id: 1, name: 'Employment Type', value_type: 'single_select', value: 'Contract' }] };
    const job = parseGreenhouseBoard({ jobs: [posting] }, ctx).jobs[0];
    expect(job?.locations.map((place) => place.label)).toEqual(['New York, NY, US']); // office "New York City", not its parent "East Coast"
    expect(job?.employment_type).toBe('contract');
  });

  it('reads remote and hybrid from the location text', () => {
    const remote = { ...docsList().jobs[0], location: { name: 'Remote - US' } };
    const hybrid = { ...docsList().jobs[0], id: 127818, location: { name: 'London, UK (Hybrid)' } };
    const [a, b] = parseGreenhouseBoard({ jobs: [remote, hybrid] }, ctx).jobs;
    expect(a).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Remote (US)', country: 'US' }] });
    expect(b).toMatchObject({ workplace_type: 'hybrid', locations: [{ label: 'London, GB', country: 'GB' }] });
  });

  it('reads the location text in the country of the posting’s offices', () => {
    const offices = [{ id: 1, name: 'London', location: 'London, United Kingdom' }];
    const remote = { ...docsList().jobs[0], location: { name: 'Remote' }, offices };
    const cambridge = { ...docsList().jobs[0], id: 127818, location: { name: 'Cambridge' }, offices };
    const [a, b] = parseGreenhouseBoard({ jobs: [remote, cambridge] }, ctx).jobs;
    expect(a?.locations).toMatchObject([{ label: 'Remote (GB)', country: 'GB' }]);
    expect(b?.locations).toMatchObject([{ label: 'Cambridge, GB', country: 'GB' }]);
  });
});

describe('parseGreenhouseBoard on damaged input', () => {
  it('skips broken postings with a reason and keeps the rest', () => {
    const [good] = docsList().jobs;
    const noTitle = { ...good, id: 2, title: ' ' };
    const noDate = { ...good, id: 3, updated_at: 'soon', first_published: null };
    const prospect = { ...good, id: 4, internal_job_id: null };
    const result = parseGreenhouseBoard({ jobs: [good, noTitle, noDate, prospect, 'x'] }, ctx);
    expectAccounted(result, 5);
    expect(result.jobs.map((job) => job.source.job_id)).toEqual(['127817']);
    expect(result.skipped).toEqual([
      { jobId: '2', reason: expect.stringMatching(/^invalid posting: title/) },
      { jobId: '3', reason: 'no publication date' },
      { jobId: '4', reason: 'prospect post' },
      { jobId: null, reason: expect.stringMatching(/^invalid posting/) },
    ]);
  });

  it('sanitises escaped content: no script, handler or javascript link survives', () => {
    const content = '&lt;p onclick=&quot;steal()&quot;&gt;Join us&lt;script&gt;alert(1)&lt;/script&gt;&lt;/p&gt;&lt;a href=&quot;javascript:alert(1)&quot;&gt;apply&lt;/a&gt;';
    const job = parseGreenhouseBoard({ jobs: [{ ...docsList().jobs[0], content }] }, ctx).jobs[0];
    expect(job?.description).toContain('Join us');
    expect(job?.description).not.toMatch(/script|onclick|javascript|alert/i);
  });

  it('throws SourceFormatError for the unknown-board answer and other non-boards', () => {
    expect(() => parseGreenhouseBoard(greenhouse('legacy-2013-bodies/invalid_organization.json'), ctx)).toThrow(
      new SourceFormatError('Greenhouse board "vaulttec": the body is not a job board: Could not find a job board with token \'not-real-inc\''),
    );
    for (const body of [greenhouse('official-docs/job-board_departments__list_departments__0.json'), greenhouse('legacy-2013-bodies/job.json'), null, [], 'jobs', { jobs: {} }]) {
      expect(() => parseGreenhouseBoard(body, ctx)).toThrow(SourceFormatError);
    }
    expect(parseGreenhouseBoard({ jobs: [], meta: { total: 0 } }, ctx)).toEqual({ jobs: [], skipped: [] });
  });

  it('decodes content twice only when the first pass leaves nothing but escaped tags', () => {
    expect(greenhouseContentHtml('&lt;p&gt;a &amp;lt;b&amp;gt; c&lt;/p&gt;')).toBe('<p>a &lt;b&gt; c</p>');
    expect(greenhouseContentHtml('&amp;lt;p&amp;gt;x&amp;lt;/p&amp;gt;')).toBe('<p>x</p>');
  });

  it('never throws anything but SourceFormatError, and accounts for every posting (fuzz)', () => {
    fuzzAdapter(parseGreenhouseBoard, (jobs) => ({ jobs }), docsList().jobs[0] ?? {});
  });

  it('also reads the constructed fixtures of no other provider as a board', () => {
    expect(() => parseGreenhouseBoard(constructedBody('lever'), ctx)).toThrow(SourceFormatError);
  });
});
