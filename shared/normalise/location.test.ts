import { describe, expect, it } from 'vitest';
import fixture from './fixtures/ashby-locations.json';
import { parseLocation, type ParsedPlace } from './location';

// Real strings: stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (see the fixture's "source").
const asRows = (places: ParsedPlace[]) => places.map((place) => [place.city, place.region, place.country, place.workplace]);

describe('parseLocation on real Ashby location strings (expected values written by hand)', () => {
  it('holds at least 200 distinct real strings', () => {
    expect(new Set(fixture.cases.map((row) => row.text)).size).toBeGreaterThanOrEqual(200);
  });

  it.each(fixture.cases.map((row) => [row.text, row.expected] as const))('%j', (text, expected) => {
    expect(asRows(parseLocation(text))).toEqual(expected);
  });
});

describe('parseLocation on the forms the crawler issue names', () => {
  const cases: [string, (string | null)[][]][] = [
    ['San Francisco, CA', [['San Francisco', 'CA', 'US', 'unknown']]],
    ['NYC Hybrid Available', [['New York', 'NY', 'US', 'hybrid']]],
    ['Remote (US)', [[null, null, 'US', 'remote']]],
    ['London or Remote - UK', [['London', null, 'GB', 'unknown'], [null, null, 'GB', 'remote']]],
    ['Hungary (Remote)', [[null, null, 'HU', 'remote']]],
    ['SF / NY', [['San Francisco', 'CA', 'US', 'unknown'], ['New York', 'NY', 'US', 'unknown']]],
    ['Toronto, CA', [['Toronto', 'ON', 'CA', 'unknown']]],
    ['Palo Alto, CA', [['Palo Alto', 'CA', 'US', 'unknown']]],
    ['Vancouver, BC', [['Vancouver', 'BC', 'CA', 'unknown']]],
    ['Waterloo, ON', [['Waterloo', 'ON', 'CA', 'unknown']]],
    ['Springfield, CA', [['Springfield', 'CA', 'US', 'unknown']]],
    ['Paris, TX', [['Paris', 'TX', 'US', 'unknown']]],
    ['CA', [[null, null, 'CA', 'unknown']]],
    ['Berlin, Germany (Hybrid)', [['Berlin', null, 'DE', 'hybrid']]],
    ['Remote - Anywhere', [[null, null, null, 'remote']]],
    ['Remote (Canada or US)', [[null, null, 'CA', 'remote'], [null, null, 'US', 'remote']]],
    ['Remote in EU timezones', [[null, 'EU', null, 'remote']]],
    ['Onsite in München', [['Munich', null, 'DE', 'onsite']]],
    ['London, ON', [['London', 'ON', 'CA', 'unknown']]],
  ];
  it.each(cases)('%j', (text, expected) => {
    expect(asRows(parseLocation(text))).toEqual(expected);
  });

  it('returns no place for blank text and an unknown place for text it cannot read', () => {
    expect(parseLocation('')).toEqual([]);
    expect(parseLocation('   ')).toEqual([]);
    expect(parseLocation('???')).toEqual([{ city: null, region: null, country: null, workplace: 'unknown' }]);
  });
});
