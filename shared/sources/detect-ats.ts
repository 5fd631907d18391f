import type { AtsProvider } from '../ats/provider-ids';
import { PROVIDER_LIST } from './providers';

/**
 * Which ATS holds a company's postings, and its board token there, read from a careers URL or
 * from a careers page's HTML. Pure: the caller fetches the page.
 *
 * URL rules (host compared without case, "www." dropped): each provider's definition in the
 * registry (shared/sources/providers.ts; the forms are listed in each adapter's `boardFromUrl`)
 * names the board token, which is percent-decoded ("applied%20compute" → "applied compute") and
 * checked (`isBoardToken`), as lambdas/crawler/board-urls.ts encodes it back into the board's URL.
 * E.g. Ashby `jobs.ashbyhq.com/{token}`; Greenhouse `job-boards.greenhouse.io/{token}` and its
 * embed `?for={token}`; Lever `jobs(.eu).lever.co/{token}`; Workable `apply.workable.com/{token}`,
 * `{token}.workable.com`; SmartRecruiters `jobs.smartrecruiters.com/{token}`; Recruitee
 * `{token}.recruitee.com`; Workday `{tenant}.wd{N}.myworkdayjobs.com/[{locale}/]{site}` →
 * "{tenant}.wd{N}.{site}".
 *
 * Examples:
 *   detectAtsFromUrl('https://jobs.ashbyhq.com/cohere') → { ats: 'ashby', board_token: 'cohere' }
 *   detectAtsFromUrl('https://job-boards.greenhouse.io/anthropic/jobs/4020305008') → { ats: 'greenhouse', board_token: 'anthropic' }
 *   detectAtsFromUrl('https://jobs.eu.lever.co/mistral') → { ats: 'lever', board_token: 'mistral' }
 *   detectAtsFromUrl('https://acme.recruitee.com/o/ml-engineer') → { ats: 'recruitee', board_token: 'acme' }
 *   detectAtsFromUrl('https://3m.wd1.myworkdayjobs.com/en-US/Search') → { ats: 'workday', board_token: '3m.wd1.Search' }
 *   detectAtsFromUrl('https://example.com/careers') → null
 *
 * HTML rule (`detectAtsFromHtml`): every URL of a known ATS host anywhere in the page (links,
 * script and iframe sources, inline scripts and JSON, also with `\/` or `&amp;` escapes) is
 * read with the URL rules; the board named most often wins, ties to the first seen. Text that
 * only names an ATS ("we use Greenhouse") is not a board.
 */

/** The ATSs a URL can name (a careers page is what is left when none does). */
export type DetectedAts = AtsProvider;

export interface AtsBoard {
  ats: DetectedAts;
  board_token: string;
}

/**
 * A token: no URL delimiters, quotes, brackets or control characters; single inner spaces
 * allowed ("1840&company", "-our-home", "applied compute").
 */
const TOKEN = /^[^\s/?#<>"'\\()[\]{}]+(?: [^\s/?#<>"'\\()[\]{}]+)*$/;

/** Path segments that are the ATS's own pages, never a board token. */
const NOT_A_TOKEN = new Set(['', 'api', 'embed', 'v0', 'v1', 'j', 'static', 'assets', 'favicon.ico', 'robots.txt', 'oneclick-ui']);

/** Whether `token` can be a board token (see TOKEN; not one of the ATSs' own path names). */
export const isBoardToken = (token: string): boolean => TOKEN.test(token) && !NOT_A_TOKEN.has(token.toLowerCase());

const tokenOf = (raw: string | null | undefined): string | null => {
  if (raw === null || raw === undefined) return null;
  let token: string;
  try {
    token = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return isBoardToken(token) ? token : null;
};

const onDomain = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** The ATS board a URL points at (a board, a posting on it, or its API), or null. Never throws. */
export const detectAtsFromUrl = (value: string): AtsBoard | null => {
  let url: URL;
  try {
    url = new URL(typeof value === 'string' ? value.trim() : '');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  for (const provider of PROVIDER_LIST) {
    if (!provider.domains.some((domain) => onDomain(host, domain))) continue;
    const token = tokenOf(provider.boardFromUrl(host, segments, url));
    if (token !== null) return { ats: provider.id, board_token: token };
  }
  return null;
};

const ATS_URL = new RegExp(
  `(?:https?:)?//(?:[a-z0-9-]+\\.)*(?:${PROVIDER_LIST.flatMap((provider) => provider.domains.map((domain) => domain.replace(/\./g, '\\.'))).join('|')})(?::\\d+)?(?:[/?#][^\\s"'<>()\\\\\`]*)?`,
  'gi',
);

/** Cap on how much of a page is scanned (characters). */
const MAX_HTML = 5_000_000;

/** The ATS board a careers page links to or loads (see the module doc), or null. Never throws. */
export const detectAtsFromHtml = (html: string): AtsBoard | null => {
  if (typeof html !== 'string') return null;
  const text = html.slice(0, MAX_HTML).replace(/\\u002[fF]/g, '/').replace(/\\\//g, '/').replace(/&amp;/gi, '&').replace(/&#x2[fF];|&#47;/g, '/');
  const counts = new Map<string, { board: AtsBoard; count: number }>();
  for (const match of text.matchAll(ATS_URL)) {
    const found = detectAtsFromUrl(match[0].startsWith('//') ? `https:${match[0]}` : match[0]);
    if (found === null) continue;
    const key = `${found.ats}/${found.board_token.toLowerCase()}`;
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { board: found, count: 1 });
  }
  let best: { board: AtsBoard; count: number } | null = null;
  for (const entry of counts.values()) if (best === null || entry.count > best.count) best = entry;
  return best?.board ?? null;
};
