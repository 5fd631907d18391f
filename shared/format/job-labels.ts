/**
 * How the job fields people filter by read in lists, filters and pages. Each map is keyed by the
 * schema's own values (shared/jobs/job.ts), so the type checker keeps it complete, and its keys
 * are the zod-free list of values the browser offers (in the schema's order).
 */
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

/** Codes the runtime names that are not countries: user-assigned (AA, QM–QZ, XA–XZ but Kosovo's XK, ZZ) and the groups EU, EZ and UN. */
const NOT_A_COUNTRY = /^(AA|Q[M-Z]|X[A-JL-Z]|ZZ|EU|EZ|UN)$/;

/**
 * Whether `code` (upper case) names a country or territory: one the runtime's region names know
 * (Intl, CLDR data), less the codes above. THE rule for a country code: the API's
 * `CountryCodeSchema` (shared/search/job-query.ts), the page URL model and the filter bar's country
 * list all apply it, so the browser never offers a country the API answers 400 for.
 */
export const isCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.test(code) && countryName(code) !== code;

let allCountryCodes: readonly string[] | null = null;

/** Every code `isCountryCode` accepts, A–Z by code (about 270); computed on first use. */
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
