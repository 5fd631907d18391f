/**
 * Where each ATS publishes a board, and the way back (URL → provider and board token) that
 * the replay fetcher uses to find a saved response.
 *
 * Default endpoints (each adapter's module comment names the provider's documentation):
 * - ashby:           https://api.ashbyhq.com/posting-api/job-board/{token}?includeCompensation=true
 * - greenhouse:      https://boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true
 * - lever:           https://api.lever.co/v0/postings/{token}?mode=json, EU accounts
 *                    https://api.eu.lever.co/v0/postings/{token}?mode=json
 * - workable:        https://apply.workable.com/api/v1/widget/accounts/{token}?details=true
 * - smartrecruiters: https://api.smartrecruiters.com/v1/companies/{token}/postings?limit=100&offset={n}
 * - recruitee:       https://{token}.recruitee.com/api/offers/
 *
 * `AtsEndpoints` lets tests and the bench point every provider at a local fixture server
 * (e.g. `localEndpoints("http://127.0.0.1:4010")` → "http://127.0.0.1:4010/ashby/..."). Tokens
 * are URL-encoded into paths; a Recruitee token must be a host label (letters, digits, hyphens).
 */
import { FetchFailure } from '../../shared/crawl/source';

export interface AtsEndpoints {
  ashby: string;
  greenhouse: string;
  lever: string;
  leverEu: string;
  workable: string;
  smartrecruiters: string;
  /** With "{token}" where the board token goes, e.g. "https://{token}.recruitee.com". */
  recruitee: string;
}

export const DEFAULT_ENDPOINTS: AtsEndpoints = {
  ashby: 'https://api.ashbyhq.com',
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  leverEu: 'https://api.eu.lever.co',
  workable: 'https://apply.workable.com',
  smartrecruiters: 'https://api.smartrecruiters.com',
  recruitee: 'https://{token}.recruitee.com',
};

/** Every provider under one local base URL, one path prefix each (the fixture server's layout). */
export const localEndpoints = (base: string): AtsEndpoints => ({
  ashby: `${base}/ashby`,
  greenhouse: `${base}/greenhouse`,
  lever: `${base}/lever`,
  leverEu: `${base}/lever-eu`,
  workable: `${base}/workable`,
  smartrecruiters: `${base}/smartrecruiters`,
  recruitee: `${base}/recruitee/{token}`,
});

/** Page size asked of SmartRecruiters (its maximum). */
export const SMARTRECRUITERS_PAGE = 100;

const enc = encodeURIComponent;

const hostLabel = (token: string): string => {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(token)) throw new FetchFailure('blocked', `Recruitee board token "${token}" is not a host name label`);
  return token.toLowerCase();
};

export const boardUrl = {
  ashby: (e: AtsEndpoints, token: string) => `${e.ashby}/posting-api/job-board/${enc(token)}?includeCompensation=true`,
  greenhouse: (e: AtsEndpoints, token: string) => `${e.greenhouse}/v1/boards/${enc(token)}/jobs?content=true`,
  lever: (e: AtsEndpoints, token: string) => `${e.lever}/v0/postings/${enc(token)}?mode=json`,
  leverEu: (e: AtsEndpoints, token: string) => `${e.leverEu}/v0/postings/${enc(token)}?mode=json`,
  workable: (e: AtsEndpoints, token: string) => `${e.workable}/api/v1/widget/accounts/${enc(token)}?details=true`,
  smartrecruiters: (e: AtsEndpoints, token: string, offset: number) =>
    `${e.smartrecruiters}/v1/companies/${enc(token)}/postings?limit=${SMARTRECRUITERS_PAGE}&offset=${offset}`,
  recruitee: (e: AtsEndpoints, token: string) => `${e.recruitee.replace('{token}', hostLabel(token))}/api/offers/`,
};

/** A board URL read back: the provider's folder name, the board token and the page offset. */
export interface BoardAddress {
  provider: 'ashby' | 'greenhouse' | 'lever' | 'workable' | 'smartrecruiters' | 'recruitee';
  token: string;
  offset: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The provider, token and offset of a URL made by `boardUrl` with endpoints `e`; null for any other URL. */
export const boardOfUrl = (url: string, e: AtsEndpoints = DEFAULT_ENDPOINTS): BoardAddress | null => {
  const patterns: [BoardAddress['provider'], RegExp][] = [
    ['ashby', new RegExp(`^${escape(e.ashby)}/posting-api/job-board/([^/?#]+)`)],
    ['greenhouse', new RegExp(`^${escape(e.greenhouse)}/v1/boards/([^/?#]+)/jobs`)],
    ['lever', new RegExp(`^${escape(e.lever)}/v0/postings/([^/?#]+)`)],
    ['lever', new RegExp(`^${escape(e.leverEu)}/v0/postings/([^/?#]+)`)],
    ['workable', new RegExp(`^${escape(e.workable)}/api/v1/widget/accounts/([^/?#]+)`)],
    ['smartrecruiters', new RegExp(`^${escape(e.smartrecruiters)}/v1/companies/([^/?#]+)/postings`)],
    ['recruitee', new RegExp(`^${escape(e.recruitee).replace(escape('{token}'), '([a-z0-9-]+)')}/api/offers`)],
  ];
  for (const [provider, pattern] of patterns) {
    const match = pattern.exec(url);
    if (match?.[1] !== undefined) {
      const offset = Number(new URL(url).searchParams.get('offset') ?? 0);
      return { provider, token: decodeURIComponent(match[1]), offset: Number.isFinite(offset) ? offset : 0 };
    }
  }
  return null;
};
