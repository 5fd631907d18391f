/**
 * What an ATS provider is to the product, in one place per provider (its adapter module,
 * shared/sources/{id}.ts, exports one `ProviderDefinition`; shared/sources/providers.ts lists
 * them): how a URL names one of its boards, where its board API lives, how a board is fetched
 * (through the injected `Fetcher`, so this stays pure) and parsed.
 *
 * Everything that used to keep its own list of providers derives from these definitions:
 * detect-ats (URL and HTML detection), lambdas/crawler/board-urls.ts (default and local
 * endpoints, URL → board for the replay fetcher), lambdas/crawler/json-sources.ts (the sources),
 * the crawl CLI's `--provider` list, the company import.
 */
import type { Company } from '../companies/company';
import type { BoardListing, Fetcher, FetchedResponse, RawBoard, Source } from './source';
import type { AtsProvider } from '../ats/provider-ids';
import type { SourceParseContext, SourceParseResult } from './build-job';
import { SourceFormatError } from './source-error';

/** API bases by name, e.g. `{ lever: "https://api.lever.co", leverEu: "https://api.eu.lever.co" }`. */
export type Endpoints = Readonly<Record<string, string>>;

/**
 * A board URL read back (for the replay fetcher): the board token and which response of the
 * board it is: null for the first (DIR/{provider}/{token}.json), else the file name's suffix
 * (the offset of a further page, "45" → {token}.45.json; a Workday detail "job.{id}").
 */
export interface BoardAddress {
  token: string;
  page: string | null;
}

export interface ProviderDefinition {
  /** Its id; its name as people write it is ATS_PROVIDER_NAMES[id] (shared/ats/provider-ids.ts). */
  readonly id: AtsProvider;
  /** Registrable domains whose URLs can name a board (scanned for in careers pages), e.g. ["lever.co"]. */
  readonly domains: readonly string[];
  /**
   * The board token a URL on one of `domains` names, still percent-encoded as in the URL (the
   * caller decodes and validates it), or null when the URL names no board of this provider.
   * `host` is lower case without "www."; `segments` the non-empty path segments.
   */
  boardFromUrl(host: string, segments: readonly string[], url: URL): string | null;
  /** Why a URL on the provider's domains may name no board, for import reports (optional). */
  readonly noBoardHint?: string;
  /** The provider's own API bases. */
  readonly endpoints: Endpoints;
  /** The same bases under one local fixture server (`base` = its origin), one path prefix each. */
  localEndpoints(base: string): Endpoints;
  /** The board and page of a request this provider's source makes on `endpoints` (`jsonBody` for a POST); null for any other URL. */
  boardOfUrl(url: string, endpoints: Endpoints, jsonBody?: string): BoardAddress | null;
  /** The crawler's source for this provider on `endpoints`. */
  source(endpoints: Endpoints): Source;
}

/** A response body as JSON. @throws SourceFormatError when it is not JSON. */
export const jsonOf = (page: FetchedResponse): unknown => {
  try {
    return JSON.parse(page.body) as unknown;
  } catch {
    throw new SourceFormatError(`${page.url} did not answer JSON (${page.contentType ?? 'no content type'}): ${page.body.slice(0, 80).replace(/\s+/g, ' ')}`);
  }
};

export const firstPage = (raw: RawBoard): FetchedResponse => {
  const page = raw.pages[0];
  if (page === undefined) throw new SourceFormatError('no response to parse');
  return page;
};

export const complete = (result: SourceParseResult): BoardListing => ({ ...result, complete: true });

/** The company's board token. @throws SourceFormatError when it has none. */
export const tokenOf = (company: Company): string => {
  if (!company.board_token) throw new SourceFormatError(`${company.company_name} has no board token`);
  return company.board_token;
};

/** A source that crawls the companies whose `ats` is `ats` and that have a board token. */
export const boardSource = (ats: AtsProvider, parts: Pick<Source, 'fetchBoard' | 'parseBoard'>): Source => ({
  ats,
  canCrawl: (company) => company.ats === ats && Boolean(company.board_token),
  ...parts,
});

/**
 * A provider with one board URL and one JSON body; `organisationName` reads the employer's name
 * from the body when the provider publishes it (BoardListing.organisationName).
 */
export const singleBody = (
  ats: AtsProvider,
  url: (token: string) => string,
  parse: (body: unknown, ctx: SourceParseContext) => SourceParseResult,
  organisationName?: (body: unknown, ctx: SourceParseContext) => string | null,
): Source =>
  boardSource(ats, {
    fetchBoard: async (company: Company, fetcher: Fetcher) => ({ pages: [await fetcher.get(url(tokenOf(company)))] }),
    parseBoard: (raw, ctx) => {
      const body = jsonOf(firstPage(raw));
      return { ...complete(parse(body, ctx)), ...(organisationName === undefined ? {} : { organisationName: organisationName(body, ctx) }) };
    },
  });

/** `body[key]` when `body` is an object and that is a non-blank string, else null. */
export const stringField = (body: unknown, key: string): string | null => {
  const value: unknown = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : null;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A `boardOfUrl` for URLs of the form `{base}{before}{token}{after...}`: `base` is the endpoint
 * named `endpoint`, which may hold "{token}" (a host label) instead.
 */
export const boardPath =
  (endpoint: string, before: string, after = '') =>
  (url: string, endpoints: Endpoints): BoardAddress | null => {
    const base = endpoints[endpoint];
    if (base === undefined) return null;
    const pattern = base.includes('{token}')
      ? new RegExp(`^${escapeRegExp(base).replace(escapeRegExp('{token}'), '([a-z0-9-]+)')}${escapeRegExp(before)}`)
      : new RegExp(`^${escapeRegExp(base)}${escapeRegExp(before)}([^/?#]+)${escapeRegExp(after)}`);
    const match = pattern.exec(url);
    if (match?.[1] === undefined) return null;
    const offset = Number(new URL(url).searchParams.get('offset') ?? 0);
    return { token: decodeURIComponent(match[1]), page: Number.isFinite(offset) && offset > 0 ? String(offset) : null };
  };

/** The path segment after the given ones (`segmentAfter(s, ['v1','boards'])` of /v1/boards/x/jobs → "x"), or null. */
export const segmentAfter = (segments: readonly string[], prefix: readonly string[]): string | null =>
  prefix.every((part, i) => segments[i]?.toLowerCase() === part) ? (segments[prefix.length] ?? null) : null;

/** Sub-domains of a provider's domain that are its own service, never a board. */
const SERVICE_SUBDOMAINS = new Set(['www', 'app', 'api', 'apply', 'jobs', 'careers', 'blog', 'support', 'help', 'docs', 'cdn', 'static', 'assets', 'status', 'resources', 'marketplace', 'mail', 'go', 'info']);

/** The board named by a sub-domain of `domain` ("acme.recruitee.com" → "acme"), or null. */
export const subdomainToken = (host: string, domain: string): string | null => {
  if (!host.endsWith(`.${domain}`)) return null;
  const sub = host.slice(0, -(domain.length + 1));
  return sub.includes('.') || SERVICE_SUBDOMAINS.has(sub) ? null : sub;
};
