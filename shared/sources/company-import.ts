/**
 * Importing a company list (`npm run companies -- import FILE.csv`, and the seed's board lists):
 * CSV text in, one outcome per row and the companies to write out. Pure: the caller reads the
 * file, loads the stored companies and writes.
 *
 * Accepted CSV (header row required, columns in any order, extra columns ignored):
 * - `company,ats,board_token` with optional `name` (display name; default `company`) and `url`
 *   (the careers page, kept as `careers_url`): e.g. `cohere,ashby,cohere`;
 * - `name,url`, the board-URL lists of ../shared/data/companies/ats-boards/
 *   (stapply-ai/ats-scrapers@7202096c): the ATS and board token are read from the URL
 *   (detect-ats.ts), e.g. `Cohere,https://jobs.ashbyhq.com/cohere`.
 * A file with neither `ats`+`board_token` nor `url` columns is refused as a whole
 * (`CompanyImportFormatError`); after that no row stops the others.
 *
 * Per row, in file order (`planCompanyImport`):
 * - rejected (with the reason) when the ATS is not a provider, the board token is not a token,
 *   the URL names no ATS board, the name is empty or too long, or an earlier row of the same
 *   file already gave this company another board (a company has one board);
 * - else the stored company it is is found by its board (same ATS and board token, any case)
 *   or else by its key (`companyKey` of `company`, or of `name` in a `name,url` list);
 * - added: no such company (careers_url = the row's URL); updated: its ATS or board token
 *   changes, or it had no careers URL and the row gives one (name, key, profile and a stored
 *   careers URL stay, so job URLs keep working); unchanged: nothing changes.
 * With `keepBoards` (the seed: curated registry rows win) an existing company that already has
 * another board is left as it is (unchanged) instead of moved to the row's board.
 * New companies have no profile and no open jobs, so they stay off the public lists until a
 * crawl finds jobs.
 */
import { parse } from 'csv-parse/sync';
import { ATS_PROVIDERS, ATS_PROVIDER_NAMES, type AtsProvider } from '../ats/provider-ids';
import { PROVIDER_LIST } from './providers';
import { newCompany, companyKey, type Company } from '../companies/company';
import { detectAtsFromUrl, isBoardToken } from './detect-ats';
import { nameFromToken } from '../companies/company-names';

/** A CSV that cannot be read as a company list at all (no usable columns, malformed CSV). */
export class CompanyImportFormatError extends Error {
  override readonly name = 'CompanyImportFormatError';
}

/** One data row as read: 1-based file line (the header is line 1), cells trimmed ('' when absent). */
export interface CompanyImportRow {
  line: number;
  company: string;
  name: string;
  ats: string;
  board_token: string;
  url: string;
}

export type ImportOutcome = 'added' | 'updated' | 'unchanged' | 'rejected';

export interface RowResult {
  line: number;
  /** The row's company as written in the file (for the report). */
  company: string;
  outcome: ImportOutcome;
  /** Why a row was rejected (or left as it was, with keepBoards). */
  reason?: string;
}

export interface CompanyImportPlan {
  results: RowResult[];
  /** Companies to write (added and updated), one per company_key. */
  writes: Company[];
  counts: Record<ImportOutcome, number>;
}

const MAX_NAME = 120;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\ufeff]/g;
const clean = (text: string | undefined): string => (text ?? '').replace(CONTROL, '').replace(/\s+/g, ' ').trim();

/**
 * The rows of a company list. @throws CompanyImportFormatError when the CSV is malformed or has
 * neither `ats`+`board_token` nor `url` columns.
 */
export const parseCompanyCsv = (csv: string): CompanyImportRow[] => {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: (header: string[]) => header.map((cell) => clean(cell).toLowerCase()), skip_empty_lines: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  } catch (error) {
    throw new CompanyImportFormatError(`not a CSV file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!.split(',').map((cell) => clean(cell.replace(/"/g, '')).toLowerCase());
  const hasBoard = header.includes('ats') && header.includes('board_token');
  if (!hasBoard && !header.includes('url')) {
    throw new CompanyImportFormatError(`expected the columns company,ats,board_token (optional name,url) or name,url; the header is "${header.join(',')}"`);
  }
  return records.map((record, index) => ({
    line: index + 2,
    company: clean(record.company),
    name: clean(record.name),
    ats: clean(record.ats).toLowerCase(),
    board_token: clean(record.board_token),
    url: clean(record.url),
  }));
};

type Board = { ats: AtsProvider; board_token: string };

const boardKey = (board: Board): string => `${board.ats}/${board.board_token.toLowerCase()}`;

const httpUrl = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The row's board, or why it has none. */
const boardOf = (row: CompanyImportRow): Board | string => {
  if (row.ats !== '' || row.board_token !== '') {
    if (!(ATS_PROVIDERS as readonly string[]).includes(row.ats)) return `ats "${row.ats}" is not one of ${ATS_PROVIDERS.join(', ')}`;
    if (!isBoardToken(row.board_token)) return `board token "${row.board_token}" is empty or has characters a board token cannot have`;
    return { ats: row.ats as AtsProvider, board_token: row.board_token };
  }
  if (row.url === '') return 'no ats and board_token, and no url';
  const detected = detectAtsFromUrl(row.url);
  if (detected !== null) return detected;
  const url = httpUrl(row.url);
  if (url === null) return `not an http(s) URL: ${row.url.slice(0, 100)}`;
  const host = new URL(url).hostname.toLowerCase();
  const provider = PROVIDER_LIST.find((candidate) => candidate.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)));
  return provider === undefined
    ? `${url.slice(0, 100)} is no board of a known ATS (${ATS_PROVIDERS.join(', ')})`
    : `${url.slice(0, 100)} is a ${ATS_PROVIDER_NAMES[provider.id]} address that names no board${provider.noBoardHint ? `: ${provider.noBoardHint}` : ''}`;
};

/** What the company of a row is called: its key and display name, or why it has none. */
const namesOf = (row: CompanyImportRow, board: Board): { key: string; name: string } | string => {
  const name = row.name || row.company || nameFromToken(board.board_token);
  const keyName = row.company || name;
  if (name === '' || companyKey(keyName) === '') return 'no company name';
  if (name.length > MAX_NAME || keyName.length > MAX_NAME) return `company name longer than ${MAX_NAME} characters`;
  return { key: companyKey(keyName), name };
};

/** Plans the import of `rows` over the `stored` companies (see the module doc). Never throws. */
export const planCompanyImport = (stored: readonly Company[], rows: readonly CompanyImportRow[], options: { keepBoards?: boolean } = {}): CompanyImportPlan => {
  const byKey = new Map(stored.map((company) => [company.company_key, company]));
  const byBoard = new Map<string, Company>();
  for (const company of stored) {
    if (company.ats !== null && company.ats !== 'careers_page' && company.board_token !== null) byBoard.set(boardKey({ ats: company.ats, board_token: company.board_token }), company);
  }
  /** Companies this file touched: key → the line that did. */
  const touched = new Map<string, number>();
  const writes = new Map<string, Company>();
  const results: RowResult[] = [];

  for (const row of rows) {
    const label = row.company || row.name || row.board_token || row.url;
    const reject = (reason: string) => results.push({ line: row.line, company: label, outcome: 'rejected', reason });
    const board = boardOf(row);
    if (typeof board === 'string') {
      reject(board);
      continue;
    }
    const names = namesOf(row, board);
    if (typeof names === 'string') {
      reject(names);
      continue;
    }
    const existing = byBoard.get(boardKey(board)) ?? byKey.get(names.key) ?? null;
    const key = existing?.company_key ?? names.key;
    const careersUrl = httpUrl(row.url);
    const earlier = touched.get(key);
    if (earlier !== undefined && existing !== null && boardKey(board) !== boardKey({ ats: existing.ats as AtsProvider, board_token: existing.board_token ?? '' })) {
      reject(`line ${earlier} already gave ${existing.company_name} the board ${existing.ats} ${existing.board_token} (a company has one board)`);
      continue;
    }
    let next: Company;
    if (existing === null) {
      next = newCompany(names.name, { company_key: key, ats: board.ats, board_token: board.board_token, careers_url: careersUrl });
    } else if (options.keepBoards && existing.ats !== null && existing.board_token !== null && boardKey(board) !== boardKey({ ats: existing.ats as AtsProvider, board_token: existing.board_token })) {
      results.push({ line: row.line, company: label, outcome: 'unchanged', reason: `kept its board ${existing.ats} ${existing.board_token}` });
      continue;
    } else {
      // The same board in another case keeps the stored spelling.
      const sameBoard = existing.ats === board.ats && existing.board_token?.toLowerCase() === board.board_token.toLowerCase();
      next = { ...existing, ats: board.ats, board_token: sameBoard ? existing.board_token : board.board_token, careers_url: existing.careers_url ?? careersUrl };
    }
    const same = existing !== null && existing.ats === next.ats && existing.board_token === next.board_token && existing.careers_url === next.careers_url;
    results.push({ line: row.line, company: label, outcome: existing === null ? 'added' : same ? 'unchanged' : 'updated' });
    touched.set(key, row.line);
    if (!same) writes.set(key, next);
    byKey.set(key, next);
    byBoard.set(boardKey(board), next);
  }
  const counts: Record<ImportOutcome, number> = { added: 0, updated: 0, unchanged: 0, rejected: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return { results, writes: [...writes.values()], counts };
};
