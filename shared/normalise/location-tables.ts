/**
 * Small, hand-kept geography tables for `parseLocation` (shared/normalise/location.ts).
 *
 * Country names and codes come from the `i18n-iso-countries` library; these tables hold
 * only what it does not: US states and Canadian provinces (ISO 3166-2 subdivision codes,
 * without the country prefix), the cities that employers name without a country, the
 * nicknames people write (NYC, SF, Bay Area), and multi-country areas (EMEA, APAC...).
 *
 * Keep them small: a city belongs here only when job postings name it without its country
 * (most entries are the cities seen in stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json,
 * plus a few large tech hubs). An unknown city still parses: it keeps its text and gets its
 * country from the rest of the string ("Cambridge, MA" → US) or none.
 */

/** US states and DC: postal code → name (ISO 3166-2:US without "US-"). */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia',
  WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

/** Canadian provinces and territories: postal code → name (ISO 3166-2:CA without "CA-"). */
export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
  QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

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
const BENGALURU = city('Bengaluru', null, 'IN');
const TEL_AVIV = city('Tel Aviv', null, 'IL');

/**
 * Cities and their nicknames, keyed by lower-case text without dots.
 * 'ny' is here for "SF / NY": as a region after a city ("New York, NY") it is read as the state first.
 */
export const KNOWN_CITIES: ReadonlyMap<string, KnownCity> = new Map<string, KnownCity>([
  ['san francisco', SAN_FRANCISCO], ['sf', SAN_FRANCISCO], ['san fran', SAN_FRANCISCO],
  ['bay area', BAY_AREA], ['sf bay area', BAY_AREA], ['san francisco bay area', BAY_AREA],
  ['new york', NEW_YORK], ['new york city', NEW_YORK], ['nyc', NEW_YORK], ['ny', NEW_YORK],
  ['washington dc', WASHINGTON_DC], ['dc', WASHINGTON_DC],
  ['palo alto', city('Palo Alto', 'CA', 'US')], ['redwood city', city('Redwood City', 'CA', 'US')],
  ['foster city', city('Foster City', 'CA', 'US')], ['menlo park', city('Menlo Park', 'CA', 'US')],
  ['mountain view', city('Mountain View', 'CA', 'US')], ['san jose', city('San Jose', 'CA', 'US')],
  ['los angeles', city('Los Angeles', 'CA', 'US')], ['san diego', city('San Diego', 'CA', 'US')],
  ['seattle', city('Seattle', 'WA', 'US')], ['bellevue', city('Bellevue', 'WA', 'US')],
  ['boston', city('Boston', 'MA', 'US')], ['austin', city('Austin', 'TX', 'US')],
  ['dallas', city('Dallas', 'TX', 'US')], ['atlanta', city('Atlanta', 'GA', 'US')],
  ['chicago', city('Chicago', 'IL', 'US')], ['denver', city('Denver', 'CO', 'US')],
  ['columbus', city('Columbus', 'OH', 'US')], ['kansas city', city('Kansas City', 'MO', 'US')],
  ['minneapolis', city('Minneapolis', 'MN', 'US')], ['miami', city('Miami', 'FL', 'US')],
  ['toronto', city('Toronto', 'ON', 'CA')], ['ottawa', city('Ottawa', 'ON', 'CA')],
  ['montreal', city('Montreal', 'QC', 'CA')], ['montréal', city('Montreal', 'QC', 'CA')],
  ['vancouver', city('Vancouver', 'BC', 'CA')], ['calgary', city('Calgary', 'AB', 'CA')],
  ['london', city('London', null, 'GB')], ['edinburgh', city('Edinburgh', null, 'GB')],
  ['dublin', city('Dublin', null, 'IE')], ['paris', city('Paris', null, 'FR')],
  ['berlin', city('Berlin', null, 'DE')], ['munich', city('Munich', null, 'DE')], ['münchen', city('Munich', null, 'DE')],
  ['hamburg', city('Hamburg', null, 'DE')], ['cologne', city('Cologne', null, 'DE')],
  ['heidelberg', city('Heidelberg', null, 'DE')], ['amsterdam', city('Amsterdam', null, 'NL')],
  ['madrid', city('Madrid', null, 'ES')], ['barcelona', city('Barcelona', null, 'ES')],
  ['lisbon', city('Lisbon', null, 'PT')], ['zurich', city('Zurich', null, 'CH')], ['zürich', city('Zurich', null, 'CH')],
  ['stockholm', city('Stockholm', null, 'SE')], ['copenhagen', city('Copenhagen', null, 'DK')],
  ['warsaw', city('Warsaw', null, 'PL')], ['krakow', city('Krakow', null, 'PL')],
  ['sofia', city('Sofia', null, 'BG')], ['athens', city('Athens', null, 'GR')],
  ['tel aviv', TEL_AVIV], ['tel aviv-yafo', TEL_AVIV],
  ['dubai', city('Dubai', null, 'AE')], ['riyadh', city('Riyadh', null, 'SA')],
  ['bengaluru', BENGALURU], ['bangalore', BENGALURU], ['hyderabad', city('Hyderabad', null, 'IN')],
  ['singapore', city('Singapore', null, 'SG')], ['tokyo', city('Tokyo', null, 'JP')],
  ['seoul', city('Seoul', null, 'KR')], ['sydney', city('Sydney', null, 'AU')],
]);

/** Country names the library does not know, keyed like KNOWN_CITIES → ISO 3166-1 alpha-2. */
export const COUNTRY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['uk', 'GB'], ['england', 'GB'], ['scotland', 'GB'], ['wales', 'GB'], ['uae', 'AE'],
  ['korea', 'KR'], ['bosnia', 'BA'], ['moldova', 'MD'], ['holland', 'NL'], ['usa', 'US'],
]);

/**
 * Areas larger than a country, keyed like KNOWN_CITIES → the name we keep in `region`
 * (with `country` the code when the area lies in one country). `null` means "anywhere".
 */
export const AREAS: ReadonlyMap<string, { region: string | null; country: string | null }> = new Map([
  ['emea', { region: 'EMEA', country: null }], ['apac', { region: 'APAC', country: null }],
  ['amer', { region: 'Americas', country: null }], ['americas', { region: 'Americas', country: null }],
  ['latam', { region: 'LATAM', country: null }], ['eu', { region: 'Europe', country: null }],
  ['europe', { region: 'Europe', country: null }], ['european union', { region: 'Europe', country: null }],
  ['east coast', { region: 'East Coast', country: 'US' }], ['west coast', { region: 'West Coast', country: 'US' }],
  ['global', { region: null, country: null }], ['worldwide', { region: null, country: null }],
  ['anywhere', { region: null, country: null }],
]);
