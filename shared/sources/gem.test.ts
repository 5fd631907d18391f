/**
 * The Gem adapter on a CONSTRUCTED Job Board API body (fixtures/gem.documented-fields.json: Gem's
 * documented job-post fields, filled with real titles and descriptions of the Ashby captures).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectAtsFromUrl } from './detect-ats';
import { fixedClock } from '../time/clock';
import { gemProvider, parseGemBoard } from './gem';
import { SourceFormatError } from './source-error';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/gem.documented-fields.json', import.meta.url), 'utf8')) as { body: unknown[] };
const ctx = { company: { company_key: 'acme', company_name: 'Acme', company_url: null, company_logo: null }, boardToken: 'acme', clock: fixedClock('2025-10-28T12:00:00.000Z') };

describe('parseGemBoard', () => {
  it('reads each job post as a person would, and skips a general application as not a job', () => {
    const result = parseGemBoard(fixture.body, ctx);
    expect(result.skipped).toEqual([{ jobId: '4965519099', reason: 'not a job: general application' }]);
    expect(result.jobs.map((job) => [job.job_title, job.workplace_type, job.employment_type, job.date_posted, job.locations[0]?.country ?? null])).toEqual([
      ['Finance & Billing Operations Specialist', 'remote', 'full_time', '2025-08-08T22:53:01.663Z', null],
      ['Staff Applied AI Engineer', 'onsite', 'full_time', '2025-03-04T03:23:20.593Z', 'US'],
      ['Senior Design Engineer', 'hybrid', 'part_time', '2025-10-08T12:27:21.170Z', 'DE'],
    ]);
    expect(result.jobs[0]).toMatchObject({ source: { ats: 'gem', board_token: 'acme', job_id: '4965519000' }, job_url: 'https://jobs.gem.com/acme/4965519000' });
    expect(result.jobs[0]!.description).toContain('Supabase');
  });

  it('refuses a body that is not a list of job posts', () => {
    expect(() => parseGemBoard({ error: 'not found' }, ctx)).toThrow(SourceFormatError);
  });
});

describe('Gem board URLs', () => {
  it('reads the board from jobs.gem.com and the API, and names the API URL for the replay folder', () => {
    expect(detectAtsFromUrl('https://jobs.gem.com/acme/4965519000')).toEqual({ ats: 'gem', board_token: 'acme' });
    expect(detectAtsFromUrl('https://api.gem.com/job_board/v0/acme/job_posts/')).toEqual({ ats: 'gem', board_token: 'acme' });
    expect(detectAtsFromUrl('https://www.gem.com/pricing')).toBeNull();
    expect(gemProvider.boardOfUrl('https://api.gem.com/job_board/v0/acme/job_posts/', gemProvider.endpoints)).toEqual({ token: 'acme', page: null });
  });
});
