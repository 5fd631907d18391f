/**
 * The JSON ATS sources: one `Source` (shared/sources/source.ts) per provider of the registry
 * (shared/sources/providers.ts), each fetching its board's endpoints and parsing them with the
 * provider's adapter. Every source crawls a company whose `ats` is its own and that has a
 * `board_token`; a body that is not JSON is a `SourceFormatError` ("not JSON").
 *
 * `jsonSources(endpoints?)` → one source per provider; `sourceFor(sources, company)` → the one
 * for a company (the pipeline adds the career-page source to the same list).
 */
import type { Company } from '../../shared/companies/company';
import type { Source } from '../../shared/sources/source';
import { PROVIDER_LIST } from '../../shared/sources/providers';
import { DEFAULT_ENDPOINTS, type AtsEndpoints } from './board-urls';

export { jsonOf } from '../../shared/sources/provider';

/** One source per provider, on the given endpoints (default: the providers' own). */
export const jsonSources = (e: AtsEndpoints = DEFAULT_ENDPOINTS): Source[] => PROVIDER_LIST.map((provider) => provider.source(e));

/** The source that crawls `company`: the one registered for its ATS, when that one can crawl it. */
export const sourceFor = (sources: readonly Source[], company: Company): Source | null =>
  sources.find((source) => source.ats === company.ats && source.canCrawl(company)) ?? sources.find((source) => source.canCrawl(company)) ?? null;
