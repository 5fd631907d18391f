/**
 * `descriptionWords` and the board's `description_terms` stay word for word what they were
 * before they were made fast (issue 19.6): every captured Ashby posting
 * (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json, in ../shared/data/ats/ashby, MIT) is
 * read as the crawler reads it (`parseAshbyBoard`: sanitiser, derived fields, board boilerplate)
 * and its plain text also passed to `descriptionWords` directly, with the default cap and a cap
 * of 5. The golden file holds, per board, the SHA-256 of those outputs as computed by the code of
 * main at f493c75 (before the change); a board whose hash differs is named, and its words can be
 * compared with that commit's by running this file's `boardOutputs` there.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { descriptionWords } from './search-terms';
import golden from './description-words.golden.json';

const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));

interface Capture {
  jobs: { id: string; title: string; descriptionPlain?: string | null }[];
}

/** One board's outputs: each job's `description_terms` as parsed, and `descriptionWords` of each posting's plain text. */
const boardOutputs = (file: string): string[] => {
  const capture = JSON.parse(readFileSync(`${ASHBY_DIR}${file}`, 'utf8')) as Capture;
  const token = file.replace(/\.json$/, '');
  const { jobs } = parseAshbyBoard(capture, {
    company: { company_key: token.toLowerCase(), company_name: token, company_url: null, company_logo: null },
    boardToken: token,
    clock: fixedClock('2025-10-28T12:00:00.000Z'),
  });
  return [
    ...jobs.map((job) => `${job.source.job_id} ${job.description_terms}`),
    ...capture.jobs.map((posting) => `${posting.id} ${descriptionWords(posting.descriptionPlain ?? '', posting.title)}`),
    ...capture.jobs.map((posting) => `${posting.id} ${descriptionWords(posting.descriptionPlain ?? '', posting.title, 5)}`),
  ];
};

const sha256 = (lines: readonly string[]): string => createHash('sha256').update(lines.join('\n')).digest('hex');

describe('description words of every captured posting are the same as before', () => {
  const boards = readdirSync(ASHBY_DIR).filter((name) => name.endsWith('.json'));
  const expected: Readonly<Record<string, string>> = golden;

  it('covers every captured board', () => {
    expect(boards.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(boards)('%s', (file) => {
    expect(sha256(boardOutputs(file))).toBe(expected[file]);
  });
});
