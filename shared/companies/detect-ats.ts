import type { Ats } from '../jobs/job';

/**
 * Which ATS holds a company's postings, and its board token there, read from a careers URL or
 * from a careers page's HTML. Pure: the caller fetches the page.
 *
 * URL rules (host compared without case; the board token is the path segment or sub-domain
 * named, percent-decoded ("applied%20compute" → "applied compute"), as the crawler's
 * lambdas/crawler/board-urls.ts encodes it back into the board's URL):
 * - Ashby: `jobs.ashbyhq.com/{token}`, `api.ashbyhq.com/posting-api/job-board/{token}`.
 * - Greenhouse: `boards.greenhouse.io/{token}`, `job-boards.greenhouse.io/{token}` (and their
 *   `.eu.` hosts), the embed `boards.greenhouse.io/embed/job_board?for={token}` (also `/js`),
 *   `boards-api.greenhouse.io/v1/boards/{token}`.
 * - Lever: `jobs.lever.co/{token}`, `jobs.eu.lever.co/{token}`, `api(.eu).lever.co/v0/postings/{token}`.
 * - Workable: `apply.workable.com/{token}` (not `/j/...` job short links, which name no account),
 *   `apply.workable.com/api/v1/widget/accounts/{token}`, `{token}.workable.com`.
 * - SmartRecruiters: `jobs.smartrecruiters.com/{token}`, `careers.smartrecruiters.com/{token}`,
 *   `jobs.smartrecruiters.com/oneclick-ui/company/{token}/...`, `api.smartrecruiters.com/v1/companies/{token}`.
 * - Recruitee: `{token}.recruitee.com` (not www, app, api and other service hosts).
 *
 * Examples:
 *   detectAtsFromUrl('https://jobs.ashbyhq.com/cohere') → { ats: 'ashby', board_token: 'cohere' }
 *   detectAtsFromUrl('https://job-boards.greenhouse.io/anthropic/jobs/4020305008') → { ats: 'greenhouse', board_token: 'anthropic' }
 *   detectAtsFromUrl('https://jobs.eu.lever.co/mistral') → { ats: 'lever', board_token: 'mistral' }
 *   detectAtsFromUrl('https://acme.recruitee.com/o/ml-engineer') → { ats: 'recruitee', board_token: 'acme' }
 *   detectAtsFromUrl('https://example.com/careers') → null
 *
 * HTML rule (`detectAtsFromHtml`): every URL of a known ATS host anywhere in the page (links,
 * script and iframe sources, inline scripts and JSON, also with `\/` or `&amp;` escapes) is
 * read with the URL rules; the board named most often wins, ties to the first seen. Text that
 * only names an ATS ("we use Greenhouse") is not a board.
 */

/** The ATSs a URL can name (a careers page is what is left when none does). */
export type DetectedAts = Exclude<Ats, 'careers_page'>;

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

/** Sub-domains of workable.com / recruitee.com that are the provider's own service. */
const SERVICE_SUBDOMAINS = new Set(['www', 'app', 'api', 'apply', 'jobs', 'careers', 'blog', 'support', 'help', 'docs', 'cdn', 'static', 'assets', 'status', 'resources', 'marketplace', 'mail', 'go', 'info']);

const tokenOf = (raw: string | null | undefined): string | null => {
  if (raw === null || raw === undefined) return null;
  let token: string;
  try {
    token = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return TOKEN.test(token) && !NOT_A_TOKEN.has(token.toLowerCase()) ? token : null;
};

const board = (ats: DetectedAts, token: string | null): AtsBoard | null => (token === null ? null : { ats, board_token: token });

/** The path segment after the given ones (`after(['v1','boards'])` of /v1/boards/x/jobs → "x"), or null. */
const segmentAfter = (segments: readonly string[], prefix: readonly string[]): string | null =>
  prefix.every((part, i) => segments[i]?.toLowerCase() === part) ? (segments[prefix.length] ?? null) : null;

const subdomainToken = (host: string, domain: string): string | null => {
  if (!host.endsWith(`.${domain}`)) return null;
  const sub = host.slice(0, -(domain.length + 1));
  return sub.includes('.') || SERVICE_SUBDOMAINS.has(sub) ? null : tokenOf(sub);
};

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
  const first = segments[0] ?? null;

  switch (host) {
    case 'jobs.ashbyhq.com':
      return board('ashby', tokenOf(first));
    case 'api.ashbyhq.com':
      return board('ashby', tokenOf(segmentAfter(segments, ['posting-api', 'job-board'])));
    case 'boards.greenhouse.io':
    case 'job-boards.greenhouse.io':
    case 'boards.eu.greenhouse.io':
    case 'job-boards.eu.greenhouse.io':
      return board('greenhouse', first?.toLowerCase() === 'embed' ? tokenOf(encodeURIComponent(url.searchParams.get('for') ?? '')) : tokenOf(first));
    case 'boards-api.greenhouse.io':
    case 'boards-api.eu.greenhouse.io':
      return board('greenhouse', tokenOf(segmentAfter(segments, ['v1', 'boards'])));
    case 'jobs.lever.co':
    case 'jobs.eu.lever.co':
      return board('lever', tokenOf(first));
    case 'api.lever.co':
    case 'api.eu.lever.co':
      return board('lever', tokenOf(segmentAfter(segments, ['v0', 'postings'])));
    case 'apply.workable.com':
      return board('workable', first?.toLowerCase() === 'api' ? tokenOf(segments[segments.indexOf('accounts') + 1] ?? null) : tokenOf(first));
    case 'jobs.smartrecruiters.com':
    case 'careers.smartrecruiters.com':
      return board('smartrecruiters', tokenOf(segmentAfter(segments, ['oneclick-ui', 'company']) ?? first));
    case 'api.smartrecruiters.com':
      return board('smartrecruiters', tokenOf(segmentAfter(segments, ['v1', 'companies'])));
    default:
      return board('workable', subdomainToken(host, 'workable.com')) ?? board('recruitee', subdomainToken(host, 'recruitee.com'));
  }
};

const ATS_URL =
  /(?:https?:)?\/\/(?:[a-z0-9-]+\.)*(?:ashbyhq\.com|greenhouse\.io|lever\.co|workable\.com|smartrecruiters\.com|recruitee\.com)(?::\d+)?(?:[/?#][^\s"'<>()\\`]*)?/gi;

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
