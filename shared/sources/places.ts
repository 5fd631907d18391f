// The library without the 80 locales its main entry registers (about 160 KB gzipped per Lambda bundle); English is registered below.
import countries from 'i18n-iso-countries/index';
import english from 'i18n-iso-countries/langs/en.json';
import type { Place, RemoteEligibility, Workplace } from '../jobs/job';
import { parseLocation } from '../normalise/location';
import { WORLDWIDE_REGION } from '../normalise/regions';
import { ashbyPlaces, type AshbyLocation } from './ashby-places';

/**
 * Places of a posting for any source. Every provider's location reduces to what Ashby's
 * adapter already reads (shared/sources/ashby-places.ts): a free-text location and/or a
 * structured address (locality, region, country), read through `parseLocation` into `Place`s
 * with ISO 3166-1 alpha-2 countries and short labels ("San Francisco, CA, US", "Remote (US)",
 * "Germany"), de-duplicated by label. This module adapts the other providers' shapes to it.
 */

countries.registerLocale(english);

/** One location: its text and its structured address, either possibly missing. */
export type SourceLocation = AshbyLocation;

/** The places of all of a posting's locations, de-duplicated by label, in order. Never throws. */
export const sourcePlaces = (locations: readonly SourceLocation[]): Place[] => ashbyPlaces(locations);

const clean = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/**
 * A country as providers send it ("us", "DE", "United States") → an English name that
 * `parseLocation` reads without doubt ("DE" alone could be Delaware after a city). Unknown
 * two-letter codes → ''.
 */
export const countryNameOf = (country: unknown): string => {
  const text = clean(country);
  if (/^[a-z]{2}$/i.test(text)) return countries.getName(text.toUpperCase(), 'en') ?? '';
  return text;
};

/** ISO 3166-1 alpha-2 of a code or English name, or null. */
export const countryCodeOf = (country: unknown): string | null => {
  const name = countryNameOf(country);
  return name ? (countries.getAlpha2Code(name, 'en') ?? null) : null;
};

/**
 * A structured address (+ the provider's own text for it) as a `SourceLocation`. A region is
 * kept when it is a name ("Île-de-France", "California") or a US state / Canadian province
 * code; other short codes ("BE" for Berlin, "HH") are dropped, because after a city
 * `parseLocation` would read them as countries or US states.
 */
export const addressLocation = (address: { text?: unknown; city?: unknown; region?: unknown; country?: unknown }): SourceLocation => {
  const countryName = countryNameOf(address.country);
  const code = countryCodeOf(address.country);
  const region = clean(address.region);
  const keepRegion = region !== '' && (!/^[A-Z0-9]{1,3}$/i.test(region) || code === 'US' || code === 'CA');
  return {
    text: clean(address.text) || null,
    postalAddress: { addressLocality: clean(address.city) || null, addressRegion: keepRegion ? region : null, addressCountry: countryName || null },
  };
};

/**
 * The one country some free texts name between them ("San Francisco, CA", "East Coast" → "US"),
 * or null when they name none or several: a posting's offices as the context of its location text.
 */
export const soleCountryOf = (texts: readonly unknown[]): string | null => {
  const named = new Set(texts.map(clean).flatMap((text) => (text ? parseLocation(text).flatMap((place) => place.country ?? []) : [])));
  return named.size === 1 ? ([...named][0] ?? null) : null;
};

/**
 * Free-text locations, with an optional country the provider states for the whole posting
 * (ISO code or name): it fills places whose text names no country ("Remote" → "Remote (US)"),
 * never overrides one that does, and is not applied to texts that say anywhere ("Worldwide").
 */
export const textLocations = (texts: readonly unknown[], country?: unknown): SourceLocation[] => {
  const countryName = countryNameOf(country);
  return texts
    .map(clean)
    .filter((text) => text !== '')
    .map((text) => ({ text, postalAddress: countryName ? { addressCountry: countryName } : null }));
};

/** At most this many places are made of a remote job's eligibility; a longer list stays in the eligibility alone. */
const MAX_ELIGIBILITY_PLACES = 10;

/**
 * A remote job's places when they name no country and no region but its remote eligibility
 * does (shared/normalise/remote-eligibility.ts: from the title's notes or the description):
 * Supabase's "Support Engineer (EMEA)" listed at "Remote" → "Remote (EMEA)"; "Remote" whose
 * description says "must be based in the US" → "Remote (US)"; sentient's "Global" whose
 * eligibility is worldwide → "Remote (Worldwide)" (region Worldwide, ../normalise/regions.ts). The placeless places give way to one place
 * per country and region of the eligibility (at most 10); places with a city are kept.
 * Otherwise, and for jobs that are not remote, the places as they are.
 */
export const placesWithEligibility = (places: readonly Place[], workplace: Workplace, eligibility: RemoteEligibility | null): Place[] => {
  const named = places.some((place) => place.country !== null || place.region !== null);
  if (workplace !== 'remote' || named || eligibility === null || eligibility.scope === 'unknown') return [...places];
  const where = eligibility.scope === 'worldwide' ? [] : [...eligibility.countries.map((country) => ({ country, region: null })), ...eligibility.regions.map((region) => ({ country: null, region }))];
  if (where.length > MAX_ELIGIBILITY_PLACES) return [...places];
  const added = where.map(({ country, region }): Place => ({ city: null, region, country, label: `Remote (${country ?? region ?? ''})` }));
  const worldwide: Place[] = eligibility.scope === 'worldwide' ? [{ city: null, region: WORLDWIDE_REGION, country: null, label: 'Remote (Worldwide)' }] : [];
  return [...places.filter((place) => place.city !== null), ...added, ...worldwide];
};
