/**
 * The crawl pipeline for one company: fetch → parse (total; the adapters normalise and sanitise)
 * → deduplicate → compare with what is stored → write only what changed (conditional writes)
 * → record the source's status. `crawlCompany(company, deps)` → `CompanyCrawlResult`; never
 * throws for a board's problem (only when storage itself fails).
 *
 * Failure rules (each closes nothing, writes no job, marks the source 'failing' with the reason):
 * - the fetch fails (network, HTTP status, timeout, size cap, refused address, redirect);
 * - the body is not a board (`SourceFormatError`), or parsing throws anything;
 * - the listing yields no job while the company has open jobs ("empty listing"): e.g. an ATS
 *   answering 200 with nothing, or every posting unreadable.
 * A partial listing (`complete: false`, e.g. a SmartRecruiters page missing) writes the jobs it
 * did read (new, changed, reopened) but closes nothing, and marks the source failing.
 *
 * Unchanged boards cost almost nothing: the responses are hashed (SHA-256 over the parser
 * version, the company's display fields and every body). When the hash equals the last
 * successful run's, the company's stored `job_count` still equals the open jobs that run left,
 * and no `last_seen_at` refresh is due (deps.seenRefreshMs, see compare-board.ts), the run
 * parses, reads and writes nothing but the status record. `deps.full` forces a full run.
 *
 * A source whose list lacks what each posting's own endpoint holds (Rippling) completes the
 * parsed listing from those endpoints (`Source.completeListing`), fetching only new or changed
 * postings; one it could not read this time leaves no body hash, so the next crawl asks again.
 *
 * After writes, the company's `job_count` is set to its open jobs when that changed. A company
 * whose name was only made from its board token takes the name the board publishes or its
 * postings write (BoardListing.organisationName, `betterName`), its key unchanged.
 */
import { createHash } from 'node:crypto';
import type { Company } from '../../shared/companies/company';
import type { CrawlStore } from '../../shared/crawl/crawl-store';
import { compareBoard } from '../../shared/crawl/compare-board';
import { NO_CHANGES, type CompanyCrawlResult, type JobChangeCounts } from '../../shared/crawl/crawl-summary';
import type { Fetcher, RawBoard, Source } from '../../shared/sources/source';
import { statusAfterFailure, statusAfterSuccess, type SourceIdentity, type SourceStatus } from '../../shared/crawl/source-status';
import type { Clock } from '../../shared/time/clock';
import type { EcbRates } from '../../shared/normalise/fx';
import { sourceFor } from './json-sources';
import { pageChangesOf, type PageChanges } from '../../shared/seo/search-engine-notifier';
import { betterName } from '../../shared/companies/company-names';

/**
 * Bump when an adapter or the normalisation changes what a body turns into: every board is then
 * parsed again on its next crawl even when its responses did not change.
 */
export const PARSER_VERSION = 'jobs-2026-11-26-description-words';

export interface CrawlCompanyDeps {
  store: CrawlStore;
  fetcher: Fetcher;
  sources: readonly Source[];
  clock: Clock;
  /** Least age of an unchanged job's last_seen_at before it is rewritten, in ms. */
  seenRefreshMs: number;
  /** Parse and compare even when the responses are unchanged. */
  full?: boolean;
  /** Source statuses read up front by the run (one Scan instead of a read per company). */
  knownStatuses?: ReadonlyMap<string, SourceStatus>;
  /** ECB rates for yearly USD pay (the latest stored); default: the committed snapshot. */
  rates?: () => Promise<EcbRates>;
  /** Told the job pages the company's writes opened, changed or closed (for search engines). */
  onPageChanges?: (changes: PageChanges) => void;
}

/** SHA-256 (hex) of what a board's jobs are made from. */
export const boardFingerprint = (company: Company, raw: RawBoard): string => {
  const hash = createHash('sha256');
  hash.update(`${PARSER_VERSION}\u0000${JSON.stringify([company.company_name, company.company_url, company.company_logo, company.board_token, company.careers_url])}`);
  for (const page of raw.pages) hash.update(`\u0000${page.url}\u0000${page.body}`);
  return hash.digest('hex');
};

const reasonOf = (error: unknown): string => {
  if (error instanceof Error && (error.name === 'FetchFailure' || error.name === 'SourceFormatError')) return error.message;
  return `unexpected: ${error instanceof Error ? error.message : String(error)}`;
};

/** Crawls one company; see the module comment. */
export const crawlCompany = async (company: Company, deps: CrawlCompanyDeps): Promise<CompanyCrawlResult> => {
  const started = performance.now();
  const source = sourceFor(deps.sources, company);
  const base = { company_key: company.company_key, company_name: company.company_name, ats: company.ats };
  const result = (outcome: CompanyCrawlResult['outcome'], fields: Partial<CompanyCrawlResult>): CompanyCrawlResult => ({
    ...base,
    outcome,
    reason: null,
    counts: NO_CHANGES,
    openJobs: company.job_count,
    unchangedBody: false,
    catalogChanged: false,
    durationMs: performance.now() - started,
    ...fields,
  });
  if (source === null) return result('skipped', { reason: 'no source can crawl it (no ATS with a board token, no careers page)' });

  const identity: SourceIdentity = {
    company_key: company.company_key,
    company_name: company.company_name,
    ats: source.ats,
    board_token: company.board_token ?? company.careers_url ?? '',
  };
  const now = deps.clock().toISOString();
  const previous = deps.knownStatuses !== undefined ? (deps.knownStatuses.get(company.company_key) ?? null) : await deps.store.getSourceStatus(company.company_key);
  const fail = async (reason: string, fields: Partial<CompanyCrawlResult> = {}): Promise<CompanyCrawlResult> => {
    const status = statusAfterFailure(previous, { ...identity, now, reason });
    await deps.store.putSourceStatus(status);
    return result('failing', { reason, openJobs: fields.openJobs ?? previous?.open_jobs ?? company.job_count, ...fields });
  };

  let raw: RawBoard;
  try {
    raw = await source.fetchBoard(company, deps.fetcher);
  } catch (error) {
    return fail(reasonOf(error));
  }

  const fingerprint = boardFingerprint(company, raw);
  const refreshDue = (status: SourceStatus): boolean => {
    const refreshed = status.seen_refreshed_at === null ? Number.NaN : Date.parse(status.seen_refreshed_at);
    return !Number.isFinite(refreshed) || Date.parse(now) - refreshed >= deps.seenRefreshMs;
  };
  // The company's stored job_count (kept equal to its open jobs by every crawl) must still be
  // what the last run left: a seed --reset or a hand edit in between forces a full run.
  if (!deps.full && previous !== null && previous.status === 'ok' && previous.body_hash === fingerprint && !refreshDue(previous) && company.job_count === previous.open_jobs) {
    const open = previous.open_jobs;
    await deps.store.putSourceStatus(statusAfterSuccess(previous, { ...identity, now, openJobs: open, bodyHash: fingerprint, seenRefreshedAt: previous.seen_refreshed_at }));
    return result('ok', { counts: { ...NO_CHANGES, unchanged: open }, openJobs: open, unchangedBody: true });
  }

  let listing;
  let rates;
  try {
    rates = deps.rates === undefined ? undefined : await deps.rates();
    listing = source.parseBoard(raw, { company, boardToken: identity.board_token, clock: () => new Date(now), rates });
  } catch (error) {
    return fail(reasonOf(error));
  }

  const stored = await deps.store.listCompanyJobs(company.company_key);
  if (source.completeListing !== undefined) {
    const known = new Map(stored.flatMap(({ job }) => (job.source.ats === source.ats ? [[job.source.job_id, job] as const] : [])));
    try {
      listing = await source.completeListing(listing, known, deps.fetcher, { company, boardToken: identity.board_token, clock: () => new Date(now), rates });
    } catch (error) {
      return fail(reasonOf(error));
    }
  }
  const openBefore = stored.filter((entry) => entry.job.closed_at === null).length;
  if (listing.jobs.length === 0 && openBefore > 0) {
    const skipped = listing.skipped.length > 0 ? ` (${listing.skipped.length} postings skipped)` : '';
    return fail(`empty listing${skipped} while ${openBefore} jobs are open: nothing closed`, { openJobs: openBefore });
  }

  // A name made only from the board token gives way to the one the board publishes ("Lmarena" → "LMArena").
  const renamed = betterName(company.company_name, identity.board_token, listing.organisationName);
  if (renamed !== null) await deps.store.setCompanyName(company.company_key, renamed);
  const fetched = renamed === null ? listing.jobs : listing.jobs.map((job) => ({ ...job, company_name: renamed }));
  const comparison = compareBoard({ stored, fetched, skipped: listing.skipped, complete: listing.complete, now, seenRefreshMs: deps.seenRefreshMs });
  const outcome = await deps.store.writeJobs(comparison.writes);
  deps.onPageChanges?.(pageChangesOf(comparison.writes));
  const counts: JobChangeCounts = { ...comparison.counts, conflicts: outcome.conflicts };
  const openAfter = outcome.conflicts > 0 ? await deps.store.countOpenJobs(company.company_key) : comparison.openAfter;
  if (openAfter !== company.job_count) await deps.store.setJobCount(company.company_key, openAfter);
  const catalogChanged = counts.new + counts.changed + counts.reopened + counts.closed > 0 || openAfter !== company.job_count;

  if (!listing.complete) {
    return fail(listing.incompleteReason ?? 'partial listing', { counts, openJobs: openAfter, catalogChanged });
  }
  await deps.store.putSourceStatus(
    statusAfterSuccess(previous, {
      ...identity,
      now,
      openJobs: openAfter,
      // A lost race leaves the stored jobs unlike this body, and postings whose own endpoint was
      // not read want another try: parse again next time.
      bodyHash: outcome.conflicts > 0 || (listing.detailsPending ?? 0) > 0 ? null : fingerprint,
      seenRefreshedAt: comparison.oldestSeenAt,
    }),
  );
  return result('ok', { counts, openJobs: openAfter, catalogChanged });
};
