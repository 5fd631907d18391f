/**
 * Seeds the catalog (companies and jobs) from the reference data, through the same ports and the
 * same Ashby adapter the crawler uses:
 * - companies: `companies/registry.csv` + the reliable `companies/profiles/*.json`, imported by
 *   shared/companies/registry.ts (sources: stapply-ai/ats-scrapers@7202096c,
 *   jshchnz/claude-jobs@27f077d1, diaodiaozhuye/awesome-ai-startups@26e3bbfa);
 * - jobs: every `ats/ashby/*.json` board capture (stapply-ai/ats-scrapers@43ece6fd:
 *   ashby/companies/*.json) through `parseAshbyBoard`, each capture matched to its registry row
 *   by the row's `captured_response`; a company without a reliable profile takes the name its
 *   own postings write (shared/companies/company-names.ts: "hcompany" → "H Company"), keeping
 *   the registry's key, so its addresses (/company/{name}, /jobs/{name}/...) stay valid;
 * - the board-URL lists of `companies/ats-boards/` (`boardLists`, see below): companies with a
 *   board and no jobs yet, kept off the public lists until a crawl finds jobs;
 * - each company's `job_count` = its open jobs (so the listed index holds the companies with
 *   jobs), then the catalog version is bumped so warm search indexes rebuild;
 * - the demo shift (shared/crawl/demo-catalog.ts): the captures are of `CAPTURED_ON`, so every
 *   job's dates are moved by the whole days from that day to the clock's, the capture day reading
 *   as today (the postings are read as at the clock's time of day on the capture day, then moved);
 * - with `repos.runs`, the seed is recorded as a crawl run (each captured company's source status,
 *   ok with its open jobs, and a run record carrying the shift), so `/coverage` shows its
 *   companies, jobs and time. `refreshDemoCatalog` moves the dates on again on a later day's start.
 *
 * Seeds only an empty catalog (no company stored) unless `reset`, which first deletes every job
 * and company. Writes jobs before companies, so a company is never listed before its jobs exist.
 * A run that died half-way leaves companies without counts: run it again with `reset`.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { CatalogVersion, JobRepository } from '../../shared/jobs/job-ports';
import type { Clock } from '../../shared/time/clock';
import type { Company } from '../../shared/companies/company';
import type { Job } from '../../shared/jobs/job';
import type { CrawlRunRecord } from '../../shared/crawl/crawl-summary';
import { NO_CHANGES } from '../../shared/crawl/crawl-summary';
import { demoShiftDays, shiftJobDates } from '../../shared/crawl/demo-catalog';
import { statusAfterSuccess, type SourceStatus } from '../../shared/crawl/source-status';
import { importRegistry, type RegistryEntry, type RegistryProblem } from '../../shared/companies/registry';
import { nameFromPostings } from '../../shared/companies/company-names';
import { parseCompanyCsv, planCompanyImport } from '../../shared/sources/company-import';
import { parseAshbyBoard } from '../../shared/sources/ashby';

export interface SeedRepositories {
  jobs: JobRepository;
  companies: CompanyRepository;
  catalogVersion: CatalogVersion;
  /** Deletes every job and company (used by `reset`). */
  clearCatalog(): Promise<{ jobs: number; companies: number }>;
  /** Where the crawl keeps source statuses and run records (lambdas/storage/crawl-runs.ts); without it the seed records no run. */
  runs?: SeedRunStore;
}

/** The crawl records the seed writes to be shown as a crawl run. */
export interface SeedRunStore {
  putSourceStatus(status: SourceStatus): Promise<void>;
  recordRun(run: CrawlRunRecord): Promise<void>;
  lastRun(): Promise<CrawlRunRecord | null>;
}

/**
 * The UTC day the Ashby captures of `ats/ashby/` were taken (../shared/data/README.md: "captured
 * 2025-10-28"); the demo shift moves it to today.
 */
export const CAPTURED_ON = '2025-10-28';
/** The seed's run id in its run record. */
export const SEED_RUN_ID = 'seed';
const DAY_MS = 86_400_000;

export interface SeedOptions {
  repos: SeedRepositories;
  /** Absolute path of the reference data folder (`config.sharedDataDir`). */
  sharedDataDir: string;
  clock: Clock;
  /** Delete the catalog first and load it again. */
  reset?: boolean;
  /**
   * Also import the board-URL lists of `companies/ats-boards/` (about 10,000 more companies with
   * no profile and no jobs yet, so a crawl with network reaches them; they stay off the public
   * lists until it finds jobs). Default true; the tests seed without them.
   */
  boardLists?: boolean;
}

/** A posting or capture that did not become a job, and why. */
export interface SeedSkip {
  /** The capture file, e.g. "ats/ashby/cohere.json". */
  board: string;
  /** The Ashby job id, or null when the whole capture was skipped. */
  jobId: string | null;
  reason: string;
}

export interface SeedResult {
  /** False when the catalog already held companies and `reset` was not asked: nothing changed. */
  seeded: boolean;
  /** What `reset` deleted, or null. */
  cleared: { jobs: number; companies: number } | null;
  /** Companies written (every registry company, listed or not). */
  companies: number;
  /** Companies with at least one open job. */
  listedCompanies: number;
  /** Jobs written. */
  jobs: number;
  /** Of those, open (closed_at null). */
  openJobs: number;
  /** Board captures read. */
  boards: number;
  skipped: SeedSkip[];
  /** Registry rows that failed validation or were folded into another row. */
  rejectedCompanies: RegistryProblem[];
  /** The board lists imported: per file, rows added and rejected (reasons counted). */
  boardLists: BoardListImport[];
  mergedCompanies: RegistryProblem[];
  /** Catalog version after the seed. */
  catalogVersion: string;
  /** Whole days the captured postings' dates were moved forward (demo-catalog.ts). */
  shiftDays: number;
  /** Wall time of the seed in ms. */
  elapsedMs: number;
}

const ASHBY_DIR = 'ats/ashby';

const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8')) as unknown;

/** The plain descriptions of an Ashby board body's postings (nothing for any other shape). */
const postingTexts = (body: unknown): string[] => {
  const postings = body !== null && typeof body === 'object' && 'jobs' in body && Array.isArray(body.jobs) ? (body.jobs as unknown[]) : [];
  return postings.flatMap((posting) => (posting !== null && typeof posting === 'object' && 'descriptionPlain' in posting && typeof posting.descriptionPlain === 'string' ? [posting.descriptionPlain] : []));
};

const jsonFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();

/** Reads the registry and the profiles and imports the companies (see shared/companies/registry.ts). */
export const loadRegistry = async (sharedDataDir: string) => {
  const companiesDir = path.join(sharedDataDir, 'companies');
  const csv = await readFile(path.join(companiesDir, 'registry.csv'), 'utf8');
  const profileDir = path.join(companiesDir, 'profiles');
  const profiles = await Promise.all((await jsonFiles(profileDir)).map((name) => readJson(path.join(profileDir, name))));
  return importRegistry({ csv, profiles });
};

/** What the seed made of one board-URL list. */
export interface BoardListImport {
  /** e.g. "companies/ats-boards/ashby_companies.csv". */
  file: string;
  added: number;
  /** Rows for companies already known (the registry's or an earlier list's): left as they were. */
  known: number;
  /** Reasons of the rejected rows, with how many rows each. */
  rejected: Record<string, number>;
}

const BOARD_LISTS_DIR = 'companies/ats-boards';

/**
 * Imports the board-URL lists (`name,url`; stapply-ai/ats-scrapers@7202096c) over the registry's
 * companies, in file-name order: a company already known keeps its board (`keepBoards`), so the
 * registry's curated rows win. Returns the companies added.
 */
export const loadBoardLists = async (sharedDataDir: string, known: readonly Company[]): Promise<{ companies: Company[]; imports: BoardListImport[] }> => {
  const dir = path.join(sharedDataDir, BOARD_LISTS_DIR);
  const files = (await readdir(dir)).filter((name) => name.endsWith('.csv')).sort();
  const stored = [...known];
  const keys = new Set(known.map((company) => company.company_key));
  const added: Company[] = [];
  const imports: BoardListImport[] = [];
  for (const name of files) {
    const plan = planCompanyImport(stored, parseCompanyCsv(await readFile(path.join(dir, name), 'utf8')), { keepBoards: true });
    const rejected: Record<string, number> = {};
    for (const result of plan.results) {
      if (result.outcome !== 'rejected') continue;
      const reason = (result.reason ?? '').replace(/^\S+ is /, 'is ').replace(/^line \d+ already gave .*/, 'another row already gave the company a board');
      rejected[reason] = (rejected[reason] ?? 0) + 1;
    }
    const fresh = plan.writes.filter((company) => !keys.has(company.company_key));
    for (const company of fresh) keys.add(company.company_key);
    added.push(...fresh);
    stored.push(...fresh);
    imports.push({ file: `${BOARD_LISTS_DIR}/${name}`, added: fresh.length, known: plan.results.length - fresh.length - Object.values(rejected).reduce((a, b) => a + b, 0), rejected });
  }
  return { companies: added, imports };
};

/**
 * Parses every Ashby capture into jobs of its registry company. A company without a reliable
 * profile is named as its own postings write it (`nameFromPostings`: "hcompany" → "H Company"),
 * its key left as the registry's so its addresses stay; `names` holds those names by key.
 */
const loadAshbyJobs = async (
  sharedDataDir: string,
  entriesByCapture: Map<string, RegistryEntry>,
  clock: Clock,
): Promise<{ jobs: Job[]; skipped: SeedSkip[]; boards: number; names: Map<string, string> }> => {
  const names = new Map<string, string>();
  const jobs: Job[] = [];
  const skipped: SeedSkip[] = [];
  const seenKeys = new Set<string>();
  const files = await jsonFiles(path.join(sharedDataDir, ASHBY_DIR));
  for (const name of files) {
    const board = `${ASHBY_DIR}/${name}`;
    const entry = entriesByCapture.get(board);
    if (entry === undefined) {
      skipped.push({ board, jobId: null, reason: 'no registry row names this capture in captured_response' });
      continue;
    }
    const { company } = entry;
    const body = await readJson(path.join(sharedDataDir, board));
    const boardToken = company.board_token ?? name.replace(/\.json$/, '');
    const ownName = entry.profile === null ? nameFromPostings(name.replace(/\.json$/, ''), postingTexts(body)) : null;
    if (ownName !== null) names.set(company.company_key, ownName);
    const parsed = parseAshbyBoard(body, {
      company: {
        company_key: company.company_key,
        company_name: ownName ?? company.company_name,
        company_url: company.company_url,
        company_logo: company.company_logo,
      },
      boardToken,
      clock,
    });
    for (const skip of parsed.skipped) skipped.push({ board, jobId: skip.jobId, reason: skip.reason });
    for (const job of parsed.jobs) {
      const key = `${job.company_key}\u0000${job.slug_url}`;
      if (seenKeys.has(key)) {
        skipped.push({ board, jobId: job.source.job_id, reason: `slug ${job.slug_url} already used by another posting` });
        continue;
      }
      seenKeys.add(key);
      jobs.push(job);
    }
  }
  return { jobs, skipped, boards: files.length, names };
};

/** Seeds the catalog; see the module comment. Throws when a file cannot be read or a write fails. */
export const seedCatalog = async (options: SeedOptions): Promise<SeedResult> => {
  const started = performance.now();
  const { repos, sharedDataDir, clock } = options;
  const reset = options.reset ?? false;

  if (!reset && (await repos.companies.listAll()).length > 0) {
    return {
      seeded: false,
      cleared: null,
      companies: 0,
      listedCompanies: 0,
      jobs: 0,
      openJobs: 0,
      boards: 0,
      skipped: [],
      rejectedCompanies: [],
      boardLists: [],
      mergedCompanies: [],
      catalogVersion: await repos.catalogVersion.current(),
      shiftDays: 0,
      elapsedMs: performance.now() - started,
    };
  }
  const cleared = reset ? await repos.clearCatalog() : null;

  const registry = await loadRegistry(sharedDataDir);
  const entriesByCapture = new Map(registry.entries.flatMap((entry) => (entry.capturedResponse === null ? [] : [[entry.capturedResponse, entry] as const])));
  const now = clock();
  const shiftDays = demoShiftDays(CAPTURED_ON, now);
  const read = await loadAshbyJobs(sharedDataDir, entriesByCapture, () => new Date(now.getTime() - shiftDays * DAY_MS));
  const { skipped, boards, names } = read;
  const jobs = read.jobs.map((job) => shiftJobDates(job, shiftDays));

  const openCounts = new Map<string, number>();
  for (const job of jobs) {
    if (job.closed_at === null) openCounts.set(job.company_key, (openCounts.get(job.company_key) ?? 0) + 1);
  }
  const lists = options.boardLists === false ? { companies: [], imports: [] } : await loadBoardLists(sharedDataDir, registry.entries.map((entry) => entry.company));
  const companies = [...registry.entries.map((entry) => entry.company), ...lists.companies].map((company) => ({
    ...company,
    company_name: names.get(company.company_key) ?? company.company_name,
    job_count: openCounts.get(company.company_key) ?? 0,
  }));

  await repos.jobs.putMany(jobs);
  await repos.companies.putMany(companies);
  if (repos.runs !== undefined) await recordSeedRun(repos.runs, { companies: companies.filter((company) => openCounts.has(company.company_key)), jobs: jobs.length, started: now, finished: clock(), shiftDays });
  await repos.catalogVersion.bump(clock().toISOString());

  return {
    seeded: true,
    cleared,
    companies: companies.length,
    listedCompanies: companies.filter((company) => company.job_count > 0).length,
    jobs: jobs.length,
    openJobs: [...openCounts.values()].reduce((sum, count) => sum + count, 0),
    boards,
    skipped,
    rejectedCompanies: registry.rejected,
    boardLists: lists.imports,
    mergedCompanies: registry.merged,
    catalogVersion: await repos.catalogVersion.current(),
    shiftDays,
    elapsedMs: performance.now() - started,
  };
};

/** The seed as a crawl run: each seeded company's source status (ok, its open jobs) and the run record with the shift. */
const recordSeedRun = async (runs: SeedRunStore, seed: { companies: readonly Company[]; jobs: number; started: Date; finished: Date; shiftDays: number }): Promise<void> => {
  const at = seed.started.toISOString();
  for (const company of seed.companies) {
    const identity = { company_key: company.company_key, company_name: company.company_name, ats: company.ats ?? 'ashby', board_token: company.board_token ?? '' };
    // No body hash: the first real crawl of the company reads its board in full.
    await runs.putSourceStatus(statusAfterSuccess(null, { ...identity, now: at, openJobs: company.job_count, bodyHash: null, seenRefreshedAt: at }));
  }
  const { finished } = seed;
  await runs.recordRun({
    run_id: SEED_RUN_ID,
    started_at: at,
    finished_at: new Date(Math.max(finished.getTime(), seed.started.getTime())).toISOString(),
    elapsed_ms: Math.max(0, finished.getTime() - seed.started.getTime()),
    companies: { ok: seed.companies.length, failing: 0, skipped: 0 },
    jobs: { ...NO_CHANGES, new: seed.jobs },
    failures: [],
    catalog_version_bumped: true,
    demo: { captured_on: CAPTURED_ON, shift_days: seed.shiftDays },
  });
};

/**
 * On a start after the seed's day: while the last crawl run is still the seed's (no real crawl
 * since), moves every seeded job's dates on by the days passed since the recorded shift, so the
 * capture day reads as today again, records the new shift and bumps the catalog version.
 * Returns the days moved (0: nothing to do, or the catalog is no longer the demo seed).
 */
export const refreshDemoCatalog = async (repos: Pick<SeedRepositories, 'jobs' | 'companies' | 'catalogVersion'> & { runs: SeedRunStore }, clock: Clock): Promise<number> => {
  const last = await repos.runs.lastRun();
  if (last?.run_id !== SEED_RUN_ID || last.demo === undefined) return 0;
  const days = demoShiftDays(last.demo.captured_on, clock()) - last.demo.shift_days;
  if (days <= 0) return 0;
  for (const company of await repos.companies.listAll()) {
    if (company.job_count === 0) continue;
    await repos.jobs.putMany((await repos.jobs.listByCompany(company.company_key)).map((job) => shiftJobDates(job, days)));
  }
  await repos.runs.recordRun({ ...last, demo: { ...last.demo, shift_days: last.demo.shift_days + days } });
  await repos.catalogVersion.bump(clock().toISOString());
  return days;
};
