import {
  australianStateOf,
  citiesNamed,
  cityOfInitials,
  countryNamed,
  countryOfAlpha3,
  foldKey,
  isCountryCode,
  nameOfCountry,
  nearestName,
  subdivisionByCode,
  subdivisionCodeOf,
  subdivisionCount,
  subdivisionsNamed,
  type GazetteerCity,
} from './location-gazetteer';
import { CITY_ALIASES, COUNTRY_ALIASES, NICKNAMES, US_AREAS, type KnownCity } from './location-tables';
import { regionNamed, WORLDWIDE_REGION } from './regions';

/** A letter. */
const HAS_LETTER = /\p{L}/u;
/** A capital first letter. */
const STARTS_CAPITAL = /^\p{Lu}/u;
/** A capital and two small letters ("Ind", not "IND"). */
const CAPITALISED_THREE = /^\p{Lu}\p{Ll}{2}$/u;
/** Control characters and no-break spaces. */
const CONTROLS = /[\p{Cc}\u00a0]/gu;

/**
 * `parseLocation`: an employer's free-text location ("San Francisco, CA", "Remote (US)",
 * "London or Remote - UK", "Bogota", "Austin TX", "Remote-Gurgaon") → the places it names.
 *
 * Shape of a place (`ParsedPlace`):
 * - `city`: the city's name (GeoNames through ./location-gazetteer.ts, with accents: "Bogota" →
 *   "Bogotá"; nicknames and English names from ./location-tables.ts: NYC → "New York", SF →
 *   "San Francisco", "Cologne"), the text as written for a city the gazetteer lacks, or null.
 * - `region`: a US state or Canadian province as its postal code ("CA", "ON"); another
 *   country's region as written ("Karnataka"); a named region's code from ./regions.ts ("EMEA",
 *   "APAC", "EU", "Europe", and "Worldwide" for "Global", "Anywhere", "Worldwide"); a part of
 *   the US ("West Coast"); or null.
 * - `country`: ISO 3166-1 alpha-2 ("US", "GB"), or null when the text does not say.
 * - `workplace`: "remote", "hybrid" or "onsite" when the text says so (onsite: "onsite",
 *   "in office", "Office", "HQ", "Data Center"), else "unknown" (a bare city does not say).
 *
 * Rules, in order:
 * 0. Flag emoji read as their countries ("🇩🇪 Berlin"), globe emoji as worldwide. Postal codes
 *    name their country and are replaced by it: a US ZIP code after a state code
 *    ("Springfield, IL 62701"), a Canadian ("M5V 2T6") or UK ("EC2A 4NE") postcode. Workplace
 *    words glued to a place are split off ("SeattleHQ"); "home based" and "field - based" say
 *    remote work ("Home Based - Americas" → remote, Americas).
 * 1. "or", "/", ";", "|", "&" and " and " separate alternative places; "Remote-US", "X - Y",
 *    "X (Y)" and commas separate parts of one place; "Austin TX", "Berlin Germany" and
 *    "US West Coast" are split into their parts, and so are hyphenated forms around a known
 *    place ("India-Karnataka", "Berlin-Süd", "Raleigh-Durham": the known place leads, the rest
 *    only narrows it). A street address before a place is dropped ("12 Harbor Rd Portland" →
 *    Portland; "10117 Berlin" → Berlin); other parts that start with a digit ("4th floor") or
 *    name a venue ("Westfield Mall", "Tower B") are dropped; negated places ("non-U.S.",
 *    "outside the UK") too.
 * 2. A part is, by the first that fits: a two-letter code after a city (the US state, Canadian
 *    province, Australian state or country that has a city of that name: "Paris, TX", "Toronto,
 *    CA", "Perth, WA", "Berlin, DE";
 *    with no such city there but one in a country that has a region of that code, that country:
 *    "Madrid, MD" is Spain's Comunidad de Madrid, "Amsterdam, NH" Noord-Holland;
 *    with no such city a US state, then a province, then a country); a nickname; a country
 *    (name, ISO alpha-2 standing alone, alpha-3 in capitals: "CAN"); a named region ("EMEA";
 *    "Worldwide" for "worldwide", "global", "anywhere"); a US state or Canadian province by name ("Georgia" is the US state
 *    unless the context's countries include the country Georgia); a GeoNames city; another
 *    country's region; the initials of one large city ("SLC"); a name one edit from one country,
 *    US state, Canadian province or city of note ("United Kindom", "New Yersey": see
 *    `nearestName`); else the text as a city name, with no country. A US state or Canadian
 *    province after a part read as another state or region makes that part a locality of it
 *    ("New Brunswick, NJ" → New Jersey, "Long Island, New York" → New York, not the Bahamas).
 *    An ISO alpha-3 code also counts in title case ("Aus"), unless it is an English word ("Can").
 * 3. A city named in several countries is chosen by, in order: the state or country beside it;
 *    the countries named elsewhere in the text and in `context.countries` (the source's
 *    structured country, the company's headquarters); then population weighed by how often
 *    employers on this board post in the country (US × 3, large tech hiring countries × 2).
 *    A bare city under 15,000 people with no such hint, or one whose namesake in another
 *    country weighs within 10 % of it ("Cambridge": England or Massachusetts), is kept without a
 *    country: never a guess; unless its name is one edit from a city of 100,000+ people
 *    ("Manilla", a town of 2,500 in New South Wales → Manila).
 * 4. An alternative that is only "Hybrid" or "Onsite" applies to the place before it; where no
 *    alternative names a city, "remote" said of one says how all work ("US/Canada Remote").
 * 5. A place without a country takes the only one named elsewhere in the text ("London or Remote - UK").
 * 6. A text that names nothing but a time zone is placed in the zone's area ("Remote (PST)" →
 *    North America, "CET" → Europe, "JST" → Japan; GMT and UTC say nothing).
 * Never places: unknown words with a team's or function's word ("Field Sales - Texas": Texas
 * only), "multiple locations"; a county's name is not read word by word ("Marin County").
 * A name that only small towns share with a region of ISO 3166-2 is the region ("Jalisco"), and
 * so is one shared only with towns that are no seat of government ("Goa", "Bali": see
 * `outweighedByRegion`); regions are also read by their English names (CLDR: "Bavaria").
 * GeoNames names with "City" are found without it for large cities ("Makati"). A neighbourhood
 * before a confident city is dropped ("SoMa, San Francisco": see `neighbourhoodOf`); office
 * schedules ("3 days/week", "2x per week") are not read.
 *
 * Examples:
 *   parseLocation('San Francisco, CA')  → [{ city: 'San Francisco', region: 'CA', country: 'US', workplace: 'unknown' }]
 *   parseLocation('Toronto, CA')        → [{ city: 'Toronto', region: 'ON', country: 'CA', workplace: 'unknown' }]
 *   parseLocation('Bogota')             → [{ city: 'Bogotá', region: null, country: 'CO', workplace: 'unknown' }]
 *   parseLocation('Remote - EMEA')      → [{ city: null, region: 'EMEA', country: null, workplace: 'remote' }]
 *   parseLocation('Global Remote')      → [{ city: null, region: 'Worldwide', country: null, workplace: 'remote' }]
 *   parseLocation('')                   → []
 *   parseLocation('Narnia')             → [{ city: 'Narnia', region: null, country: null, workplace: 'unknown' }]
 *   parseLocation('Westfield Mall')     → [{ city: null, region: null, country: null, workplace: 'unknown' }]
 *
 * Never throws. Results are memoised per (text, context) for the life of the process (at most
 * 20,000 entries), since boards repeat their locations.
 */

export type ParsedWorkplace = 'remote' | 'hybrid' | 'onsite' | 'unknown';

export interface ParsedPlace {
  city: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  workplace: ParsedWorkplace;
}

/** Structured hints a source gives besides the text. */
export interface LocationContext {
  /** Countries the posting is likely in (ISO 3166-1 alpha-2): the source's structured country, the company's headquarters. */
  countries?: readonly string[];
}

const MAX_INPUT = 500;
/** A bare city smaller than this, with nothing else pointing to its country, is not trusted. */
const MIN_BARE_POPULATION = 15_000;
/** A city named after another city in a comma list starts a new place when it is at least this big. */
const MIN_NEW_PLACE_POPULATION = 100_000;

/** How much likelier a posting on an English-language tech board is in a country than population says. */
const COUNTRY_WEIGHT: Readonly<Record<string, number>> = Object.fromEntries([
  ['US', 3],
  ...'CA GB DE FR IN IE NL ES IT AU IL SG JP PL PT SE CH DK NO FI BE AT CZ BR MX AR CO KR CN TW AE NZ EE RO UA'.split(' ').map((code) => [code, 2]),
]) as Record<string, number>;
const CONTEXT_WEIGHT = 50;
/** GeoNames feature codes of seats of government (capital, first- and second-level seats): such a city keeps its name over a same-named region elsewhere. */
const SEATS: ReadonlySet<string> = new Set(['PPLC', 'PPLA', 'PPLA2', 'PPLG']);
/** A city that is no seat keeps its name over a same-named first-level region only from this weight (population × country weight) on. */
const MIN_CITY_OVER_REGION_WEIGHT = 1_000_000;
/** Countries with at most this many first-level subdivisions have regions larger than towns (states, provinces, regions). */
const MAX_LARGE_REGIONS = 50;
/** Two readings of a bare city this close in weight are a guess: no country is given. */
const CLOSE_CALL = 0.9;
/** Countries that are one city: their name alone names the city too ("Singapore"). */
const CITY_STATES: ReadonlySet<string> = new Set(['SG', 'HK', 'MO', 'MC', 'GI', 'VA']);

const HYBRID = /\bhybrid\b/i;
const REMOTE = /\bremote\b|\bremot[oa]\b|\bteletrabajo\b|\bt[ée]l[ée]travail\b|\bfernarbeit\b|\bwork from home\b|\bwfh\b|\b(?:home|field)[\s-]*based\b|\bhome[\s-]?office\b|\bdistributed\b|\bvirtual\b|\btelecommute\b/i;
const ONSITE = /\bon[- ]?site\b|\bin[- ]?office\b|\bin[- ]person\b|\boffice\b|\bhq\b|\bheadquarters\b|\bdata cent(?:er|re)\b/i;
/** Words that describe the arrangement, not the place: removed before the place is read. */
const NOISE =
  /\b(?:home|field)[\s-]*based\b|\bin[- ]?office\b|\bhybrid\b|\bremote(?:ly)?\b|\bremot[oa]\b|\bteletrabajo\b|\bt[ée]l[ée]travail\b|\bfernarbeit\b|\bon[- ]?site\b|\bin[- ]person\b|\boffices?\b|\bhq\b|\bheadquarters\b|\bdata cent(?:er|re)\b|\bavailable\b|\bpreferred\b|\bhiring in\b|\bbased(?: in| out of)?\b|\btime ?zones?\b|\bonly\b|\bok\b|\bwork from home\b|\bwfh\b|\bfully\b|\bfull[- ]time\b|\bfirst\b|\bfriendly\b|\bworking\b|\bopportunit(?:y|ies)\b|\bpositions?\b|\broles?\b|\bflexible\b|\bhome\b|\bdistributed\b|\bvirtual\b|\btelecommute\b|\bgreater\b|\bmetro(?:politan)?\b|(?<!\bbay\s)\barea\b|\bregion\b|\bcity of\b|\bfriendly\b|\bcountry\b|(?<=[a-z]\s{1,3})state\b|\bstate of\b|\bwithin\b|\b(?:multiple|various|several|select(?:ed)?|all|any|other)\s+locations?\b|\blocations?\b|\bto\b|\bmust be\b|\bplease\b|\blocated\b|\bresid(?:e|ent|ing)\b|\bcandidates?\b|\bonly\b|\+\/-\s*\d*h?|\bthe\b|\banywhere in\b|\bacross\b|^\s*in\s+|^\*+/gi;
/** "Foster City, CA (Hybrid) In office M,W,F": what follows "in office" after a place is a schedule, not a place. */
const IN_OFFICE_DAYS = /^(.*\S)\s*\bin[- ]?office\b.*$/i;
/** The text without the schedule after "in office", unless nothing but workplace words come before it ("Hybrid - in office - Austin, TX"). */
const withoutOfficeDays = (text: string): string => {
  const before = IN_OFFICE_DAYS.exec(text)?.[1];
  return before !== undefined && HAS_LETTER.test(before.replace(NOISE, ' ')) ? before : text;
};
const ALTERNATIVES = /\s+or\s+|\s*\/\s*|\s*;\s*|\s*\|\s*|\s+&\s+|\s+and\s+|\s*\+\s*/i;
/** A part naming a building or street, not a place. */
const VENUE = /\b(?:mall|plaza|tower|towers|building|bldg|campus|centre|center|square|station|airport|shopping|outlet|store|warehouse|factory|street|st|avenue|ave|road|rd|blvd|boulevard|suite|floor|lane|drive|park|hub|labs?|studios?|hq)\b/i;
/**
 * Postal codes, which name their country: a US ZIP code (5 or 9 digits) after a state code
 * ("Springfield, IL 62701"), a Canadian postal code ("M5V 2T6"; Canada Post's letters: no D, F,
 * I, O, Q, U, and no W or Z first), a UK postcode ("EC2A 4NE"; Royal Mail's format: outward
 * code, space, digit and two letters).
 */
const US_ZIP = /\b([A-Z]{2})\.?,?\s+\d{5}(?:-\d{4})?\b/g;
const CA_POSTCODE = /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?\d[ABCEGHJ-NPRSTV-Z]\d\b/g;
const UK_POSTCODE = /\b[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\s\d[ABD-HJLNP-UW-Z]{2}\b/g;
/** A street address before the place ("401 Main Street", "12 Harbor Rd Portland"): house number, words, a street type, then what follows. */
const STREET = /^\d+[A-Za-z]?\s+(?:[\p{L}\d.'’-]+\s+){0,5}?(?:street|st|road|rd|avenue|ave|boulevard|blvd|drive|dr|lane|ln|way|place|pl|court|ct|parkway|pkwy|highway|hwy|terrace|ter|square|sq|circle|cir|plaza|row|strasse|straße)\.?(?:\s+(?:suite|ste|unit|floor|fl)\.?\s*#?[\w-]+)?(?:\s+(.+))?$/iu;
/** A European postal code before the town ("10117 Berlin", "75002 Paris"). */
const LEADING_POSTCODE = /^\d{4,5}\s+(\p{L}.*)$/u;
/**
 * A postal code or district number after the town: digits ("Paris 75008", "Dublin 2", Indian
 * PIN "Bengaluru 560001", Singapore "018989"), digits in two groups (Japan "100-0005", Sweden
 * "111 22"), the Dutch form ("1012 AB") and Ireland's Eircode ("D02 X285").
 */
const TRAILING_POSTCODE = /^(\p{L}[\p{L} .'’-]*?)\s+(?:\d{1,6}|\d{3}[- ]\d{2,4}|\d{4}\s?[A-Z]{2}|[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y\d]{4})$/u;
/** An office schedule ("3 days/week", "2x per week", "2-3 days a week"): not a place; its slash separates no alternatives. */
const SCHEDULE = /\b\d+(?:\s*[-–]\s*\d+)?\s*(?:x|days?)\s*(?:\/|per|a|each|every)\s*(?:week|wk)\b/gi;
/** Workplace words glued to a place ("SeattleHQ", "BerlinOffice"). */
const GLUED_WORKPLACE = /(\p{Ll})(?=(?:HQ|Office|Remote|Hybrid|Onsite)\b)/gu;
/** ISO alpha-3 codes that are also English words: in title case they are words, not countries. */
const WORD_CODES = new Set(['and', 'are', 'can', 'per', 'col', 'dom', 'mar', 'pan', 'gum', 'arm', 'tun', 'est', 'lie', 'bra', 'mus', 'ben', 'gin', 'nor', 'fin', 'gab', 'cod', 'che', 'cub', 'sen', 'tur', 'lao', 'mac', 'bel', 'ton', 'tuv']);

/**
 * Time zones ("Remote (PST)", "GMT+1", "Eastern Time", "Central Time Zone"): not places, but where
 * the text names no place they say the area whose working hours the job keeps. Abbreviations in
 * capitals; names in any case.
 */
const TIME_ZONE =
  /\b(?:[ECMP][SD]T|CES?T|EES?T|WES?T|GMT|UTC|BST|AES?T|AED?T|JST|SGT|KST|HKT)(?:\s*[+\-−±]\s*\d{1,2}(?::?\d\d)?)?\b|\b(?:[Ee]astern|[Cc]entral|[Mm]ountain|[Pp]acific|ET|PT|CT|MT|CET)\s+(?:[Tt]ime|TZ|tz|[Hh]ours)(?:\s*[Zz]ones?)?\b/g;
/**
 * The area a time zone's hours belong to: North America's zones (Eastern, Central, Mountain,
 * Pacific: the US, Canada and Mexico keep them) → the region North America; Central, Eastern and
 * Western European time → Europe; zones of one country → that country. GMT and UTC (any offset)
 * say nothing.
 */
const ZONE_AREAS: readonly (readonly [RegExp, { region: string | null; country: string | null }])[] = [
  [/^(?:[ECMP][SD]T|ET|PT|CT|MT)\b|^(?:eastern|central|mountain|pacific)\b/i, { region: 'North America', country: null }],
  [/^(?:CES?T|EES?T|WES?T)\b/, { region: 'Europe', country: null }],
  [/^BST\b/, { region: null, country: 'GB' }],
  [/^AE[SD]T\b/, { region: null, country: 'AU' }],
  [/^JST\b/, { region: null, country: 'JP' }],
  [/^SGT\b/, { region: null, country: 'SG' }],
  [/^KST\b/, { region: null, country: 'KR' }],
  [/^HKT\b/, { region: null, country: 'HK' }],
];

/** The area of the first time zone a text names that has one, or null. */
const zoneArea = (text: string): { region: string | null; country: string | null } | null => {
  for (const zone of text.matchAll(TIME_ZONE)) {
    const area = ZONE_AREAS.find(([pattern]) => pattern.test(zone[0]))?.[1];
    if (area) return area;
  }
  return null;
};
/** A negated place ("non-U.S.", "outside the US", "excluding Germany") names where the job is not. */
const NEGATED = /\b(?:non|ex)[\s-]+[\p{L}.]+|\boutside(?:\s+of)?(?:\s+the)?\s+[\p{L}.]+|\b(?:excluding|except)\b.*$/giu;
/** Words that never name a place on their own, though GeoNames has villages of these names. */
const NOT_PLACES = new Set(['mobile', 'home', 'field', 'central', 'center', 'centre', 'union', 'of', 'metro', 'bay', 'valley', 'asia', 'america', 'canada', 'us', 'eu', 'uk', 'usa', 'apac', 'pacific', 'reading', 'split', 'nice', 'bath', 'hub', 'global', 'north', 'south', 'east', 'west', 'new', 'san', 'santa', 'none', 'multiple', 'various', 'tbd', 'flex']);
/** Words of team and function names, which unknown words containing them are ("Field Sales", "Customer Success"), never places. */
const TEAM_WORDS =
  /\b(?:sales|engineering|engineers?|marketing|support|teams?|operations|ops|product|design|customers?|success|recruiting|finance|legal|department|division|group|research|business|development|enterprise|commercial|services?|solutions|partners?|accounts?|staff|talent|people|hr|it|gtm|smb|mid[- ]market)\b/i;
/** Subdivision names that are ordinary words. */
const GENERIC_SUBDIVISION = /^(?:north|south|east|west|central|centre|center|northern|southern|eastern|western|capital|coast|island|islands|north east|north west|south east|south west|east coast|west coast|mountain|lakes|valley|plains|upper|lower|sea|bay|interior|highlands|border)$/;

interface Draft {
  /** Folded key and written text of the city-like part, when one was read. */
  cityKey: string | null;
  cityText: string | null;
  /** The name to show when the city came from an English alias ("Cologne"). */
  cityDisplay: string | null;
  nickname: KnownCity | null;
  region: string | null;
  country: string | null;
  /** A US state / Canadian province code (region) the text stated. */
  stated: boolean;
  /** The text named an area ("Global", "EMEA"): its country is not to be guessed from the rest. */
  area: boolean;
  /** A part read as a state, province or foreign region by its name, which may yet be a locality of the state that follows ("New Brunswick, NJ", "Long Island, New York"). */
  localityText: string | null;
}

const emptyDraft = (): Draft => ({ cityKey: null, cityText: null, cityDisplay: null, nickname: null, region: null, country: null, stated: false, area: false, localityText: null });

const hasCity = (draft: Draft): boolean => draft.cityKey !== null || draft.nickname !== null || draft.cityText !== null;

const weightOf = (city: GazetteerCity, hints: ReadonlySet<string>): number =>
  city.population * (COUNTRY_WEIGHT[city.country] ?? 1) * (hints.has(city.country) ? CONTEXT_WEIGHT : 1);

/** Abbreviated first words GeoNames spells out, and back ("St. Paul" → "Saint Paul", "Ft. Lauderdale" → "Fort Lauderdale"). */
const SPELLED_OUT: readonly [RegExp, string][] = [[/^st /, 'saint '], [/^saint /, 'st '], [/^ft /, 'fort '], [/^mt /, 'mount ']];

/** The cities a key stands for: the alias's GeoNames name, else the key itself (or its spelled-out form). */
const candidatesOf = (key: string): readonly GazetteerCity[] => {
  const alias = CITY_ALIASES.get(key);
  const cities = citiesNamed(alias ? foldKey(alias[1]) : key);
  if (cities.length > 0) return cities;
  for (const [short, long] of SPELLED_OUT) if (short.test(key)) return citiesNamed(key.replace(short, long));
  // "Hague", "Bronx": GeoNames keeps the article ("The Hague", "The Bronx"); the noise filter drops it.
  const withArticle = key.startsWith('the ') ? cities : citiesNamed(`the ${key}`);
  if (withArticle.length > 0) return withArticle;
  // "Makati", "Cebu": GeoNames keeps "City" in the names of some large cities ("Makati City"); a
  // smaller one is not read so ("Atlantic" is no Atlantic City).
  return key.endsWith(' city') ? cities : citiesNamed(`${key} city`).filter((city) => city.population >= MIN_NEW_PLACE_POPULATION);
};

/**
 * True when a first-level region of the same name is the likelier reading than this city: the
 * city is small (under 15,000 people), or it is no seat of government (GeoNames feature code
 * other than PPLC, PPLA, PPLA2) and weighs under a million (population × the board's country
 * weight, see `weightOf`) while the region is one of a country divided into at most 50 (states,
 * provinces: not Malta's 68 local councils or Slovenia's 212 municipalities, which are smaller
 * than towns): such a region holds more people than such a town ("Goa" is the
 * Indian state, not a town of 21,000 in the Philippines; "Bali" is Indonesia's province, not a
 * suburb of Kolkata), while a seat ("Salzburg", "Córdoba", "Santa Cruz, CA") or a large city
 * ("Aurora", Colorado) keeps its name.
 */
const outweighedByRegion = (city: GazetteerCity, hints: ReadonlySet<string>): boolean =>
  city.population < MIN_BARE_POPULATION || (!SEATS.has(city.featureCode) && weightOf(city, hints) < MIN_CITY_OVER_REGION_WEIGHT);

const bestOf = (cities: readonly GazetteerCity[], hints: ReadonlySet<string>): GazetteerCity | null => {
  let best: GazetteerCity | null = null;
  for (const city of cities) if (best === null || weightOf(city, hints) > weightOf(best, hints)) best = city;
  return best;
};

/** True when a city of the same name in another country weighs nearly as much as `best` ("Cambridge": England or Massachusetts). */
const closeCall = (best: GazetteerCity, cities: readonly GazetteerCity[], hints: ReadonlySet<string>): boolean =>
  cities.some((city) => city.country !== best.country && weightOf(city, hints) >= CLOSE_CALL * weightOf(best, hints));

/** The ISO alpha-2 a country name, alias or capitalised alpha-3 code means, or null. */
const countryOfText = (text: string, key: string): string | null => {
  const alias = COUNTRY_ALIASES.get(key);
  if (alias) return alias;
  if (key.length > 2) {
    const named = countryNamed(key);
    if (named) return named;
  }
  const bare = text.replace(/\./g, '');
  // "Aus", "Esp": an alpha-3 code in title case, unless it is an English word ("Can", "Per").
  if (/^[A-Z][a-z]{2}$/.test(bare) && !WORD_CODES.has(key)) return countryOfAlpha3(bare.toUpperCase());
  return bare === 'EST' ? null : countryOfAlpha3(bare);
};

const usOrCanada = (key: string) => subdivisionsNamed(key).find((subdivision) => subdivision.country === 'US' || subdivision.country === 'CA') ?? null;

/** How a two-letter code after a city reads, by which reading has a city of that name. */
const readCode = (draft: Draft, written: string): void => {
  const code = written === 'UK' ? 'GB' : written;
  const cities = draft.cityKey ? candidatesOf(draft.cityKey) : [];
  const readings: { country: string; region: string | null }[] = [];
  if (subdivisionByCode('US', code)) readings.push({ country: 'US', region: code });
  if (subdivisionByCode('CA', code)) readings.push({ country: 'CA', region: code });
  // An Australian state counts only where a city of that name is in it ("Perth, WA").
  if (cities.some((city) => australianStateOf(city) === code)) readings.push({ country: 'AU', region: code });
  if (isCountryCode(code)) readings.push({ country: code, region: null });
  const known = draft.nickname ? [draft.nickname.country] : [];
  let chosen: { country: string; region: string | null } | null = null;
  let chosenWeight = -1;
  for (const reading of readings) {
    const fits = known.length > 0
      ? (known[0] === reading.country ? [1] : [])
      : cities.filter((city) => city.country === reading.country && (reading.region === null || (subdivisionCodeOf(city) ?? australianStateOf(city)) === reading.region)).map((city) => weightOf(city, new Set()) + 1);
    const weight = fits.length > 0 ? Math.max(...fits) : -1;
    if (weight > chosenWeight) [chosen, chosenWeight] = [reading, weight];
  }
  // No city of that name in the state or country the code names, but one in a country whose own
  // region has that code ("Madrid, MD": ES-MD, Comunidad de Madrid; "Amsterdam, NH": NL-NH): that country.
  const countries = new Set(readings.map((reading) => reading.country));
  const local = chosen === null && known.length === 0 ? bestOf(cities.filter((city) => !countries.has(city.country) && subdivisionByCode(city.country, code) !== null), new Set()) : null;
  if (local) {
    draft.country = local.country;
    return;
  }
  // No city of that name anywhere: a US state, then a province, then a country ("Springfield, CA").
  // A city known elsewhere keeps its own country ("Bogotá D.C., Colombia" is not Washington's DC).
  if (chosen === null && (known.length > 0 || (cities.length > 0 && !cities.some((city) => countries.has(city.country))))) return;
  chosen ??= readings[0] ?? null;
  if (code === 'CA' && chosen?.country === 'CA' && draft.cityKey === null && draft.nickname === null) chosen = { country: 'CA', region: null };
  if (!chosen) return;
  draft.country = chosen.country;
  if (chosen.region) {
    draft.region = chosen.region;
    draft.stated = true;
  }
};

/** Reads one comma part into the draft; returns false when the part is a new city that needs its own place. */
const readPart = (draft: Draft, raw: string, first: boolean, qualifier: boolean, hints: ReadonlySet<string>): boolean => {
  const part = raw.trim();
  if (!part) return true;
  // A street address or a postal code before the place: the place is what follows, if anything.
  if (/^\d/.test(part)) {
    const rest = STREET.exec(part)?.[1] ?? LEADING_POSTCODE.exec(part)?.[1];
    return rest ? readPart(draft, rest, first, qualifier, hints) : true;
  }
  const key = foldKey(part);
  if (!key) return true;
  const bare = part.replace(/\./g, '');

  // "New Brunswick, NJ", "Long Island, New York": a US state or Canadian province after a part
  // read as another state or region makes that part a locality of this state.
  if (!first && draft.localityText !== null && !hasCity(draft)) {
    const state = /^[A-Z]{2}$/.test(bare) ? (subdivisionByCode('US', bare) ?? subdivisionByCode('CA', bare)) : usOrCanada(key);
    const localityKey = foldKey(draft.localityText);
    const inState = state !== null && candidatesOf(localityKey).some((city) => city.country === state.country && subdivisionCodeOf(city) === state.code);
    // "British Columbia, CA": a code that is also the country already read adds nothing, unless the state has a city of that name ("Ontario, CA").
    if (state && state.code !== draft.region && (inState || bare !== draft.country)) {
      Object.assign(draft, { cityKey: inState ? localityKey : null, cityText: draft.localityText, region: state.code, country: state.country, stated: true, localityText: null });
      return true;
    }
  }

  // Two-letter codes after a city: state, province or country, by the cities of that name.
  const isCode = /^[A-Z]{2}$/.test(bare) && (isCountryCode(bare) || bare === 'UK' || subdivisionByCode('US', bare) !== null || subdivisionByCode('CA', bare) !== null);
  if (!first && isCode && bare !== 'NY' && hasCity(draft)) {
    readCode(draft, bare);
    return true;
  }
  // After words we could not read ("Research Triangle Park, NC"): a US state first, then a country.
  if (!first && /^[A-Z]{2}$/.test(bare)) {
    if (subdivisionByCode('US', bare) && (draft.country === null || draft.country === 'US')) {
      draft.region ??= bare;
      draft.stated = true;
      draft.country ??= 'US';
      return true;
    }
    if (isCountryCode(bare) || bare === 'UK') {
      const code = bare === 'UK' ? 'GB' : bare;
      // "Germany, Netherlands, UK": another country is another place.
      if (draft.country !== null && draft.country !== code && !hasCity(draft)) return false;
      draft.country ??= code;
      return true;
    }
  }
  const nickname = NICKNAMES.get(key);
  const nicknameHere = nickname && (first || !['ny', 'la', 'new york', 'washington dc', 'dc'].includes(key) || !hasCity(draft));
  if (nickname && nicknameHere) {
    if (hasCity(draft) && !qualifier) return false;
    if (!hasCity(draft)) draft.nickname = nickname;
    return true;
  }
  const region = regionNamed(key);
  if (region) {
    if (hasCity(draft)) return true;
    draft.area = true;
    // "Worldwide (EMEA)": a narrower region replaces the whole world.
    draft.region = draft.region === null || draft.region === WORLDWIDE_REGION ? region : draft.region;
    return true;
  }
  if (US_AREAS.has(key)) {
    if (hasCity(draft)) return true;
    draft.region ??= US_AREAS.get(key) ?? null;
    draft.country ??= 'US';
    draft.area = draft.region !== null;
    return true;
  }
  const state = usOrCanada(key);
  const country = countryOfText(part, key) ?? (first && /^[A-Z]{2}$/.test(bare) ? (bare === 'UK' ? 'GB' : isCountryCode(bare) ? bare : null) : null);
  // "Georgia": the US state unless the city or the context says the country.
  if (state && country) {
    const cityInState = draft.cityKey !== null && candidatesOf(draft.cityKey).some((city) => city.country === state.country && subdivisionCodeOf(city) === state.code);
    const cityInCountry = draft.cityKey !== null && candidatesOf(draft.cityKey).some((city) => city.country === country);
    const useCountry = cityInCountry && !cityInState ? true : cityInState ? false : hints.has(country) && !hints.has(state.country);
    if (useCountry) draft.country ??= country;
    else {
      draft.region ??= state.code;
      draft.stated = true;
      draft.country ??= state.country;
    }
    return true;
  }
  if (country) {
    // "Remote (Spain, Portugal)": a second country is a second place.
    if (draft.country !== null && draft.country !== country && (!qualifier || !hasCity(draft)) && (draft.cityKey === null || !candidatesOf(draft.cityKey).some((city) => city.country === country))) return false;
    if (first && CITY_STATES.has(country) && !hasCity(draft)) draft.cityKey = foldKey(citiesNamed(key).find((city) => city.country === country)?.name ?? '') || null;
    draft.country ??= country;
    return true;
  }
  if (state) {
    const cityThere = draft.cityKey === null || candidatesOf(draft.cityKey).some((city) => city.country === state.country && subdivisionCodeOf(city) === state.code);
    if (hasCity(draft) && !cityThere && !qualifier && (nickname || (candidatesOf(key)[0]?.population ?? 0) >= MIN_NEW_PLACE_POPULATION)) return false;
    if (first && !hasCity(draft)) draft.localityText = part;
    draft.region ??= state.code;
    draft.stated = true;
    draft.country ??= state.country;
    return true;
  }
  const alias = CITY_ALIASES.get(key);
  const cities = NOT_PLACES.has(key) ? [] : candidatesOf(key);
  // "Jalisco", "Lombardia", "Gelderland", "Goa", "Bali": a region whose name only towns it outweighs share is the region.
  const regionFirst = !GENERIC_SUBDIVISION.test(key) && regionLength(part, key) && subdivisionsNamed(key).some((subdivision) => subdivisionCount(subdivision.country) <= MAX_LARGE_REGIONS) && cities.every((city) => outweighedByRegion(city, hints));
  if (cities.length > 0 && !regionFirst) {
    // "Isreal Office - ..., Tel Aviv-Yafo": words we could not read give way to a real city.
    if (draft.cityKey === null && draft.nickname === null && draft.cityText !== null) draft.cityText = null;
    if (hasCity(draft)) {
      const big = (cities[0]?.population ?? 0) >= MIN_NEW_PLACE_POPULATION;
      if (big && !qualifier) return false;
      if (draft.region === null && !qualifier) draft.region = alias?.[0] ?? part;
      return true;
    }
    draft.cityKey = key;
    draft.cityText = part;
    draft.cityDisplay = alias?.[0] ?? null;
    return true;
  }
  const subdivisions = GENERIC_SUBDIVISION.test(key) || !regionLength(part, key) ? [] : subdivisionsNamed(key);
  if (subdivisions.length > 0) {
    const inCountry = subdivisions.find((subdivision) => subdivision.country === draft.country || hints.has(subdivision.country));
    const only = new Set(subdivisions.map((subdivision) => subdivision.country)).size === 1 ? subdivisions[0] : undefined;
    const chosen = inCountry ?? only;
    if (first && !hasCity(draft) && draft.region === null) draft.localityText = part;
    if (draft.region === null) draft.region = part;
    if (chosen) draft.country ??= chosen.country;
    return true;
  }
  // "Raleigh-Durham", "Dallas-Fort Worth": two cities of one area; the first names the place.
  // "India-Karnataka", "Berlin-Süd", "Munich-Schwabing": a known place and what narrows it.
  const pieces = part.split(/\s*[-–—]\s*/).filter((piece) => piece !== '');
  const lead = pieces.length >= 2 && (first || !hasCity(draft)) ? pieces.findIndex((piece) => isKnown(piece)) : -1;
  if (lead >= 0) {
    const fresh = readPart(draft, pieces[lead] ?? '', first, qualifier, hints);
    if (!fresh) return false;
    pieces.forEach((piece, index) => index !== lead && readPart(draft, piece, false, true, hints));
    return true;
  }
  // "Austin TX", "Berlin Germany", "US West Coast": a part made of two known parts.
  const words = part.split(/\s+/);
  for (let cut = words.length - 1; cut >= 1 && words.length <= 6; cut -= 1) {
    const head = words.slice(0, cut).join(' ');
    const tail = words.slice(cut).join(' ');
    if (isKnown(head) && isKnown(tail)) {
      const fresh = readPart(draft, head, first, qualifier, hints);
      if (!fresh) return false;
      readPart(draft, tail, false, true, hints);
      return true;
    }
  }
  if (VENUE.test(part) || !HAS_LETTER.test(part)) return true;
  const numbered = TRAILING_POSTCODE.exec(part)?.[1];
  if (numbered) return readPart(draft, numbered, first, qualifier, hints);
  if (/\d/.test(part)) return true;
  // "Must be in US", "US East": the longest end or start of the words that names something; not
  // in the name of a county or district, which GeoNames lacks ("Marin County" is no Marín, Spain).
  const division = /\s(?:county|parish|borough|district|township|municipality)$/i.test(part);
  for (let size = Math.min(words.length - 1, 3); size >= 1 && words.length <= 6 && !hasCity(draft) && !division; size -= 1) {
    const tail = words.slice(-size).join(' ');
    if (isKnown(tail) && !rareCode(tail)) return readPart(draft, tail, first, qualifier, hints);
    const head = words.slice(0, size).join(' ');
    if (isKnown(head) && !rareCode(head)) return readPart(draft, head, first, qualifier, hints);
  }
  // "SLC": the initials of one large city; "United Kingdon", "Pennsylvnia", "Amsterdm": one edit from one name.
  const initials = /^[A-Z]{3,5}$/.test(bare) ? cityOfInitials(bare) : null;
  if (initials) return readPart(draft, initials, first, qualifier, hints);
  // Only names: a capitalised part ("Manilla"), never a word of a sentence ("working").
  const near = words.length <= 4 && STARTS_CAPITAL.test(part) ? nearestName(key) : null;
  // After a city a misspelled part only narrows it ("Hangzhou, Zhejiang" is not a second city, Zhenjiang).
  if (near) return readPart(draft, near.name, first, qualifier || hasCity(draft), hints);
  // Unknown words: a city when nothing named one yet and it looks like a name, else a region as written;
  // never a team or a function ("Field Sales - Texas", "Customer Success, EMEA").
  if (words.length > 4 || /^[A-Z]{2,5}$/.test(bare) || !STARTS_CAPITAL.test(part) || TEAM_WORDS.test(part) || NOT_PLACES.has(key)) return true;
  if (!hasCity(draft) && draft.region === null && draft.country === null && !draft.area) draft.cityText = part;
  else if (draft.region === null && !qualifier && !draft.area) draft.region = part;
  return true;
};

/** Long enough to be a region's name: four letters, or three in title case ("Goa"; "ACT", "Can" are codes or words). */
const regionLength = (part: string, key: string): boolean => key.length >= 4 || (key.length === 3 && CAPITALISED_THREE.test(part) && !WORD_CODES.has(key));

/** A two-letter code other than US or UK: among other words it is more likely an abbreviation ("Agentic AI") than a place. */
const rareCode = (text: string): boolean => /^[A-Z]{2}$/.test(text) && text !== 'US' && text !== 'UK';

/** True when a phrase names something by itself: a code, country, region, state or city of note. */
const isKnown = (text: string): boolean => {
  const key = foldKey(text);
  const bare = text.replace(/\./g, '');
  if (!key) return false;
  if (/^[A-Z]{2}$/.test(bare)) return isCountryCode(bare) || subdivisionByCode('US', bare) !== null || subdivisionByCode('CA', bare) !== null || bare === 'UK';
  if (NICKNAMES.has(key) || regionNamed(key) || US_AREAS.has(key) || countryOfText(text, key) || usOrCanada(key)) return true;
  return !NOT_PLACES.has(key) && (candidatesOf(key)[0]?.population ?? 0) >= MIN_BARE_POPULATION;
};

/** A settled draft: the city chosen among its candidates, its gaps filled. */
const settle = (draft: Draft, workplace: ParsedWorkplace, hints: ReadonlySet<string>): ParsedPlace => {
  // "Anywhere (US)": a country or city narrows the whole world to itself.
  if (draft.region === WORLDWIDE_REGION && (draft.country !== null || hasCity(draft))) draft = { ...draft, region: null };
  const { nickname } = draft;
  if (nickname && (draft.country === null || draft.country === nickname.country)) {
    return { city: nickname.city, region: draft.stated ? draft.region : (nickname.region ?? draft.region), country: nickname.country, workplace };
  }
  if (draft.cityKey !== null) {
    const all = candidatesOf(draft.cityKey);
    const fitting = all.filter(
      (city) => (draft.country === null || city.country === draft.country) && (!draft.stated || draft.region === null || subdivisionCodeOf(city) === draft.region),
    );
    const best = bestOf(fitting, hints);
    const trusted = best !== null && (draft.country !== null || hints.has(best.country) || (best.population >= MIN_BARE_POPULATION && !closeCall(best, fitting, hints)));
    if (best && trusted) {
      const region = draft.stated ? draft.region : (subdivisionCodeOf(best) ?? draft.region);
      return { city: draft.cityDisplay ?? best.name, region, country: best.country, workplace };
    }
    // A small town nothing places ("Manilla", 2,500 people in New South Wales) one edit from a city of note reads as that city.
    const small = all.every((city) => city.population < MIN_BARE_POPULATION);
    const near = small && draft.country === null && draft.region === null && STARTS_CAPITAL.test(draft.cityText ?? '') ? nearestName(draft.cityKey) : null;
    const city = near?.kind === 'city' ? bestOf(citiesNamed(foldKey(near.name)), hints) : null;
    if (city) return { city: city.name, region: subdivisionCodeOf(city), country: city.country, workplace };
  }
  return { city: draft.cityDisplay ?? draft.cityText, region: draft.region, country: draft.country, workplace };
};

const workplaceOf = (text: string): ParsedWorkplace => {
  if (HYBRID.test(text)) return 'hybrid';
  if (REMOTE.test(text)) return 'remote';
  if (ONSITE.test(text)) return 'onsite';
  return 'unknown';
};

interface Found {
  draft: Draft;
  workplace: ParsedWorkplace;
}

/** Parts of one alternative ("San Francisco, CA (Hybrid)"): "(US)" and " - UK" become parts; parenthesised parts only qualify the place before them. */
const partsOf = (segment: string): { text: string; qualifier: boolean }[] => {
  const parts: { text: string; qualifier: boolean }[] = [];
  for (const piece of segment.split(/(\([^()]*\)?)/)) {
    const qualifier = piece.startsWith('(');
    const inner = qualifier ? piece.replace(/^\(|\)$/g, '') : piece;
    for (const dashPart of inner.split(/\s+[-–—]\s+|\s*[-–—]\s*(?=remote\b)|(?<=\bremote)\s*[-–—:]\s*|\s*:\s+/i)) {
      for (const commaPart of dashPart.split(',')) {
        const cleaned = commaPart
          .replace(IN_OFFICE_DAYS, (whole: string) => withoutOfficeDays(whole))
          .replace(NOISE, ' ')
          .replace(NOISE, ' ')
          .replace(/[()*[\]"“”]/g, ' ')
          .replace(/^[\s\-–—•.:]+|[\s\-–—•.:]+$/g, '')
          .replace(/\s+/g, ' ');
        if (cleaned) parts.push({ text: cleaned, qualifier });
      }
    }
  }
  return parts;
};

/** The drafts of one alternative. */
const draftsOf = (text: string, hints: ReadonlySet<string>): Found[] => {
  const workplace = workplaceOf(text);
  const segment = withoutOfficeDays(text);
  const found: Found[] = [];
  let draft = emptyDraft();
  let first = true;
  for (const part of partsOf(segment)) {
    if (!readPart(draft, part.text, first, part.qualifier, hints)) {
      found.push({ draft, workplace });
      draft = emptyDraft();
      readPart(draft, part.text, true, part.qualifier, hints);
    }
    first = false;
  }
  found.push({ draft, workplace });
  return found.filter((entry, at) => !neighbourhoodOf(entry.draft, found[at + 1]?.draft, hints));
};

/**
 * True when `earlier` is only a neighbourhood of the confident city `later` that follows it in
 * one comma list ("SoMa, San Francisco", "Midtown, NYC"): `earlier` is a GeoNames name of
 * towns under 100,000 people that nothing else places, none of them in the later city's
 * country (and state, where known), while `later` is a nickname or a city of 100,000+. Such a
 * part is dropped rather than placed abroad (Soma, Turkey; Midtown, Tennessee).
 */
const neighbourhoodOf = (earlier: Draft, later: Draft | undefined, hints: ReadonlySet<string>): boolean => {
  if (!later || earlier.cityKey === null || earlier.nickname !== null || earlier.country !== null || earlier.region !== null) return false;
  const towns = candidatesOf(earlier.cityKey);
  if (towns.length === 0 || towns.some((town) => town.population >= MIN_NEW_PLACE_POPULATION)) return false;
  const city = later.nickname ? null : later.cityKey !== null ? bestOf(candidatesOf(later.cityKey), hints) : null;
  if (!later.nickname && (city === null || city.population < MIN_NEW_PLACE_POPULATION)) return false;
  const country = later.nickname?.country ?? later.country ?? city?.country ?? null;
  const region = later.nickname?.region ?? (later.stated ? later.region : null) ?? (city ? subdivisionCodeOf(city) : null);
  return !towns.some((town) => town.country === country && (region === null || subdivisionCodeOf(town) === null || subdivisionCodeOf(town) === region));
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

const isEmpty = (place: ParsedPlace): boolean => place.city === null && place.region === null && place.country === null;

/** Countries the drafts state outright (a country, a state), before any city is chosen. */
const statedCountries = (found: readonly Found[]): string[] => found.map(({ draft }) => draft.country ?? draft.nickname?.country ?? null).filter((country) => country !== null);

/** Flag emoji: each two regional indicator symbols spelling an ISO 3166-1 alpha-2 code (or EU's); several in a row. */
const FLAGS = /(?:\p{RI}\p{RI})+/gu;
/** Globe emoji: the whole world. */
const GLOBE = /[\u{1F30D}-\u{1F310}]/gu;
const REGIONAL_INDICATOR_A = 0x1f1e6;

/** "🇺🇸" → " United States of America ", "🇺🇸🇨🇦" → "... / Canada ", "🇪🇺" → " European Union ", "🌍" → " Worldwide ": the countries flags spell (current codes, and the EU), by name, as words of the text (a name: "CA" beside "US" would read as California). */
const flagsAsWords = (text: string): string =>
  text
    .replace(FLAGS, (flags) => {
      const letters = [...flags].map((letter) => String.fromCharCode(65 + (letter.codePointAt(0) ?? 0) - REGIONAL_INDICATOR_A));
      const codes = letters.flatMap((letter, at) => (at % 2 === 0 ? [letter + (letters[at + 1] ?? '')] : []));
      const names = codes.map((code) => (code === 'EU' ? 'European Union' : nameOfCountry(code))).filter((name) => name !== null);
      return ` ${names.join(' / ')} `;
    })
    .replace(GLOBE, ' Worldwide ');

const parse = (text: string, context: LocationContext | undefined): ParsedPlace[] => {
  const clean = flagsAsWords(text.slice(0, MAX_INPUT))
    .replace(CONTROLS, ' ')
    .replace(SCHEDULE, ' ')
    .replace(/\bWashington,?\s*D\.?\s?C\.?/gi, 'Washington DC')
    .replace(/\b(home|field)\s*[-–—]\s*based\b/gi, '$1-based')
    .replace(GLUED_WORKPLACE, '$1 ')
    .replace(US_ZIP, (zip, state: string) => (subdivisionByCode('US', state) ? `${state}, United States` : zip))
    .replace(CA_POSTCODE, ', Canada')
    .replace(UK_POSTCODE, ', United Kingdom')
    .replace(TIME_ZONE, ' ')
    .replace(NEGATED, ' ')
    .trim();
  const zone = zoneArea(text.slice(0, MAX_INPUT));
  if (!clean) return text.trim() ? [{ city: null, ...(zone ?? { region: null, country: null }), workplace: workplaceOf(text) }] : [];
  const given = new Set((context?.countries ?? []).map((code) => code.toUpperCase()));
  const wholeKey = foldKey(clean);
  const wholeCountry = countryNamed(wholeKey);
  if (wholeCountry && !CITY_STATES.has(wholeCountry) && !usOrCanada(wholeKey)) return [{ city: null, region: null, country: wholeCountry, workplace: workplaceOf(clean) }];
  const whole = wholeCountry ?? subdivisionsNamed(wholeKey)[0] ?? null;
  const segments = whole ? [clean] : alternativesOf(clean);
  // First reading: which countries the text states; second: cities chosen with them as hints.
  const firstRead = segments.flatMap((segment) => draftsOf(segment, given));
  const hints = new Set([...given, ...statedCountries(firstRead)]);
  const drafts = segments.flatMap((segment) => draftsOf(segment, hints));
  const settledOnce = drafts.map(({ draft, workplace }) => settle(draft, workplace, hints));
  const allHints = new Set([...hints, ...settledOnce.map((place) => place.country).filter((country) => country !== null)]);
  const places: { place: ParsedPlace; fillable: boolean }[] = [];
  drafts.forEach(({ draft, workplace }) => {
    const place = settle(draft, workplace, allHints);
    const fillable = !draft.area && place.region === null && place.country === null && place.city === null;
    // "SF Bay Area/Hybrid": an alternative that is only "hybrid" or "onsite" says how the place before it works.
    const previous = places.at(-1);
    if (isEmpty(place) && !draft.area) {
      if (previous && place.workplace !== 'remote') {
        if (previous.place.workplace === 'unknown') previous.place = { ...previous.place, workplace: place.workplace };
        return;
      }
      if (places.some((entry) => entry.place.workplace === place.workplace)) return;
    }
    places.push({ place, fillable });
  });
  // A place that names no country takes the only one the rest of the text names.
  const named = [...new Set(places.map(({ place }) => place.country).filter((country) => country !== null))];
  let filled = places.map(({ place, fillable }) => (fillable && named.length === 1 ? { ...place, country: named[0] ?? null } : place));
  // "US/Canada Remote", "LATAM / Remote": where no alternative names a city, "remote" said of one says how all of them work.
  if (filled.every((place) => place.city === null) && filled.some((place) => place.workplace === 'remote')) {
    const placed = filled.some((place) => !isEmpty(place));
    filled = filled.flatMap((place) => (placed && isEmpty(place) ? [] : [{ ...place, workplace: place.workplace === 'unknown' ? 'remote' : place.workplace }]));
  }
  // "Remote (PST)", "CET ± 2h": a text that names nothing but a time zone is placed in the zone's area.
  if (zone && filled.every(isEmpty)) filled = filled.map((place) => ({ ...place, ...zone }));
  const meaningful = filled.filter((place) => !isEmpty(place) || filled.length === 1 || place.workplace === 'remote');
  const unique = meaningful.filter((place, index) => meaningful.findIndex((other) => same(other, place)) === index);
  return unique.length > 0 ? unique : [{ city: null, region: null, country: null, workplace: workplaceOf(clean) }];
};

const MEMO_LIMIT = 20_000;
const memo = new Map<string, ParsedPlace[]>();

/**
 * The places named by a free-text job location; [] for blank text. `context` adds structured
 * hints (see `LocationContext`); the text alone already gives the best reading it can. Never throws.
 */
export const parseLocation = (text: string, context?: LocationContext): ParsedPlace[] => {
  try {
    if (typeof text !== 'string') return [];
    const memoKey = context?.countries?.length ? `${context.countries.join(',')}\u0000${text}` : text;
    const known = memo.get(memoKey);
    if (known) return known.map((place) => ({ ...place }));
    const places = parse(text, context);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(memoKey, places);
    return places.map((place) => ({ ...place }));
  } catch {
    return [{ city: null, region: null, country: null, workplace: 'unknown' }];
  }
};
