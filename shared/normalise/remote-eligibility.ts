import type { Place, RemoteEligibility, Workplace } from '../jobs/job';
import { parseLocation, type ParsedPlace } from './location';
import { REGION_CODES, WORLDWIDE_REGION } from './regions';

/**
 * `remoteEligibility`: who may take a remote or hybrid job, from what the posting says.
 * Shape: `RemoteEligibility` (shared/jobs/job.ts): `worldwide`; `restricted` to ISO 3166-1
 * alpha-2 `countries` and/or region codes of ./regions.ts (`regions`); or `unknown`. On-site jobs: null.
 *
 * Evidence, strongest first; the first that says anything decides:
 * 1. The title's notes and the job's places: "(Remote Europe)", "(USA)", "Engineer - Remote US";
 *    places with a country ("Remote (US)", "Berlin, DE" for a hybrid job) or a named region
 *    ("Remote (EMEA)") restrict; "Remote (Worldwide)", "Global", "Anywhere" (a place whose region
 *    is ./regions.ts's Worldwide) opens to everyone.
 * 2. The description's sentences about where people may work from: "must be based in the US",
 *    "open to candidates in EMEA", "remote within Canada", "authorized to work in the United
 *    States", "US-based" restrict (the places named are read with `parseLocation`); "anywhere
 *    in the world", "work from anywhere", "fully distributed", "can be executed globally" open to everyone.
 * 3. Otherwise `unknown`.
 * A restriction names at most 30 countries; regions are kept as regions, never expanded.
 * Never throws.
 */

export interface RemoteEvidence {
  workplace: Workplace;
  title: string;
  /** The job's places, as the adapter parsed them. */
  locations: readonly Place[];
  /** Plain text of the description, or null. */
  description: string | null;
}

const ANYWHERE = /\b(?:worldwide|global(?:ly)?|anywhere)\b/i;
const ANYWHERE_SENTENCE =
  /\b(?:anywhere in the world|(?:work|working|live|based) (?:from )?anywhere|from anywhere|fully distributed|globally distributed|any country|any time ?zone|location[- ]agnostic|regardless of (?:your )?location|can be (?:executed|performed|done|worked|carried out) globally)\b/i;
/** Phrases that introduce where applicants must be; group 1 is the place phrase. */
const WHERE_SENTENCES: readonly RegExp[] = [
  /\b(?:must|should|need to|needs to|required to|have to|will need to)\s+(?:be\s+)?(?:currently\s+)?(?:based|located|residing|reside|living|live)\s+(?:in|within)\s+([^.;:!?\n]{2,80})/gi,
  /\b(?:open to|hiring|considering)\s+(?:candidates|applicants|people|talent|engineers|anyone)?\s*(?:who are\s+)?(?:based\s+|located\s+|residing\s+|living\s+)?(?:in|from|across|within)\s+([^.;:!?\n]{2,80})/gi,
  /\bremote\s+(?:in|within|from|across)\s+(?:the\s+)?([^.;:!?\n,]{2,60})/gi,
  /\b(?:authori[sz]ed|eligible|legally (?:able|allowed|permitted))\s+to\s+work\s+in\s+([^.;:!?\n]{2,60})/gi,
  /\b(?:candidates|applicants)\s+(?:based|located|residing)\s+in\s+([^.;:!?\n]{2,80})/gi,
  /\b(?:is|be|are|must be)\s+(?:a\s+|an\s+)?(?:fully\s+)?(?:remote\s+)?(?:and\s+)?([A-Z][A-Za-z.]{1,14}(?:\s[A-Z][a-z]+)?)[- ]based\b(?!\s+(?:company|startup|team|business|firm|organi[sz]ation|employer|client))/g,
];
/** Words that end a place phrase ("in the US and are able to travel"). */
const PHRASE_END = /\s+(?:who|with|without|where|but|before|after|unless|so|which|that|to|for|as|at|during|on|by|while|because|if|are|is|and are|and be|and have|and can)\b.*$/i;
const MAX_COUNTRIES = 30;
const REGION_SET = new Set(REGION_CODES);

interface Restriction {
  countries: Set<string>;
  regions: Set<string>;
}

const emptyRestriction = (): Restriction => ({ countries: new Set(), regions: new Set() });

/** A place naming the Worldwide region restricts nothing: it opens the job to everyone. */
const addPlace = (into: Restriction, place: { country: string | null; region: string | null }): void => {
  if (place.country) into.countries.add(place.country);
  else if (place.region && place.region !== WORLDWIDE_REGION && REGION_SET.has(place.region)) into.regions.add(place.region);
};

const restricted = (restriction: Restriction): RemoteEligibility | null => {
  if (restriction.countries.size === 0 && restriction.regions.size === 0) return null;
  return { scope: 'restricted', countries: [...restriction.countries].slice(0, MAX_COUNTRIES).sort(), regions: [...restriction.regions].sort() };
};

const WORLDWIDE: RemoteEligibility = { scope: 'worldwide', countries: [], regions: [] };
const UNKNOWN: RemoteEligibility = { scope: 'unknown', countries: [], regions: [] };

/** The title's notes that may name where: "(Remote Europe)", "(USA)", "- Remote, US", ", EMEA". */
const titleNotes = (title: string): string[] => {
  const notes = [...title.matchAll(/\(([^()]*)\)|\[([^[\]]*)\]/g)].map((match) => match[1] ?? match[2] ?? '');
  const tail = title.replace(/\([^()]*\)|\[[^[\]]*\]/g, '').split(/\s+[-–—|:]\s+|\s*,\s+/).slice(1);
  return [...notes, ...tail].filter((note) => note.trim() !== '');
};

const placesIn = (text: string): ParsedPlace[] => parseLocation(text.replace(PHRASE_END, ''));

/** Who may take the job, or null for an on-site job. */
export const remoteEligibility = ({ workplace, title, locations, description }: RemoteEvidence): RemoteEligibility | null => {
  try {
    if (workplace === 'onsite') return null;
    const stated = emptyRestriction();
    const notes = titleNotes(title);
    // A bare word of a title is a city only with its state or country beside it ("Account Executive, Enterprise" is no Alabama town).
    for (const note of notes) for (const place of parseLocation(note)) if (place.city === null || note.includes(',')) addPlace(stated, place);
    for (const place of locations) addPlace(stated, place);
    const fromPosting = restricted(stated);
    if (fromPosting) return fromPosting;
    if (notes.some((note) => ANYWHERE.test(note)) || locations.some((place) => place.region === WORLDWIDE_REGION || ANYWHERE.test(place.label))) return WORLDWIDE;

    const text = description ?? '';
    const described = emptyRestriction();
    for (const pattern of WHERE_SENTENCES) {
      for (const match of text.matchAll(pattern)) for (const place of placesIn(match[1] ?? '')) addPlace(described, place);
    }
    const fromText = restricted(described);
    if (fromText) return fromText;
    if (ANYWHERE_SENTENCE.test(text)) return WORLDWIDE;
    return UNKNOWN;
  } catch {
    return workplace === 'onsite' ? null : UNKNOWN;
  }
};
