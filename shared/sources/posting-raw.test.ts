import { describe, expect, it } from 'vitest';
import { placesOfRaw, rawOf, workplaceOfRaw, type PostingRawParts } from './posting-raw';
import { textLocations } from './places';

const parts = (over: Partial<PostingRawParts>): PostingRawParts => ({ places: [], workplace: {}, department: null, team: null, datePosted: null, ...over });

describe('what a posting\'s places and workplace are read from', () => {
  it('keeps what the source published, absent values as null', () => {
    const raw = rawOf(parts({ places: [{ text: 'Berlin', postalAddress: { addressCountry: 'Germany' } }], workplace: { workplaceType: 'Hybrid', isRemote: undefined, locationTexts: ['Berlin', null] }, workplaceStated: true, department: 'Engineering', datePosted: '2025-10-01T00:00:00.000Z' }));
    expect(raw).toEqual({
      date_posted: '2025-10-01T00:00:00.000Z',
      department: 'Engineering',
      team: null,
      locations: [{ text: 'Berlin', postalAddress: { addressLocality: null, addressRegion: null, addressCountry: 'Germany' } }],
      country_texts: [],
      fallback_locations: [],
      workplace: { type: 'Hybrid', is_remote: null, texts: ['Berlin'], stated: true },
    });
    expect(placesOfRaw(raw).map((place) => place.label)).toEqual(['Berlin, DE']);
  });

  it('places locations without an address in the one country the country texts name', () => {
    const located = (countryTexts: string[]) => placesOfRaw(rawOf(parts({ places: textLocations(['Remote', 'Cambridge']), countryTexts }))).map((place) => place.label);
    expect(located(['London', 'Manchester, UK'])).toEqual(['Remote (GB)', 'Cambridge, GB']);
    expect(located(['London, UK', 'New York, NY'])).toEqual(located([]));
  });

  it('reads the fallback locations only when the locations give no place', () => {
    const office = textLocations(['London, UK']);
    expect(placesOfRaw(rawOf(parts({ places: textLocations(['San Francisco, CA']), fallbackPlaces: office }))).map((place) => place.label)).toEqual(['San Francisco, CA, US']);
    expect(placesOfRaw(rawOf(parts({ places: [], fallbackPlaces: office }))).map((place) => place.label)).toEqual(['London, GB']);
  });

  it('lets the title overrule a workplace read from location texts, never one the source stated', () => {
    const onsite = rawOf(parts({ workplace: { locationTexts: ['New York, NY'] } }));
    expect(workplaceOfRaw(onsite, 'Account Executive (Remote)', '')).toBe('remote');
    const stated = rawOf(parts({ workplace: { workplaceType: 'OnSite', locationTexts: ['New York, NY'] }, workplaceStated: true }));
    expect(workplaceOfRaw(stated, 'Account Executive (Remote)', '')).toBe('onsite');
  });
});
