import type { Company } from '../companies/company';
import type { Ats, Job } from '../jobs/job';
import type { SkippedPosting, SourceParseContext } from './build-job';

/**
 * The crawler's plug-in points: a `Source` reads one company's board through a `Fetcher`.
 *
 * The pipeline (lambdas/crawler/crawl-company.ts) calls, for each company:
 *   1. `source.fetchBoard(company, fetcher)` → `RawBoard` (the response bodies, unparsed);
 *   2. when the bodies differ from the last successful run (or a refresh is due),
 *      `source.parseBoard(raw, ctx)` → `BoardListing` (parse, normalise, sanitise);
 *   3. for a source with `completeListing` (Rippling), each new or changed posting's own
 *      endpoint, read through the same `Fetcher`;
 *   4. dedupe, compare with what is stored, write what changed (shared/crawl/compare-board.ts).
 *
 * Errors: `fetchBoard` throws `FetchFailure` (network, HTTP status, timeout, size cap, refused
 * address) or `SourceFormatError` (shared/sources/source-error.ts: the body is no board);
 * `parseBoard` throws only `SourceFormatError`. Either makes the run of that company failed:
 * nothing is closed and the company's source is marked failing with the error's message.
 * Anything else thrown is treated the same way (reason "unexpected: ...").
 */

/** One HTTP response as a source sees it: final URL (after redirects), status, body text. */
export interface FetchedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  /** Always 2xx: other statuses are thrown as `FetchFailure`. */
  status: number;
  /** The Content-Type header, or null. */
  contentType: string | null;
  /** The body decoded as UTF-8 (at most the fetcher's size cap). */
  body: string;
}

export interface FetchOptions {
  /** Accept header (default "application/json"). */
  accept?: string;
  /** Sends a POST with this JSON text as the body instead of a GET (Workday's jobs API). */
  jsonBody?: string;
}

/**
 * A guarded HTTP GET: identifying User-Agent, per-host pacing, timeouts, a size cap, only
 * public addresses (checked at connection time and on every redirect), Retry-After honoured
 * on 429/503 within a bound. Implemented by lambdas/crawler/http-fetcher.ts (network) and
 * lambdas/crawler/replay-fetcher.ts (saved responses).
 *
 * @throws FetchFailure for anything but a 2xx response read in full within the limits.
 */
export interface Fetcher {
  get(url: string, options?: FetchOptions): Promise<FetchedResponse>;
}

/** Why a fetch failed; `http` carries the status. */
export type FetchFailureKind = 'http' | 'timeout' | 'too-large' | 'blocked' | 'redirect' | 'network' | 'not-found';

/** A fetch that did not give a complete 2xx body. The message is safe to show in a report. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  constructor(
    readonly kind: FetchFailureKind,
    message: string,
    /** The HTTP status, for kind 'http' and 'not-found'. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What a source fetched for one board: every response body, in order (e.g. SmartRecruiters pages). */
export interface RawBoard {
  pages: FetchedResponse[];
}

/** A board read in full: jobs (parsed, normalised, sanitised) and postings skipped with reasons. */
export interface BoardListing {
  jobs: Job[];
  skipped: SkippedPosting[];
  /**
   * True when the listing holds every posting of the board. Only a complete listing may close
   * jobs; an incomplete one (a SmartRecruiters page missing, a career page that stopped
   * half-way) marks the source failing with `incompleteReason`.
   */
  complete: boolean;
  incompleteReason?: string;
  /**
   * The employer's name as the board publishes it (Workable's account name, SmartRecruiters'
   * company name) or its postings write it (Ashby, shared/companies/company-names.ts), when
   * read: the crawl renames a company whose name was only made from its board token (`betterName`).
   */
  organisationName?: string | null;
  /**
   * Postings whose own endpoint was not read in this run (`Source.completeListing`: a failed
   * fetch, or past the per-crawl cap): their jobs are kept as listed, and the run keeps no body
   * hash, so that the next crawl reads the board again and asks for them.
   */
  detailsPending?: number;
}

/** One kind of board (an ATS, or career pages). */
export interface Source {
  readonly ats: Ats;
  /** Whether this source can read `company` (e.g. it has a board token; career pages: a careers URL). */
  canCrawl(company: Company): boolean;
  /** Fetches the board's responses. @throws FetchFailure | SourceFormatError */
  fetchBoard(company: Company, fetcher: Fetcher): Promise<RawBoard>;
  /**
   * Parses what `fetchBoard` returned. Pure and total per posting (a bad posting is skipped with
   * a reason). `ctx.boardToken` is the company's board token (career pages: its careers URL).
   * @throws SourceFormatError when the responses are not a board.
   */
  parseBoard(raw: RawBoard, ctx: SourceParseContext): BoardListing;
  /**
   * For a board whose list lacks what each posting's own endpoint holds (Rippling: the
   * description): the parsed listing completed from those endpoints, given the company's stored
   * jobs of this source by posting id (`known`). Only postings that are new, changed since
   * stored, or stored without what the endpoint gives are fetched, through `fetcher` (paced and
   * retried as every crawl request); the others take what is stored. A fetch that fails leaves
   * its job as listed (counted in `detailsPending`): it never drops or closes a job.
   * @throws FetchFailure only for a refused address (kind 'blocked').
   */
  completeListing?(listing: BoardListing, known: ReadonlyMap<string, Job>, fetcher: Fetcher, ctx: SourceParseContext): Promise<BoardListing>;
}
