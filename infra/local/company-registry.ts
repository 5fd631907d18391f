/**
 * The company registry commands behind `npm run companies` (infra/local/companies-cli.ts):
 * add a company from its careers URL, import a company list, list the registry, remove a company.
 *
 * `detectBoard(url, probes)` → `{ ats, board_token, via }`, in order:
 * 1. the URL itself names an ATS board (shared/sources/detect-ats.ts `detectAtsFromUrl`) → via "url";
 * 2. the page's HTML, fetched through the crawler's guarded client after robots.txt allows it,
 *    links to or loads a known ATS board (`detectAtsFromHtml`) → via "html";
 * 3. only when the plain HTML shows nothing: the page rendered in Chromium (its scripts run) →
 *    via "browser";
 * 4. else the company's own careers page: ats "careers_page", board token = the careers URL
 *    (canonical) → via "none". A page that could not be read at all is reported in `problems`.
 *
 * `addCompany(repo, input)` writes the company (CompanySchema): a new one with the careers URL
 * kept, its website (the careers URL's origin when it is not an ATS host), no profile fields,
 * job_count 0; an existing company (same company_key) keeps its profile and counts and gets the
 * new ATS, board token and careers URL.
 *
 * `importCompanyList(repo, csv)` adds or updates every row of a company list (see below).
 *
 * `removeCompany(deps, name)` deletes the company and its jobs (so the site stops listing them)
 * and bumps the catalog version; `listRegistry(deps)` → one row per company with its source
 * status from the crawler's records.
 */
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CompanySchema, companyKey, newCompany, type Company } from '../../shared/companies/company';
import { detectAtsFromHtml, detectAtsFromUrl, type AtsBoard } from '../../shared/sources/detect-ats';
import { nameFromToken } from '../../shared/companies/company-names';
import { parseCompanyCsv, planCompanyImport, type CompanyImportPlan } from '../../shared/sources/company-import';
import type { Fetcher } from '../../shared/sources/source';
import type { SourceStatus } from '../../shared/crawl/source-status';
import type { Ats } from '../../shared/jobs/job';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';
import { canonicalJobUrl } from '../../shared/sources/canonical-url';
import { PROVIDER_LIST } from '../../shared/sources/providers';
import { createRobotsGate } from '../../lambdas/crawler/career-page/robots';

export interface DetectedBoard {
  ats: Ats;
  board_token: string;
  /** How it was found. */
  via: 'url' | 'html' | 'browser' | 'none';
  /** Why a step could not read the page, if one could not. */
  problems: string[];
}

export interface BoardProbes {
  /** The guarded HTTP client (robots.txt, pacing, address guard). */
  fetcher: Fetcher;
  userAgent: string;
  /** Renders a page in Chromium and returns its HTML (guarded the same way); absent = no browser step. */
  render?: (url: string) => Promise<string>;
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The ATS board behind a careers URL (see the module doc). @throws Error when `careersUrl` is not an http(s) URL. */
export const detectBoard = async (careersUrl: string, probes: BoardProbes): Promise<DetectedBoard> => {
  const url = canonicalJobUrl(careersUrl);
  if (url === null) throw new Error(`not an http(s) URL: ${careersUrl}`);
  const fromUrl = detectAtsFromUrl(url);
  if (fromUrl) return { ...fromUrl, via: 'url', problems: [] };
  const problems: string[] = [];
  const found = (board: AtsBoard | null, via: DetectedBoard['via']): DetectedBoard | null => (board ? { ...board, via, problems } : null);

  const robots = await createRobotsGate(probes.fetcher, probes.userAgent).check(url);
  if (!robots.allowed) {
    problems.push(`${url} not read: ${robots.reason}`);
    return { ats: 'careers_page', board_token: url, via: 'none', problems };
  }
  try {
    const page = await probes.fetcher.get(url, { accept: 'text/html,application/xhtml+xml' });
    const board = found(detectAtsFromHtml(page.body) ?? detectAtsFromUrl(page.url), 'html');
    if (board) return board;
  } catch (error) {
    problems.push(`HTML: ${reason(error)}`);
  }
  if (probes.render) {
    try {
      const board = found(detectAtsFromHtml(await probes.render(url)), 'browser');
      if (board) return board;
    } catch (error) {
      problems.push(`browser: ${reason(error)}`);
    }
  }
  return { ats: 'careers_page', board_token: url, via: 'none', problems };
};

const ATS_HOST = new RegExp(`(?:^|\\.)(?:${PROVIDER_LIST.flatMap((provider) => provider.domains).map((domain) => domain.replace(/\./g, '\\.')).join('|')})$`, 'i');

/** A display name from a board token or a host: "physical-intelligence" → "Physical Intelligence", "www.acme.ai" → "Acme". */
export const nameFromBoard = (board: Pick<DetectedBoard, 'ats' | 'board_token'>): string => {
  const raw = board.ats === 'careers_page' ? new URL(board.board_token).hostname.replace(/^(?:www|careers|jobs)\./, '').split('.')[0] ?? board.board_token : board.board_token;
  return nameFromToken(raw);
};

export interface AddInput {
  careersUrl: string;
  board: Pick<DetectedBoard, 'ats' | 'board_token'>;
  /** Display name; default `nameFromBoard`. */
  name?: string;
}

/** Adds or updates the company (see the module doc). Returns it and whether it was new. @throws ZodError when the record is invalid. */
export const addCompany = async (repo: Pick<CompanyRepository, 'get' | 'putMany'>, input: AddInput): Promise<{ company: Company; created: boolean }> => {
  const careersUrl = canonicalJobUrl(input.careersUrl) ?? input.careersUrl;
  const name = input.name?.trim() || nameFromBoard(input.board);
  const key = companyKey(name);
  const existing = await repo.get(key);
  const origin = new URL(careersUrl).origin;
  const company = CompanySchema.parse({
    ...(existing ?? newCompany(name, { company_url: ATS_HOST.test(new URL(careersUrl).hostname) ? null : origin })),
    ats: input.board.ats,
    board_token: input.board.board_token,
    careers_url: careersUrl,
  });
  await repo.putMany([company]);
  return { company, created: existing === null };
};

export interface RegistryRow {
  name: string;
  ats: string;
  boardToken: string;
  jobs: number;
  status: string;
}

/** One row per company, by name: ATS, board token, open jobs, source status ("ok", "failing: reason", "not crawled"). */
export const listRegistry = async (deps: { companies: Pick<CompanyRepository, 'listAll'>; statuses: () => Promise<SourceStatus[]> }): Promise<RegistryRow[]> => {
  const [companies, statuses] = await Promise.all([deps.companies.listAll(), deps.statuses()]);
  const byKey = new Map(statuses.map((status) => [status.company_key, status]));
  return companies
    .map((company) => {
      const status = byKey.get(company.company_key);
      return {
        name: company.company_name,
        ats: company.ats ?? '-',
        boardToken: company.board_token ?? '-',
        jobs: company.job_count,
        status: status === undefined ? 'not crawled' : status.status === 'ok' ? 'ok' : `failing: ${status.reason ?? 'unknown'}`,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
};

export interface RemoveDeps {
  companies: Pick<CompanyRepository, 'get'>;
  jobs: Pick<JobRepository, 'listByCompany'>;
  catalogVersion: CatalogVersion;
  doc: DynamoDBDocumentClient;
  tables: { jobs: string; companies: string };
  now: () => string;
}

/** Deletes a company (by name or key) and its jobs; null when there is no such company. */
export const removeCompany = async (deps: RemoveDeps, name: string): Promise<{ company: Company; jobs: number } | null> => {
  const company = await deps.companies.get(companyKey(name));
  if (company === null) return null;
  const jobs = await deps.jobs.listByCompany(company.company_key);
  for (const job of jobs) {
    await deps.doc.send(new DeleteCommand({ TableName: deps.tables.jobs, Key: { company_key: job.company_key, slug_url: job.slug_url } }));
  }
  await deps.doc.send(new DeleteCommand({ TableName: deps.tables.companies, Key: { company_key: company.company_key } }));
  if (jobs.length > 0) await deps.catalogVersion.bump(deps.now());
  return { company, jobs: jobs.length };
};

/** How far an import has got: rows planned, then companies written. */
export type ImportProgress = (written: number, total: number) => void;

/** Companies written per putMany call of an import (each call is batched further by the repository). */
const IMPORT_CHUNK = 500;

/**
 * Imports a company list (shared/sources/company-import.ts: `company,ats,board_token[,name,url]`
 * or `name,url`): one Scan of the stored companies, the plan, then the added and updated
 * companies written in chunks of 500 (BatchWriteItem or transactions, as the repository
 * writes), `onProgress` after each. Returns the plan (per-row outcomes and counts).
 * @throws CompanyImportFormatError when the CSV cannot be read as a company list.
 */
export const importCompanyList = async (
  repo: Pick<CompanyRepository, 'listAll' | 'putMany'>,
  csv: string,
  options: { keepBoards?: boolean; onProgress?: ImportProgress } = {},
): Promise<CompanyImportPlan> => {
  const rows = parseCompanyCsv(csv);
  const plan = planCompanyImport(await repo.listAll(), rows, { keepBoards: options.keepBoards ?? false });
  options.onProgress?.(0, plan.writes.length);
  for (let at = 0; at < plan.writes.length; at += IMPORT_CHUNK) {
    await repo.putMany(plan.writes.slice(at, at + IMPORT_CHUNK));
    options.onProgress?.(Math.min(at + IMPORT_CHUNK, plan.writes.length), plan.writes.length);
  }
  return plan;
};
