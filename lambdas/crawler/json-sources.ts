/**
 * The JSON ATS sources: one `Source` (shared/crawl/source.ts) per provider, fetching the
 * board's endpoint (board-urls.ts) and parsing it with the provider's adapter (shared/sources).
 *
 * - Every source crawls a company whose `ats` is its own and that has a `board_token`.
 * - Lever: the global host first; when it answers 404 (no such account there) the EU host.
 * - SmartRecruiters: the first page, then every further offset the first page's `totalFound`
 *   calls for (`smartRecruitersNextOffsets`); the listing is complete only when the distinct
 *   postings read reach `totalFound` (`parseSmartRecruitersPages`), else it is partial and
 *   closes nothing. SmartRecruiters answers 200 with nothing even for an unknown company: the
 *   pipeline treats an empty listing for a company with open jobs as a failure.
 * - A body that is not JSON is a `SourceFormatError` ("not JSON").
 *
 * `jsonSources(endpoints?)` → the six sources; `sourceRegistry(sources)` → a lookup by ATS for
 * the pipeline, where the career-page source is added the same way.
 */
import type { Company } from '../../shared/companies/company';
import type { Ats } from '../../shared/jobs/job';
import { FetchFailure, type BoardListing, type Fetcher, type FetchedResponse, type RawBoard, type Source } from '../../shared/crawl/source';
import type { SourceParseContext, SourceParseResult } from '../../shared/sources/build-job';
import { SourceFormatError } from '../../shared/sources/source-error';
import { parseAshbyBoard } from '../../shared/sources/ashby';
import { parseGreenhouseBoard } from '../../shared/sources/greenhouse';
import { parseLeverBoard } from '../../shared/sources/lever';
import { parseRecruiteeBoard } from '../../shared/sources/recruitee';
import { parseSmartRecruitersPages, smartRecruitersNextOffsets } from '../../shared/sources/smartrecruiters';
import { parseWorkableBoard } from '../../shared/sources/workable';
import { boardUrl, DEFAULT_ENDPOINTS, type AtsEndpoints } from './board-urls';

/** A response body as JSON. @throws SourceFormatError when it is not JSON. */
export const jsonOf = (page: FetchedResponse): unknown => {
  try {
    return JSON.parse(page.body) as unknown;
  } catch {
    throw new SourceFormatError(`${page.url} did not answer JSON (${page.contentType ?? 'no content type'}): ${page.body.slice(0, 80).replace(/\s+/g, ' ')}`);
  }
};

const firstPage = (raw: RawBoard): FetchedResponse => {
  const page = raw.pages[0];
  if (page === undefined) throw new SourceFormatError('no response to parse');
  return page;
};

const complete = (result: SourceParseResult): BoardListing => ({ ...result, complete: true });

const tokenOf = (company: Company): string => {
  if (!company.board_token) throw new SourceFormatError(`${company.company_name} has no board token`);
  return company.board_token;
};

/** A provider with one board URL and one body. */
const singleBody = (ats: Ats, url: (token: string) => string, parse: (body: unknown, ctx: SourceParseContext) => SourceParseResult): Source => ({
  ats,
  canCrawl: (company) => company.ats === ats && Boolean(company.board_token),
  fetchBoard: async (company, fetcher) => ({ pages: [await fetcher.get(url(tokenOf(company)))] }),
  parseBoard: (raw, ctx) => complete(parse(jsonOf(firstPage(raw)), ctx)),
});

const leverSource = (e: AtsEndpoints): Source => ({
  ...singleBody('lever', (token) => boardUrl.lever(e, token), parseLeverBoard),
  fetchBoard: async (company: Company, fetcher: Fetcher) => {
    const token = tokenOf(company);
    try {
      return { pages: [await fetcher.get(boardUrl.lever(e, token))] };
    } catch (error) {
      if (!(error instanceof FetchFailure && error.kind === 'not-found')) throw error;
      return { pages: [await fetcher.get(boardUrl.leverEu(e, token))] };
    }
  },
});

const smartRecruitersSource = (e: AtsEndpoints): Source => ({
  ats: 'smartrecruiters',
  canCrawl: (company) => company.ats === 'smartrecruiters' && Boolean(company.board_token),
  fetchBoard: async (company, fetcher) => {
    const token = tokenOf(company);
    const first = await fetcher.get(boardUrl.smartrecruiters(e, token, 0));
    const rest = smartRecruitersNextOffsets(jsonOf(first));
    const pages = [first];
    for (const offset of rest) pages.push(await fetcher.get(boardUrl.smartrecruiters(e, token, offset)));
    return { pages };
  },
  parseBoard: (raw, ctx) => {
    const result = parseSmartRecruitersPages(raw.pages.map(jsonOf), ctx);
    const read = result.jobs.length + result.skipped.filter((skip) => skip.reason !== 'duplicate posting').length;
    return {
      jobs: result.jobs,
      skipped: result.skipped,
      complete: result.listing !== 'partial',
      ...(result.listing === 'partial' ? { incompleteReason: `partial listing: ${read} of ${result.totalFound} postings read` } : {}),
    };
  },
});

/** The six JSON ATS sources, on the given endpoints (default: the providers' own). */
export const jsonSources = (e: AtsEndpoints = DEFAULT_ENDPOINTS): Source[] => [
  singleBody('ashby', (token) => boardUrl.ashby(e, token), parseAshbyBoard),
  singleBody('greenhouse', (token) => boardUrl.greenhouse(e, token), parseGreenhouseBoard),
  leverSource(e),
  singleBody('workable', (token) => boardUrl.workable(e, token), parseWorkableBoard),
  smartRecruitersSource(e),
  singleBody('recruitee', (token) => boardUrl.recruitee(e, token), parseRecruiteeBoard),
];

/** The source that crawls `company`: the one registered for its ATS, when that one can crawl it. */
export const sourceFor = (sources: readonly Source[], company: Company): Source | null =>
  sources.find((source) => source.ats === company.ats && source.canCrawl(company)) ?? sources.find((source) => source.canCrawl(company)) ?? null;
