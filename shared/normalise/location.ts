import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { AREAS, CA_PROVINCES, COUNTRY_ALIASES, KNOWN_CITIES, US_STATES, type KnownCity } from './location-tables';

/**
 * `parseLocation`: an employer's free-text location ("San Francisco, CA", "Remote (US)",
 * "London or Remote - UK") → the places it names.
 *
 * Shape of a place (`ParsedPlace`):
 * - `city`: the usual English name when the city is in our table (NYC → "New York",
 *   SF → "San Francisco", Bay Area → "San Francisco Bay Area"), else the text as written; or null.
 * - `region`: a US state or Canadian province as its postal code ("CA", "ON"); another
 *   country's region as written ("Karnataka"); an area larger than a country ("EMEA",
 *   "APAC", "Americas", "Europe", "East Coast"); or null.
 * - `country`: ISO 3166-1 alpha-2 ("US", "GB"), or null when the text does not say.
 * - `workplace`: "remote", "hybrid" or "onsite" when the text says so (onsite: "onsite",
 *   "in office", "Office", "HQ", "Data Center"), else "unknown" (a bare city does not say).
 *
 * Rules, in order:
 * 1. "or", "/", ";", "|", "&" and " and " separate alternative places; "Remote-US", "X - Y",
 *    "X (Y)" and commas separate parts of one place. A part that starts with a digit (a street
 *    address, "4th floor") is dropped. A second known city in a comma list starts a new place.
 * 2. A first part is a known city, a country, a state/province name, an area, or else a city
 *    as written. Later parts are regions or countries.
 * 3. A two-letter code after a city: a US state when the city is in the US or unknown, a
 *    Canadian province or the country Canada ("Toronto, CA") when the city is in Canada, else
 *    an ISO country code. So "CA" after an unknown city is California; "CA" alone is an ISO
 *    country code (Canada), as is any two-letter code standing alone ("US", "DE"), except the
 *    nicknames "NY" and "DC".
 * 4. An alternative that is only "Hybrid" or "Onsite" applies to the place before it ("SF Bay Area/Hybrid/Remote").
 * 5. A place without a country takes the one named elsewhere in the text ("London or Remote - UK").
 *
 * Examples:
 *   parseLocation('San Francisco, CA')  → [{ city: 'San Francisco', region: 'CA', country: 'US', workplace: 'unknown' }]
 *   parseLocation('Toronto, CA')        → [{ city: 'Toronto', region: 'ON', country: 'CA', workplace: 'unknown' }]
 *   parseLocation('NYC Hybrid Available') → [{ city: 'New York', region: 'NY', country: 'US', workplace: 'hybrid' }]
 *   parseLocation('Remote (US)')        → [{ city: null, region: null, country: 'US', workplace: 'remote' }]
 *   parseLocation('London or Remote - UK') → [{ city: 'London', region: null, country: 'GB', workplace: 'unknown' },
 *                                             { city: null, region: null, country: 'GB', workplace: 'remote' }]
 *   parseLocation('Remote - EMEA')      → [{ city: null, region: 'EMEA', country: null, workplace: 'remote' }]
 *   parseLocation('')                   → []
 *   parseLocation('Atlantis')           → [{ city: 'Atlantis', region: null, country: null, workplace: 'unknown' }]
 *
 * Never throws. Country names and codes: the `i18n-iso-countries` library (English names);
 * states, provinces, cities and nicknames: ./location-tables.ts.
 */

export type ParsedWorkplace = 'remote' | 'hybrid' | 'onsite' | 'unknown';

export interface ParsedPlace {
  city: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  workplace: ParsedWorkplace;
}

countries.registerLocale(english);

const MAX_INPUT = 500;
const HYBRID = /\bhybrid\b/i;
const REMOTE = /\bremote\b|\bwork from home\b|\bwfh\b/i;
const ONSITE = /\bon[- ]?site\b|\bin[- ]?office\b|\bin[- ]person\b|\boffice\b|\bhq\b|\bheadquarters\b|\bdata cent(?:er|re)\b/i;
/** Words that describe the arrangement, not the place: removed before the place is read. */
const NOISE =
  /\bin[- ]?office\b.*$|\bhybrid\b|\bremote\b|\bon[- ]?site\b|\bin[- ]person\b|\boffices?\b|\bhq\b|\bheadquarters\b|\bdata cent(?:er|re)\b|\bavailable\b|\bpreferred\b|\bhiring in\b|\bbased in\b|\btime ?zones?\b|\bonly\b|\bok\b|\bwork from home\b|\bwfh\b|^\s*in\s+|^\*+/gi;
const ALTERNATIVES = /\s+or\s+|\s*\/\s*|\s*;\s*|\s*\|\s*|\s+&\s+|\s+and\s+/i;

/** Lookup key: lower case, no dots, single spaces. */
const keyOf = (text: string): string => text.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

const US_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [keyOf(name), code]));
const CA_BY_NAME = new Map(Object.entries(CA_PROVINCES).map(([code, name]) => [keyOf(name), code]));

/** ISO alpha-2 for a country name or alias ("Germany", "UK", "U.S.A"), or null. Codes of two letters are handled by the caller. */
const countryOf = (text: string): string | null => {
  const key = keyOf(text);
  if (key.length < 2) return null;
  const alias = COUNTRY_ALIASES.get(key);
  if (alias) return alias;
  if (key.length === 2) return null;
  return countries.getAlpha2Code(key, 'en') ?? null;
};

const isCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code) && countries.isValid(code);

interface Draft {
  city: string | null;
  region: string | null;
  country: string | null;
  known: KnownCity | null;
  /** The text named an area ("Global", "EMEA"): its country is not to be guessed from the rest. */
  area: boolean;
}

const emptyDraft = (): Draft => ({ city: null, region: null, country: null, known: null, area: false });

/** Reads one comma part into the draft; returns false when the part is a new city that needs its own place. */
const readPart = (draft: Draft, raw: string, first: boolean, qualifier: boolean): boolean => {
  const part = raw.trim();
  if (!part || /^\d/.test(part)) return true;
  const key = keyOf(part);
  const upper = part.replace(/\./g, '').toUpperCase();

  // Two-letter codes after a city: state, province or country, by the city's country.
  if (!first && /^[A-Z]{2}$/.test(part.replace(/\./g, ''))) {
    const cityCountry = draft.known?.country ?? draft.country;
    if (cityCountry === 'CA' && (CA_PROVINCES[upper] || upper === 'CA')) {
      if (upper !== 'CA') draft.region = upper;
      draft.country = 'CA';
      return true;
    }
    const state = US_STATES[upper] && !(draft.city === null && draft.country !== null);
    if (state && (cityCountry === null || cityCountry === 'US' || !isCountryCode(upper))) {
      draft.region = upper;
      draft.country = 'US';
      return true;
    }
    if (CA_PROVINCES[upper] && (cityCountry === null || !isCountryCode(upper))) {
      draft.region = upper;
      draft.country = 'CA';
      return true;
    }
    const code = COUNTRY_ALIASES.get(key) ?? (isCountryCode(upper) ? upper : null);
    if (code) {
      draft.country = code;
      return true;
    }
  }

  const known = KNOWN_CITIES.get(key);
  if (known && !(key === 'ny' && !first && draft.city !== null)) {
    const guessed = draft.known === null && draft.region === null && draft.country === null;
    if (draft.city !== null && !guessed && !qualifier) return false;
    if (draft.city === null || guessed) {
      draft.city = known.city;
      draft.known = known;
    }
    return true;
  }
  const area = AREAS.get(key);
  if (area) {
    if (draft.city !== null) return true;
    draft.area = true;
    draft.region ??= area.region;
    draft.country ??= area.country;
    return true;
  }
  const usState = US_BY_NAME.get(key);
  if (usState && !(first && countryOf(part))) {
    draft.region = usState;
    draft.country ??= 'US';
    return true;
  }
  const caProvince = CA_BY_NAME.get(key);
  if (caProvince) {
    draft.region = caProvince;
    draft.country ??= 'CA';
    return true;
  }
  const country = countryOf(part) ?? (first && isCountryCode(upper) && key.length === 2 ? upper : null);
  if (country) {
    draft.country ??= country;
    return true;
  }
  // Unknown words: a city when nothing named one yet and it looks like a name, else a region as written.
  if (part.split(/\s+/).length > 4 || /\d/.test(part) || !/\p{L}/u.test(part)) return true;
  if (draft.city === null && draft.region === null && draft.country === null) draft.city = part;
  else if (draft.region === null && !qualifier) draft.region = part;
  return true;
};

/** Fills the gaps of a draft from the city table, unless the text named another country. */
const settle = (draft: Draft, workplace: ParsedWorkplace): ParsedPlace => {
  const known = draft.known;
  if (known && (draft.country === null || draft.country === known.country)) {
    return { city: known.city, region: draft.region ?? known.region, country: known.country, workplace };
  }
  return { city: draft.city, region: draft.region, country: draft.country, workplace };
};

const workplaceOf = (text: string): ParsedWorkplace => {
  if (HYBRID.test(text)) return 'hybrid';
  if (REMOTE.test(text)) return 'remote';
  if (ONSITE.test(text)) return 'onsite';
  return 'unknown';
};

interface Found {
  place: ParsedPlace;
  /** May take the country named elsewhere in the text. */
  fillable: boolean;
}

const found = (draft: Draft, workplace: ParsedWorkplace): Found => ({
  place: settle(draft, workplace),
  fillable: !draft.area && draft.region === null && draft.country === null && draft.known === null,
});

/** The places of one alternative ("San Francisco, CA (Hybrid)"). */
const placesOf = (text: string): Found[] => {
  const workplace = workplaceOf(text);
  const segment = text.replace(/\bin[- ]?office\b.*$/i, '');
  // "(US)" and " - UK" become parts; parenthesised parts only qualify the place before them.
  const parts: { text: string; qualifier: boolean }[] = [];
  const pieces = segment.split(/(\([^()]*\)?)/);
  for (const piece of pieces) {
    const qualifier = piece.startsWith('(');
    const inner = qualifier ? piece.replace(/^\(|\)$/g, '') : piece;
    for (const dashPart of inner.split(/\s+[-–—]\s+|\s*[-–—]\s*(?=remote\b)|(?<=\bremote)\s*[-–—:]\s*/i)) {
      for (const commaPart of dashPart.split(',')) {
        const cleaned = commaPart
          .replace(NOISE, ' ')
          .replace(NOISE, ' ')
          .replace(/[()*]/g, ' ')
          .replace(/^[\s\-–—•.:]+|[\s\-–—•.:]+$/g, '')
          .replace(/\s+/g, ' ');
        if (cleaned) parts.push({ text: cleaned, qualifier });
      }
    }
  }
  const places: Found[] = [];
  let draft = emptyDraft();
  let first = true;
  for (const part of parts) {
    if (!readPart(draft, part.text, first, part.qualifier)) {
      places.push(found(draft, workplace));
      draft = emptyDraft();
      readPart(draft, part.text, true, part.qualifier);
    }
    first = false;
  }
  const last = found(draft, workplace);
  if (places.length === 0 || last.place.city !== null || last.place.region !== null || last.place.country !== null) places.push(last);
  return places;
};

/** "A or B", and "Remote (Canada or US)" → "Remote (Canada)", "Remote (US)". */
const alternativesOf = (text: string): string[] => {
  const inner = /^([^()]*)\(([^()]*)\)\s*$/.exec(text);
  const choices = inner?.[2]?.split(ALTERNATIVES) ?? [];
  const segments = choices.length > 1 ? choices.map((choice) => `${inner?.[1] ?? ''}(${choice})`) : [text];
  return segments.flatMap((segment) => segment.split(ALTERNATIVES)).filter((segment) => segment.trim() !== '');
};

const same = (a: ParsedPlace, b: ParsedPlace): boolean =>
  a.city === b.city && a.region === b.region && a.country === b.country && a.workplace === b.workplace;

/** The places named by a free-text job location; [] for blank text. Never throws. */
export const parseLocation = (text: string): ParsedPlace[] => {
  try {
    if (typeof text !== 'string') return [];
    const clean = text
      .slice(0, MAX_INPUT)
      .replace(/[\p{Cc}\u00a0]/gu, ' ')
      .replace(/\bWashington,?\s*D\.?\s?C\.?/gi, 'Washington DC')
      .trim();
    if (!clean) return [];
    const whole = countryOf(clean);
    const segments = whole ? [clean] : alternativesOf(clean);
    const places: Found[] = [];
    for (const next of segments.flatMap(placesOf)) {
      // "SF Bay Area/Hybrid": an alternative that is only "hybrid" or "onsite" says how the place before it works.
      const previous = places.at(-1);
      const bare = next.fillable && next.place.city === null && next.place.workplace !== 'remote';
      if (bare && previous) {
        if (previous.place.workplace === 'unknown') previous.place = { ...previous.place, workplace: next.place.workplace };
        continue;
      }
      places.push(next);
    }
    // A place that names no country takes the only one the rest of the text names.
    const named = [...new Set(places.map(({ place }) => place.country).filter((country) => country !== null))];
    const filled = places.map(({ place, fillable }) =>
      fillable && place.city === null && named.length === 1 ? { ...place, country: named[0] ?? null } : place,
    );
    const unique = filled.filter((place, index) => filled.findIndex((other) => same(other, place)) === index);
    return unique.length > 0 ? unique : [{ city: null, region: null, country: null, workplace: workplaceOf(clean) }];
  } catch {
    return [{ city: null, region: null, country: null, workplace: 'unknown' }];
  }
};
