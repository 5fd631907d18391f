/**
 * How the job fields people filter by read in lists, filters and pages. Each map is keyed by the
 * schema's own values (shared/jobs/job.ts), so the type checker keeps it complete, and its keys
 * are the zod-free list of values the browser offers (in the schema's order).
 */
import { iso31661Alpha2ToAlpha3 } from 'iso-3166';
import type { EmploymentType, Seniority } from '../jobs/job';

export const SENIORITY_LABELS: Readonly<Record<Seniority, string>> = {
  intern: 'Intern',
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  staff: 'Staff / Principal',
  manager: 'Manager',
  director: 'Director',
  executive: 'Executive',
};

export const EMPLOYMENT_TYPE_LABELS: Readonly<Record<EmploymentType, string>> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  intern: 'Internship',
};

/** The keys of `labels`, typed: e.g. keysOf(SENIORITY_LABELS) → ['intern', 'junior', ...]. */
export const keysOf = <K extends string>(labels: Readonly<Record<K, string>>): K[] => Object.keys(labels) as K[];

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO 3166-1 alpha-2 code as a country name ('DE' → 'Germany'); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return REGION_NAMES.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * Kosovo's code: user-assigned, not in ISO 3166-1, but the one the EU, CLDR and employers use
 * ("Kosovo" is in the captured n8n board's country list); the only code kept beside ISO's.
 */
const KOSOVO = 'XK';
// The alpha-2 → alpha-3 map holds exactly the assigned codes, at a tenth of the full list's size in the browser bundle.
const CURRENT_CODES: ReadonlySet<string> = new Set([...Object.keys(iso31661Alpha2ToAlpha3), KOSOVO]);

/**
 * Whether `code` (upper case) is a current country code: an assigned ISO 3166-1 alpha-2 code
 * (the `iso-3166` package's `iso31661Alpha2ToAlpha3`, which leaves out withdrawn codes such as
 * DD, YU, CS, SU and FX that the runtime's region names still know), or XK. THE rule for a country code: the
 * API's `CountryCodeSchema` (shared/search/job-query.ts), the page URL model, the filter bar's
 * country list and `parseLocation` all apply it, so the browser never offers a country the API
 * answers 400 for.
 */
export const isCountryCode = (code: string): boolean => CURRENT_CODES.has(code);

let allCountryCodes: readonly string[] | null = null;

/** Every code `isCountryCode` accepts, A–Z by code (250); computed on first use. */
export function countryCodes(): readonly string[] {
  if (allCountryCodes) return allCountryCodes;
  const codes: string[] = [];
  for (let a = 65; a <= 90; a += 1)
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (isCountryCode(code)) codes.push(code);
    }
  allCountryCodes = codes;
  return codes;
}
