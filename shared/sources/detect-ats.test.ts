import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { detectAtsFromHtml, detectAtsFromUrl } from './detect-ats';
import { parseRegistryCsv } from '../companies/registry';

/**
 * Detection on real board URLs: the registry (companies/registry.csv, merged from
 * stapply-ai/ats-scrapers@7202096c and jshchnz/claude-jobs@27f077d1) with its ATS, board token
 * and documented API URL per company, and the provider board lists
 * (stapply-ai/ats-scrapers@7202096c: companies/ats-boards/*.csv). The HTML pages below are
 * constructed (no licensed career-page HTML exists here); the boards they name are real
 * registry entries.
 */
const DATA = fileURLToPath(new URL('../../../shared/data/companies/', import.meta.url));

const registry = parseRegistryCsv(readFileSync(`${DATA}registry.csv`, 'utf8'));

const boardList = (file: string): { name: string; url: string }[] =>
  parse(readFileSync(`${DATA}ats-boards/${file}`, 'utf8'), { columns: true, skip_empty_lines: true }) as { name: string; url: string }[];

const NOT_BOARDS = ['https://job-boards.greenhouse.io/1pyra)mid_health&care', 'https://job-boards.greenhouse.io/embed', 'https://apply.workable.com/j'];

describe('detectAtsFromUrl', () => {
  it('reads the registry’s own API URL back to its ATS and board token (decoded), for every company that has one', () => {
    const rows = registry.filter((row) => row.public_api_url !== '' && ['ashby', 'greenhouse', 'lever', 'workable'].includes(row.ats));
    expect(rows.length).toBeGreaterThan(400);
    for (const row of rows) expect(detectAtsFromUrl(row.public_api_url), row.company).toEqual({ ats: row.ats, board_token: decodeURIComponent(row.board_token) });
  });

  it.each([
    ['ashby_companies.csv', 'ashby'],
    ['greenhouse_greenhouse_companies.csv', 'greenhouse'],
    ['lever_lever_companies.csv', 'lever'],
    ['workable_workable_companies.csv', 'workable'],
    ['smartrecruiters_companies.csv', 'smartrecruiters'],
  ])('recognises every board URL of %s as %s', (file, ats) => {
    const rows = boardList(file);
    const missed = rows.filter((row) => detectAtsFromUrl(row.url)?.ats !== ats).map((row) => row.url);
    expect(rows.length).toBeGreaterThan(900);
    // The lists' own non-boards: the embed and short-link roots, and a scraped name with a ")".
    expect(missed).toEqual(NOT_BOARDS.filter((url) => rows.some((row) => row.url === url)));
  });

  it.each([
    ['https://jobs.ashbyhq.com/cohere', 'ashby', 'cohere'],
    ['https://jobs.ashbyhq.com/DeepL/850040ff-2e43-49d2-981b-65217d69c8ac', 'ashby', 'DeepL'],
    ['https://boards.greenhouse.io/anthropic', 'greenhouse', 'anthropic'],
    ['https://job-boards.greenhouse.io/anthropic/jobs/4020305008?gh_src=x', 'greenhouse', 'anthropic'],
    ['https://job-boards.eu.greenhouse.io/adyen', 'greenhouse', 'adyen'],
    ['https://boards.greenhouse.io/embed/job_board?for=databricks', 'greenhouse', 'databricks'],
    ['https://jobs.lever.co/mistral', 'lever', 'mistral'],
    ['https://jobs.eu.lever.co/mistral/6b1f5d3e-1234', 'lever', 'mistral'],
    ['https://apply.workable.com/-our-home', 'workable', '-our-home'],
    ['https://apply.workable.com/huggingface/j/ABC123/', 'workable', 'huggingface'],
    ['https://jobs.smartrecruiters.com/WSHGroup/744000091624446-bartender', 'smartrecruiters', 'WSHGroup'],
    ['https://jobs.smartrecruiters.com/oneclick-ui/company/WSHGroup/publication/394949ee-8022', 'smartrecruiters', 'WSHGroup'],
    ['https://api.ashbyhq.com/posting-api/job-board/applied%20compute?includeCompensation=true', 'ashby', 'applied compute'],
    ['https://jobs.lever.co/1840%26company', 'lever', '1840&company'],
    ['https://acme.recruitee.com/o/ml-engineer', 'recruitee', 'acme'],
    ['HTTPS://WWW.Jobs.Lever.co/n8n', 'lever', 'n8n'],
  ])('%s → %s %s', (url, ats, token) => {
    expect(detectAtsFromUrl(url)).toEqual({ ats, board_token: token });
  });

  it.each([
    'https://example.com/careers',
    'https://jobs.ashbyhq.com/',
    'https://boards.greenhouse.io/embed/job_board',
    'https://apply.workable.com/j/ABC123',
    'https://www.recruitee.com/pricing',
    'https://app.recruitee.com/login',
    'ftp://jobs.lever.co/x',
    'not a url',
    'https://jobs.lever.co.evil.example/x',
  ])('%s → null', (url) => {
    expect(detectAtsFromUrl(url)).toBeNull();
  });
});

describe('detectAtsFromHtml', () => {
  it('finds the Greenhouse embed script of a careers page', () => {
    const html = `<html><body><h1>Join us</h1><div id="grnhse_app"></div>
      <script src="https://boards.greenhouse.io/embed/job_board/js?for=anthropic&amp;b=https%3A%2F%2Fwww.anthropic.com"></script></body></html>`;
    expect(detectAtsFromHtml(html)).toEqual({ ats: 'greenhouse', board_token: 'anthropic' });
  });

  it('finds job links and JSON-escaped URLs in an app’s data script, the board named most often winning', () => {
    const html = `<a href="https://jobs.lever.co/mistral/abc">Research Engineer</a>
      <a href="https://jobs.lever.co/mistral/def">ML Engineer</a>
      <script id="__NEXT_DATA__" type="application/json">{"careers":"https:\\/\\/jobs.ashbyhq.com\\/cohere"}</script>`;
    expect(detectAtsFromHtml(html)).toEqual({ ats: 'lever', board_token: 'mistral' });
    expect(detectAtsFromHtml(html.replace(/<a [^]*?<\/a>/g, ''))).toEqual({ ats: 'ashby', board_token: 'cohere' });
  });

  it('finds a protocol-relative iframe source', () => {
    expect(detectAtsFromHtml('<iframe src="//jobs.ashbyhq.com/cohere/embed"></iframe>')).toEqual({ ats: 'ashby', board_token: 'cohere' });
  });

  it('does not take a page that only names an ATS, or links to its marketing site, as a board', () => {
    expect(detectAtsFromHtml('<p>We hire through Greenhouse and Lever.</p><a href="https://www.greenhouse.io/">Powered by Greenhouse</a>')).toBeNull();
    expect(detectAtsFromHtml('')).toBeNull();
  });

  it('never throws on any text (fuzz)', () => {
    const pieces = fc.constantFrom('https://jobs.lever.co/', '//boards.greenhouse.io/embed/job_board?for=', '\\/', '&amp;', '%', '%E0%A4%A', 'x', '"', ' ');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.oneof(pieces, fc.string()), { maxLength: 20 }).map((p) => p.join(''))), (html) => {
        const found = detectAtsFromHtml(html);
        if (found !== null) expect(found.board_token).not.toMatch(/[/?#\s]$|^\s/);
        detectAtsFromUrl(html);
      }),
      { numRuns: 500 },
    );
  });
});
