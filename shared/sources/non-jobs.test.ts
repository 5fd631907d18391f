/**
 * Non-jobs on the 1,333 captured Ashby postings (stapply-ai/ats-scrapers@43ece6fd:
 * ashby/companies/*.json, in ../shared/data/ats/ashby): exactly the ten general applications,
 * talent pools and internal boards are recognised, every other title stays a job, and the Ashby
 * adapter skips them with a "not a job" reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../time/clock';
import { parseAshbyBoard } from './ashby';
import { isNotAJobSkip, notAJobReason } from './non-jobs';

const DIR = new URL('../../../shared/data/ats/ashby/', import.meta.url);
const boards = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, body: JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as { jobs: { id: string; title: string }[] } }));

describe('notAJobReason on the captured titles', () => {
  it('finds exactly the general applications, talent pools and the internal board', () => {
    const found = boards.flatMap(({ name, body }) => body.jobs.flatMap((job) => (notAJobReason(job.title) === null ? [] : [`${name}: ${job.title} → ${notAJobReason(job.title)}`])));
    expect(found.sort()).toEqual([
      'DeepL.json: Internal job board → internal board',
      'PrimeIntellect.json: Open Application for Unconventional Talent → general application',
      "dust.json: Spontaneous Application → general application",
      "hcompany.json: Spontaneous Application → general application",
      "lmarena.json: Don't See Your Role? Apply Here! → don't see your role",
      'n8n.json: GTM (German-speaking) Talent Pool → talent pool',
      'n8n.json: Leadership roles (Talent Pool) → talent pool',
      'n8n.json: Product & Design (Talent Pool) → talent pool',
      'oumi.json: General Interest → general application',
      'suno.json: Submit a General Application → general application',
    ]);
  });

  it('leaves jobs whose titles only share the words', () => {
    for (const title of ['General Counsel', 'Talent Acquisition Partner', 'Applied Scientist, Open Source', 'Head of Internal Communications', 'General Manager, EMEA', 'Software Engineer (Remote)']) {
      expect(notAJobReason(title), title).toBeNull();
    }
  });
});

describe('adapters skip non-jobs', () => {
  it('the Ashby adapter skips DeepL\'s internal job board with a "not a job" reason and keeps the rest', () => {
    const deepl = boards.find(({ name }) => name === 'DeepL.json')!.body;
    const ctx = { company: { company_key: 'deepl', company_name: 'DeepL', company_url: null, company_logo: null }, boardToken: 'DeepL', clock: fixedClock('2025-10-28T00:00:00Z') };
    const result = parseAshbyBoard(deepl, ctx);
    const notJobs = result.skipped.filter((skip) => isNotAJobSkip(skip.reason));
    expect(notJobs).toEqual([{ jobId: deepl.jobs.find((job) => job.title === 'Internal job board')!.id, reason: 'not a job: internal board' }]);
    expect(result.jobs.some((job) => job.job_title === 'Internal job board')).toBe(false);
    expect(result.jobs.length + result.skipped.length).toBe(deepl.jobs.length);
  });
});
