/**
 * Company lists as people and the reference data write them: the `company,ats,board_token` form
 * and the `name,url` board lists of ../shared/data/companies/ats-boards
 * (stapply-ai/ats-scrapers@7202096c), every row accounted for, a bad row never stopping the rest.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newCompany } from '../companies/company';
import { CompanyImportFormatError, parseCompanyCsv, planCompanyImport } from './company-import';

const boardList = (file: string) => readFileSync(new URL(`../../../shared/data/companies/ats-boards/${file}`, import.meta.url), 'utf8');

describe('planCompanyImport', () => {
  it('adds, updates, leaves unchanged and rejects row by row, with a reason per rejected row', () => {
    const stored = [newCompany('Cohere', { ats: 'ashby', board_token: 'cohere' }), newCompany('Mistral AI', { ats: 'ashby', board_token: 'mistral' })];
    const csv = [
      'company,ats,board_token,name,url',
      'cohere,ashby,Cohere,,', // same board, any case
      'mistral ai,lever,mistral,,https://jobs.eu.lever.co/mistral', // moved to Lever
      'acme,bamboohr,acme,,', // no such provider
      'bad,ashby,"a/b",,', // not a token
      'lmarena,ashby,lmarena,LMArena,https://jobs.ashbyhq.com/lmarena',
    ].join('\n');
    const plan = planCompanyImport(stored, parseCompanyCsv(csv));
    expect(plan.results.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'unchanged'],
      [3, 'updated'],
      [4, 'rejected'],
      [5, 'rejected'],
      [6, 'added'],
    ]);
    expect(plan.results[2]!.reason).toMatch(/ats "bamboohr" is not one of ashby, greenhouse/);
    expect(plan.results[3]!.reason).toMatch(/board token "a\/b"/);
    expect(plan.counts).toEqual({ added: 1, updated: 1, unchanged: 1, rejected: 2 });
    expect(plan.writes).toEqual([
      expect.objectContaining({ company_key: 'mistral ai', company_name: 'Mistral AI', ats: 'lever', board_token: 'mistral', careers_url: 'https://jobs.eu.lever.co/mistral' }),
      expect.objectContaining({ company_key: 'lmarena', company_name: 'LMArena', ats: 'ashby', board_token: 'lmarena', job_count: 0 }),
    ]);
  });

  it('reads the board from each URL of a name,url list, and says why a URL names none', () => {
    const csv = [
      'name,url',
      'Acme,https://acme.wd5.myworkdayjobs.com/en-US/External',
      'Acme Two,https://acme2.wd1.myworkdayjobs.com/en-us',
      'Embed,https://job-boards.greenhouse.io/embed',
      'Nowhere,https://example.com/careers',
      'Broken,not a url',
    ].join('\n');
    const plan = planCompanyImport([], parseCompanyCsv(csv));
    expect(plan.writes).toEqual([expect.objectContaining({ company_name: 'Acme', ats: 'workday', board_token: 'acme.wd5.External' })]);
    expect(plan.results.slice(1).map((row) => row.reason)).toEqual([
      expect.stringMatching(/is a Workday address that names no board: the URL must name the career site/),
      expect.stringMatching(/is a Greenhouse address that names no board/),
      expect.stringMatching(/is no board of a known ATS/),
      'not an http(s) URL: not a url',
    ]);
  });

  it('gives a company one board: a later row with another board is rejected, the first kept', () => {
    const csv = ['name,url', 'Allstate,https://allstate.wd5.myworkdayjobs.com/agent', 'Allstate,https://allstate.wd5.myworkdayjobs.com/allstate_careers'].join('\n');
    const plan = planCompanyImport([], parseCompanyCsv(csv));
    expect(plan.counts).toMatchObject({ added: 1, rejected: 1 });
    expect(plan.results[1]!.reason).toBe('line 2 already gave Allstate the board workday allstate.wd5.agent (a company has one board)');
  });

  it('keeps a known company on its board when asked (the seed: the curated registry wins)', () => {
    const plan = planCompanyImport([newCompany('Notion', { ats: 'ashby', board_token: 'notion' })], parseCompanyCsv('name,url\nNotion,https://job-boards.greenhouse.io/notion'), { keepBoards: true });
    expect(plan.results[0]).toMatchObject({ outcome: 'unchanged', reason: 'kept its board ashby notion' });
    expect(plan.writes).toEqual([]);
  });

  it('refuses a file with neither board columns nor URLs as a whole', () => {
    expect(() => parseCompanyCsv('company,website\nacme,https://acme.com')).toThrow(CompanyImportFormatError);
  });

  it('reads every real board list: each Ashby, Lever and Greenhouse row names a board (bar two non-boards)', () => {
    for (const [file, rejected] of [['ashby_companies.csv', 0], ['lever_lever_companies.csv', 0], ['greenhouse_greenhouse_companies.csv', 2]] as const) {
      const rows = parseCompanyCsv(boardList(file));
      const plan = planCompanyImport([], rows);
      expect(plan.counts.rejected, file).toBe(rejected);
      expect(plan.counts.added + plan.counts.updated + plan.counts.unchanged + plan.counts.rejected, file).toBe(rows.length);
    }
  });

  it('reads the real Rippling list: every row names a board, bar a second board under a name already given one', () => {
    const rows = parseCompanyCsv(boardList('rippling_rippling_companies.csv'));
    const plan = planCompanyImport([], rows);
    expect(plan.counts).toEqual({ added: rows.length - 1, updated: 0, unchanged: 0, rejected: 1 });
    expect(plan.results.find((row) => row.outcome === 'rejected')?.reason).toBe('line 196 already gave Career Opportunities the board rippling career-opportunities (a company has one board)');
    expect(plan.writes.find((company) => company.company_name === '1X')).toMatchObject({ ats: 'rippling', board_token: '1x' });
  });

  it('reads the real Workday list: sites named by their URL become boards, locale-only URLs are rejected with the reason', () => {
    const plan = planCompanyImport([], parseCompanyCsv(boardList('workday_workday_companies.csv')));
    expect(plan.writes.find((company) => company.company_key === '3m')).toMatchObject({ ats: 'workday', board_token: '3m.wd1.search' });
    const localeOnly = plan.results.filter((row) => row.reason?.includes('not only a locale'));
    expect(localeOnly.length).toBeGreaterThan(1000);
    expect(plan.counts.added).toBeGreaterThan(800);
  });
});
