/**
 * The crawl's logo step (issue 13.5): `refreshCompanyLogo(company, deps)` reads the company's
 * home page (`company_url`) through the guarded client, tries its logo candidates in order
 * (shared/companies/logo-candidates.ts: apple-touch-icon, icon, og:image, /favicon.ico), keeps
 * the first that downloads as an accepted image (`asLogo`: raster, signature matching, at most
 * `MAX_LOGO_BYTES`), stores it under `logoKey` and points the company's `company_logo` at our
 * own `${siteUrl}/logos/<key>`.
 *
 * Skipped ('kept') when the company's logo is already one of ours, unless `force`; 'none' when the company has no `company_url` or no candidate is an image. A failure
 * (home page unreachable, refused address, storage) leaves the company as it was: the result is
 * 'failed' with the reason, nothing thrown. The company is read again just before its write, so a
 * crawl's job_count written meanwhile is kept.
 */
import { createHash } from 'node:crypto';
import type { Company } from '../../shared/companies/company';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import { logoCandidates } from '../../shared/companies/logo-candidates';
import { asLogo, LOGO_ACCEPT, logoKeyOf, logoUrl, MAX_LOGO_BYTES, type LogoStore, type StoredLogo } from '../../shared/companies/logo-store';
import type { Fetcher } from '../../shared/sources/source';

/** A 2xx response read as bytes (`getBytes`; the crawler's HTTP client answers it): final URL, status, Content-Type, body bytes. */
export interface FetchedBytes {
  url: string;
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

/** The guarded client a logo is read through (lambdas/crawler/http-fetcher.ts implements it). */
export interface LogoFetcher extends Fetcher {
  getBytes(url: string, options: { accept: string; maxBytes: number }): Promise<FetchedBytes>;
}

export interface RefreshLogoDeps {
  fetcher: LogoFetcher;
  logos: LogoStore;
  companies: CompanyRepository;
  /** The site's origin, no trailing slash (config siteUrl). */
  siteUrl: string;
  /** Fetch again even when a stored logo of ours is there. */
  force?: boolean;
}

export type LogoOutcome = { outcome: 'stored'; url: string } | { outcome: 'kept' | 'none' } | { outcome: 'failed'; reason: string };

const digest = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex').slice(0, 16);

/** `<16 hex of the company key's SHA-256>-<16 hex of the bytes' SHA-256>`: a new logo, a new URL. */
export const logoKey = (companyKey: string, logo: StoredLogo): string => `${digest(companyKey)}-${digest(logo.bytes)}`;

/**
 * Whether the hourly AWS crawl tries a company's logo in this hour: once a day per company, in the
 * hour (UTC, 0-23) its key's digest picks, so a company whose site declares no usable logo costs
 * one home-page request a day rather than one an hour.
 */
export const logoAttemptDue = (companyKey: string, now: Date): boolean => Number.parseInt(digest(companyKey).slice(0, 8), 16) % 24 === now.getUTCHours();

const firstLogo = async (fetcher: LogoFetcher, candidates: readonly string[]): Promise<StoredLogo | null> => {
  for (const candidate of candidates) {
    try {
      const response = await fetcher.getBytes(candidate, { accept: LOGO_ACCEPT, maxBytes: MAX_LOGO_BYTES });
      const logo = asLogo(response.contentType, response.bytes);
      if (logo !== null) return logo;
    } catch {
      // A candidate that fails (missing, refused, too large) is passed over for the next.
    }
  }
  return null;
};

export const refreshCompanyLogo = async (company: Company, deps: RefreshLogoDeps): Promise<LogoOutcome> => {
  if (company.company_url === null) return { outcome: 'none' };
  try {
    if (!deps.force && logoKeyOf(deps.siteUrl, company.company_logo) !== null) return { outcome: 'kept' };
    const page = await deps.fetcher.get(company.company_url, { accept: 'text/html' });
    const logo = await firstLogo(deps.fetcher, logoCandidates(page.body, page.url));
    if (logo === null) return { outcome: 'none' };
    const key = logoKey(company.company_key, logo);
    await deps.logos.put(key, logo);
    const url = logoUrl(deps.siteUrl, key);
    const current = (await deps.companies.get(company.company_key)) ?? company;
    if (current.company_logo !== url) await deps.companies.putMany([{ ...current, company_logo: url }]);
    return { outcome: 'stored', url };
  } catch (error) {
    return { outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
};
