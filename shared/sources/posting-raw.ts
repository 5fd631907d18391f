/**
 * What a posting's places and workplace type are read from, and the reading itself, in one place
 * for the adapters (build-job.ts, at crawl time) and re-derivation of stored jobs (rederive.ts,
 * from the job's stored `raw` record, shared/jobs/job.ts `JobRawSchema`).
 *
 * Places: `sourcePlaces` (shared/sources/places.ts) of the posting's locations (those without
 * an address in the one country its country texts name, if they name one), else of its
 * fallback locations (a Greenhouse leaf office, "Remote" for a remote careers-page posting).
 * Workplace: `resolveWorkplace` of the source's type, remote flag and location texts, then the
 * title and description may overrule it (`refineWorkplace`) unless the source stated the type.
 */
import type { JobRaw, Place, SourceLocation, Workplace } from '../jobs/job';
import { refineWorkplace, resolveWorkplace, type WorkplaceEvidence } from '../normalise/workplace';
import { countryNameOf, soleCountryOf, sourcePlaces } from './places';

/** What an adapter hands over about a posting's places, workplace, department and date. */
export interface PostingRawParts {
  /** The locations places are read from, as the source published them. */
  places: readonly SourceLocation[];
  /** Texts whose one country (`soleCountryOf`: "San Francisco, CA" → US) is the country of `places` without an address (a Greenhouse posting's offices). */
  countryTexts?: readonly (string | null | undefined)[];
  /** Locations read only when `places` give none. */
  fallbackPlaces?: readonly SourceLocation[];
  /** What the workplace type is read from. */
  workplace: WorkplaceEvidence;
  /** True when the source stated the workplace in a field of its own (a workplace type, TELECOMMUTE): then title and description do not overrule it. */
  workplaceStated?: boolean;
  department: string | null;
  team: string | null;
  /** The source's publication date (UTC ISO-8601), or null when it gives none. */
  datePosted: string | null;
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const location = ({ text, postalAddress }: SourceLocation): SourceLocation => ({
  text: textOrNull(text),
  postalAddress: postalAddress
    ? { addressLocality: textOrNull(postalAddress.addressLocality), addressRegion: textOrNull(postalAddress.addressRegion), addressCountry: textOrNull(postalAddress.addressCountry) }
    : null,
});

/** The job's `raw` record of an adapter's parts (only strings kept from the texts; absent values as null). */
export const rawOf = (parts: PostingRawParts): JobRaw => ({
  date_posted: parts.datePosted,
  department: parts.department,
  team: parts.team,
  locations: parts.places.map(location),
  country_texts: (parts.countryTexts ?? []).filter((text): text is string => typeof text === 'string' && text.trim() !== ''),
  fallback_locations: (parts.fallbackPlaces ?? []).map(location),
  workplace: {
    type: textOrNull(parts.workplace.workplaceType),
    is_remote: typeof parts.workplace.isRemote === 'boolean' ? parts.workplace.isRemote : null,
    texts: (parts.workplace.locationTexts ?? []).filter((text): text is string => typeof text === 'string'),
    stated: parts.workplaceStated === true,
  },
});

/** The places of a raw record (see the module doc). Never throws. */
export const placesOfRaw = (raw: JobRaw): Place[] => {
  const country = raw.country_texts.length > 0 ? countryNameOf(soleCountryOf(raw.country_texts)) : '';
  const places = sourcePlaces(country ? raw.locations.map((entry) => (entry.postalAddress ? entry : { ...entry, postalAddress: { addressCountry: country } })) : raw.locations);
  return places.length === 0 && raw.fallback_locations.length > 0 ? sourcePlaces(raw.fallback_locations) : places;
};

/** The workplace type of a raw record, with the posting's title and plain description (see the module doc). */
export const workplaceOfRaw = (raw: JobRaw, title: string, plain: string): Workplace => {
  const { workplace } = raw;
  const structured = resolveWorkplace({ workplaceType: workplace.type, isRemote: workplace.is_remote, locationTexts: workplace.texts });
  return workplace.stated ? structured : refineWorkplace(structured, title, plain);
};
