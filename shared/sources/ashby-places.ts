// The library without the 80 locales its main entry registers (about 160 KB gzipped per Lambda bundle); English is registered below.
import countries from 'i18n-iso-countries/index';
import english from 'i18n-iso-countries/langs/en.json';
import type { Place } from '../jobs/job';
import { parseLocation, type LocationContext, type ParsedPlace } from '../normalise/location';
import { WORLDWIDE_REGION } from '../normalise/regions';

/**
 * The places of an Ashby posting: its primary `location` + `address` and every
 * `secondaryLocations[]` entry, as `Place`s, de-duplicated by label, in posting order.
 *
 * For each location: a structured `address.postalAddress` with a locality is read
 * ("addressLocality, addressRegion, addressCountry" through `parseLocation`; localities and
 * regions listed in parallel are paired by position, `pairedAddresses`; `parseLocation` turns
 * country names into ISO 3166-1 alpha-2, US states and Canadian provinces into postal codes,
 * and "New York City"/"NYC" into "New York"); without a locality the location text is read
 * and the address's country fills a missing country ("Remote" + United States → Remote (US)),
 * except for texts that say anywhere ("Global Remote"). Every text is read with the posting's
 * structured countries as context (`parseLocation`'s `context.countries`), so "Cambridge" beside
 * a United Kingdom address is the English one.
 *
 * Labels, short and the same for the same place:
 * - with a city: "San Francisco, CA, US" (state/province code for US and Canada only), "London, GB";
 * - remote without a city: "Remote", "Remote (US)", "Remote (EMEA)", "Remote (Worldwide)" for texts that say anywhere
 *   (their region is ./regions.ts's Worldwide, so that a job open to everyone has a place);
 * - a country only: its English name ("Germany", "United States"); an area only: "Europe";
 * - nothing recognisable: the text as written, trimmed ("Global").
 */

countries.registerLocale(english);

const SHORT_NAMES: Readonly<Record<string, string>> = { US: 'United States', GB: 'United Kingdom', KR: 'South Korea', MD: 'Moldova' };

const countryName = (code: string): string => SHORT_NAMES[code] ?? countries.getName(code, 'en') ?? code;

const ANYWHERE = /\b(?:global|worldwide|anywhere)\b/i;

export interface AshbyPostalAddress {
  addressLocality?: string | null;
  addressRegion?: string | null;
  addressCountry?: string | null;
}

/** One Ashby location: its text and its structured address, either possibly missing. */
export interface AshbyLocation {
  text: string | null;
  postalAddress: AshbyPostalAddress | null;
}

const clean = (value: string | null | undefined): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

const labelOf = (place: ParsedPlace): string | null => {
  const { city, region, country } = place;
  if (city) {
    const code = (country === 'US' || country === 'CA') && region && /^[A-Z]{2}$/.test(region) ? region : null;
    return [city, code, country].filter(Boolean).join(', ');
  }
  // Open to anyone anywhere ("Global"): remote work, whatever the text said of the arrangement.
  if (region === WORLDWIDE_REGION && !country) return 'Remote (Worldwide)';
  if (place.workplace === 'remote') {
    const where = country ?? region;
    return where ? `Remote (${where})` : 'Remote';
  }
  if (country) return countryName(country);
  return region ?? null;
};

const toPlace = (parsed: ParsedPlace, fallbackLabel: string): Place | null => {
  const own = labelOf(parsed);
  // "Global Remote", "Remote - Anywhere": say so, for remote eligibility and for people.
  const anywhere = own === 'Remote' && ANYWHERE.test(fallbackLabel);
  const label = anywhere ? 'Remote (Worldwide)' : (own ?? (fallbackLabel || null));
  if (!label) return null;
  return { city: parsed.city, region: anywhere ? WORLDWIDE_REGION : parsed.region, country: parsed.country, label };
};

/** The posting's structured countries (ISO alpha-2), the context every one of its texts is read in. */
const structuredCountries = (locations: readonly AshbyLocation[]): string[] =>
  locations.flatMap(({ postalAddress }) => {
    const country = clean(postalAddress?.addressCountry);
    return country ? (parseLocation(country)[0]?.country ?? []) : [];
  });

/**
 * Localities and regions a source lists in parallel, paired by position: Lambda's address
 * `addressLocality: "San Francisco, Seattle"` with `addressRegion: "California, Washington"` →
 * [San Francisco, California], [Seattle, Washington]. Lists of unequal length stay one address.
 */
const pairedAddresses = (locality: string, region: string): [string, string][] => {
  const localities = locality.split(/\s*[,;|]\s*/).filter(Boolean);
  const regions = region.split(/\s*[,;|]\s*/).filter(Boolean);
  return localities.length > 1 && localities.length === regions.length ? localities.map((one, index) => [one, regions[index] ?? '']) : [[locality, region]];
};

const placesOfLocation = ({ text, postalAddress }: AshbyLocation, context: LocationContext): Place[] => {
  const locationText = clean(text);
  const locality = clean(postalAddress?.addressLocality);
  const region = clean(postalAddress?.addressRegion);
  const countryText = clean(postalAddress?.addressCountry);

  if (locality) {
    const parsed = pairedAddresses(locality, region).flatMap(([oneLocality, oneRegion]) => parseLocation([oneLocality, oneRegion, countryText].filter(Boolean).join(', '), context));
    return parsed.map((place) => toPlace(place, locationText)).filter((place): place is Place => place !== null);
  }
  const addressCountry = countryText ? (parseLocation(countryText)[0]?.country ?? null) : null;
  const parsed = parseLocation(locationText || countryText, addressCountry ? { countries: [addressCountry] } : context);
  const places = parsed.map((place) =>
    place.country === null && place.region === null && addressCountry && !ANYWHERE.test(locationText) ? { ...place, country: addressCountry } : place,
  );
  return places.map((place) => toPlace(place, locationText)).filter((place): place is Place => place !== null);
};

/** The places of all of a posting's locations, de-duplicated by label, in order. Never throws. */
export const ashbyPlaces = (locations: readonly AshbyLocation[]): Place[] => {
  const byLabel = new Map<string, Place>();
  const context = { countries: structuredCountries(locations) };
  for (const location of locations) {
    for (const place of placesOfLocation(location, context)) if (!byLabel.has(place.label)) byLabel.set(place.label, place);
  }
  return [...byLabel.values()];
};
