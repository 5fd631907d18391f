import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JobSchema, type Job } from '../jobs/job';
import { fixedClock } from '../time/clock';
import { parseAshbyBoard, SourceFormatError, type AshbyParseContext, type AshbyParseResult } from './ashby';

/**
 * The adapter on every real board we hold: 43 Ashby job-board responses captured 2025-10-28,
 * stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (in ../shared/data/ats/ashby, MIT).
 */
const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));
const NOW = '2025-10-28T12:00:00.000Z';

/**
 * Jobs per board file, counted by hand from the captures: every posting comes out as a job but
 * the ten that are not jobs (non-jobs.test.ts: one each at DeepL, PrimeIntellect, dust, hcompany,
 * lmarena, oumi, suno; three at n8n).
 */
const POSTINGS_PER_BOARD: Readonly<Record<string, number>> = {
  AlephAlpha: 10, DeepL: 53, Lambda: 88, PrimeIntellect: 12, Windsurf: 1, anyscale: 27, browserbase: 6,
  cartesia: 23, character: 15, cohere: 71, cursor: 21, decagon: 62, dust: 19, elevenlabs: 58, firecrawl: 6,
  harvey: 100, hcompany: 9, inkeep: 8, langchain: 28, lindy: 4, 'liquid-ai': 16, lmarena: 17, lovable: 33,
  manusai: 29, mercor: 19, 'moonshot-ai': 3, n8n: 18, nomic: 6, notion: 135, openrouter: 7, oumi: 9,
  physicalintelligence: 3, replit: 37, sentient: 14, sesame: 21, sierra: 81, 'stack-ai': 16, suno: 51,
  supabase: 34, synthflow: 13, turbopuffer: 6, worldlabs: 6, writer: 128,
};

const contextFor = (board: string): AshbyParseContext => ({
  company: { company_key: board.toLowerCase(), company_name: board, company_url: `https://${board.toLowerCase()}.example`, company_logo: null },
  boardToken: board,
  clock: fixedClock(NOW),
});

const boards = readdirSync(ASHBY_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => {
    const board = name.replace(/\.json$/, '');
    const body = JSON.parse(readFileSync(ASHBY_DIR + name, 'utf8')) as { jobs: unknown[] };
    return { board, body, result: parseAshbyBoard(body, contextFor(board)) };
  });

const parsed = (board: string): AshbyParseResult => {
  const found = boards.find((entry) => entry.board === board);
  if (!found) throw new Error(`no capture for ${board}`);
  return found.result;
};

const job = (board: string, idPrefix: string): Job => {
  const found = parsed(board).jobs.find((candidate) => candidate.source.job_id.startsWith(idPrefix));
  if (!found) throw new Error(`no job ${idPrefix} on ${board}`);
  return found;
};

const envelope = (jobs: unknown[]) => ({ jobs, apiVersion: '1' });

type RawPosting = Record<string, unknown> & { id: string };

const realPosting = (board: string, index = 0): RawPosting => {
  const found = boards.find((entry) => entry.board === board);
  return structuredClone(found?.body.jobs[index] as RawPosting);
};

describe('parseAshbyBoard on the 43 captured boards', () => {
  it('turns every posting into a job or a reason, losing none', () => {
    expect(boards.map(({ board }) => board).sort()).toEqual(Object.keys(POSTINGS_PER_BOARD).sort());
    for (const { board, body, result } of boards) {
      expect(result.jobs.length + result.skipped.length, board).toBe(body.jobs.length);
      expect(result.jobs.length, board).toBe(POSTINGS_PER_BOARD[board]);
      for (const skip of result.skipped) expect(skip.reason).not.toBe('');
    }
    expect(boards.reduce((sum, { result }) => sum + result.jobs.length, 0)).toBe(1323);
  });

  it('gives jobs that pass JobSchema, with slugs unique within each board', () => {
    for (const { board, result } of boards) {
      for (const parsedJob of result.jobs) JobSchema.parse(parsedJob);
      const slugs = result.jobs.map((parsedJob) => parsedJob.slug_url);
      expect(new Set(slugs).size, board).toBe(slugs.length);
    }
  });

  it('keeps pay as posted (Ashby\'s fields, else the description) and fills min/max_salary only for USD per year', () => {
    const all = boards.flatMap(({ result }) => result.jobs);
    expect(all.filter((parsedJob) => parsedJob.compensation !== null && parsedJob.compensation.stated_in === undefined)).toHaveLength(604);
    expect(all.filter((parsedJob) => parsedJob.compensation?.stated_in === 'description')).toHaveLength(131);
    expect(all.filter((parsedJob) => parsedJob.min_salary !== null)).toHaveLength(682);
    for (const parsedJob of all) {
      const usdYearly = parsedJob.compensation?.currency === 'USD' && parsedJob.compensation.period === 'year';
      expect(parsedJob.min_salary !== null).toBe(usdYearly);
    }
  });

  it('reads cohere\'s first posting as a person would', () => {
    const first = parsed('cohere').jobs[0];
    expect(first).toMatchObject({
      company_key: 'cohere',
      job_title: 'Senior Member of Technical Staff, Multimodal AI',
      slug_url: '/senior-member-of-technical-staff-multimodal-ai-443368a3',
      source: { ats: 'ashby', board_token: 'cohere', job_id: '443368a3-6276-4b90-9671-27fed40fd6d2' },
      department: 'ML',
      source_department: 'Modelling',
      date_posted: '2024-12-03T14:25:43.571Z',
      first_seen_at: NOW,
      last_seen_at: NOW,
      closed_at: null,
      workplace_type: 'onsite',
      employment_type: 'full_time',
      compensation: null,
      min_salary: null,
      max_salary: null,
      job_url: 'https://jobs.ashbyhq.com/cohere/443368a3-6276-4b90-9671-27fed40fd6d2',
    });
    expect(first?.locations.map((place) => place.label)).toEqual([
      'London, GB', 'San Francisco, CA, US', 'New York, NY, US', 'Toronto, ON, CA', 'Montreal, QC, CA', 'Paris, FR',
    ]);
    expect(first?.locations[1]).toEqual({ city: 'San Francisco', region: 'CA', country: 'US', label: 'San Francisco, CA, US' });
    expect(first?.description).toMatch(/^<p><strong>Who are we\?<\/strong><\/p>/);
    expect(first?.description).not.toContain('style=');
  });

  it('reads USD yearly pay into thousands of USD', () => {
    // DeepL, "Staff Site Reliability Engineer | API Infrastructure": one tier, $225K – $253K.
    const deepl = job('DeepL', '850040ff');
    expect(deepl.compensation).toEqual({ min: 225000, max: 253000, currency: 'USD', period: 'year', summary: '$225K – $253K' });
    expect([deepl.min_salary, deepl.max_salary]).toEqual([225, 253]);
  });

  it('keeps other currencies and periods as posted, without USD figures', () => {
    const pounds = job('decagon', '28366d07');
    expect(pounds.compensation).toMatchObject({ min: 150000, max: 260000, currency: 'GBP', period: 'year' });
    expect([pounds.min_salary, pounds.max_salary]).toEqual([null, null]);
    const monthly = job('cartesia', '0dc46cae');
    expect(monthly.compensation).toMatchObject({ min: 8000, max: 12000, currency: 'USD', period: 'month', summary: '$8K – $12K per month' });
    expect(monthly.min_salary).toBeNull();
    const hourly = job('decagon', '413cbd5a');
    expect(hourly.compensation).toMatchObject({ min: 40, max: 45, currency: 'USD', period: 'hour' });
    // Lambda's Europe SRE has EUR and GBP tiers: Ashby's summary (EUR) wins.
    expect(job('Lambda', 'd72f03c3').compensation).toMatchObject({ min: 161000, max: 310000, currency: 'EUR', period: 'year' });
  });

  it('reads the workplace from isRemote and the location text', () => {
    expect(job('writer', 'd1e03a87').workplace_type).toBe('hybrid'); // 'London, UK (hybrid)', isRemote false
    expect(job('writer', 'd1e03a87').locations.map((place) => place.label)).toEqual(['London, GB']);
    expect(job('replit', '19f73186').workplace_type).toBe('hybrid'); // 'Foster City, CA (Hybrid) In office M,W,F'
    expect(job('openrouter', '22d85a56')).toMatchObject({ workplace_type: 'remote', locations: [{ label: 'Remote (US)', country: 'US' }] });
  });

  it('pairs localities with their own regions when the address lists both in order', () => {
    // Lambda, "Strategic Customer Success Manager": "San Francisco Office" at addressLocality
    // "San Francisco, Seattle", addressRegion "California, Washington" (not "Seattle, CA").
    expect(job('Lambda', '4337b580').locations.map((place) => place.label)).toEqual(['San Francisco, CA, US', 'Seattle, WA, US']);
    const lambda = boards.find(({ board }) => board === 'Lambda')?.result.jobs ?? [];
    expect(lambda.filter((parsedJob) => parsedJob.locations.some((place) => place.city === 'Seattle' && place.region !== 'WA'))).toEqual([]);
  });
});

describe('parseAshbyBoard on damaged input', () => {
  const ctx = contextFor('cohere');

  it('skips unlisted and unreadable postings with a reason and keeps the rest', () => {
    const unlisted = { ...realPosting('cohere', 1), isListed: false };
    const noId = { ...realPosting('cohere', 2), id: '' };
    const badDate = { ...realPosting('cohere', 3), publishedAt: 'yesterday' };
    const { jobs, skipped } = parseAshbyBoard(envelope([realPosting('cohere', 0), unlisted, noId, badDate, 42, null]), ctx);
    expect(jobs.map((parsedJob) => parsedJob.job_title)).toEqual(['Senior Member of Technical Staff, Multimodal AI']);
    expect(skipped).toHaveLength(5);
    expect(skipped[0]).toEqual({ jobId: unlisted.id, reason: 'unlisted' });
    expect(skipped[1]?.reason).toMatch(/^invalid posting: id/);
    expect(skipped[2]).toMatchObject({ jobId: badDate.id, reason: expect.stringMatching(/publishedAt/) });
    expect(skipped[3]).toMatchObject({ jobId: null });
  });

  it('drops a malformed optional part instead of the posting', () => {
    const posting = { ...realPosting('DeepL', 0), compensation: { summaryComponents: 'lots' }, secondaryLocations: [null, 7], address: 'Berlin' };
    const { jobs } = parseAshbyBoard(envelope([posting]), contextFor('DeepL'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.compensation).toBeNull();
  });

  it('sanitises descriptions: no script, handler or javascript link survives', () => {
    const posting = {
      ...realPosting('cohere', 0),
      descriptionHtml: '<p onclick="steal()">Join us<script>alert(document.cookie)</script></p><a href="javascript:alert(1)">apply</a><iframe src="https://x.example"></iframe>',
    };
    const description = parseAshbyBoard(envelope([posting]), ctx).jobs[0]?.description ?? '';
    expect(description).toContain('Join us');
    expect(description).not.toMatch(/script|onclick|javascript|iframe|alert/i);
  });

  it('throws SourceFormatError only when the body is not a job board', () => {
    for (const body of [null, 'oops', [], {}, { jobs: 'none' }, { error: 'Not found' }]) {
      expect(() => parseAshbyBoard(body, ctx)).toThrow(SourceFormatError);
    }
    expect(parseAshbyBoard(envelope([]), ctx)).toEqual({ jobs: [], skipped: [] });
  });

  it('never throws on arbitrary postings inside a valid envelope, and accounts for each', () => {
    const base = realPosting('DeepL', 0);
    const mutated = fc.dictionary(fc.constantFrom(...Object.keys(base), 'workplaceType', 'extra'), fc.anything(), { maxKeys: 6 }).map((changes) => ({ ...base, ...changes }));
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.anything(), mutated), { maxLength: 5 }), (postings) => {
        const { jobs, skipped } = parseAshbyBoard(envelope(postings), ctx);
        expect(jobs.length + skipped.length).toBe(postings.length);
        for (const parsedJob of jobs) JobSchema.parse(parsedJob);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a remote job listed at a placeless "Remote" takes the places its eligibility names', () => {
  it('reads the title’s region and the description’s "anywhere" into places (supabase.json, sentient.json)', () => {
    const supabase = parsed('supabase').jobs;
    const byTitle = (title: string) => supabase.find((parsedJob) => parsedJob.job_title === title);
    expect(byTitle('Support Engineer (EMEA)')?.locations).toEqual([{ city: null, region: 'EMEA', country: null, label: 'Remote (EMEA)' }]);
    expect(byTitle('Account Executive (USA)')?.locations).toEqual([{ city: null, region: null, country: 'US', label: 'Remote (US)' }]);
    // "Work from anywhere", "Global": open worldwide, said so, with the Worldwide region as the place's region (the API's locations[].region).
    const worldwide = [{ city: null, region: 'Worldwide', country: null, label: 'Remote (Worldwide)' }];
    expect(byTitle('CLI Engineer')?.locations).toEqual(worldwide);
    const designLead = parsed('sentient').jobs.find((parsedJob) => parsedJob.job_title === 'Design Lead');
    expect(designLead?.locations).toEqual(worldwide);
    expect(designLead?.remote_eligibility).toEqual({ scope: 'worldwide', countries: [], regions: [] });
  });
});
