import type { Workplace } from '../jobs/job';

/**
 * `resolveWorkplace`: whether a job is remote, hybrid or on-site, from what an ATS publishes.
 *
 * In order:
 * 1. An explicit workplace type ("Remote", "Hybrid", "OnSite"/"On-site"/"Onsite", any case) decides.
 * 2. A remote flag that is true (Ashby's `isRemote`) means remote.
 * 3. The location texts: "hybrid" anywhere → hybrid ('London, UK (hybrid)',
 *    'Foster City, CA (Hybrid) In office M,W,F'); else "remote" / "work from home" / "home based" /
 *    "field based" → remote ('Remote (US)', 'San Francisco | Remote', 'Home Based - Americas'). A false remote flag does not overrule the text:
 *    Ashby leaves `isRemote` false by default, and employers list "Remote" as a location.
 * 4. Else on-site.
 * Never throws. `buildJob` then lets the posting's words overrule it (`refineWorkplace`).
 */

const EXPLICIT: Readonly<Record<string, Workplace>> = { remote: 'remote', hybrid: 'hybrid', onsite: 'onsite' };

const HYBRID = /\bhybrid\b/i;
/** "Home based", "Field - Based", "Home Office": work from home or on the road, not at an office: remote. */
const REMOTE = /\bremote\b|\bwork from home\b|\bwfh\b|\b(?:home|field)\s*[-–—]?\s*based\b|\bhome[\s-]?office\b/i;

export interface WorkplaceEvidence {
  /** The ATS's workplace type, e.g. Ashby's `workplaceType`: "Remote" | "Hybrid" | "OnSite". */
  workplaceType?: string | null;
  /** The ATS's remote flag, e.g. Ashby's `isRemote`. */
  isRemote?: boolean | null;
  /** Every location text of the posting (primary and secondary). */
  locationTexts?: readonly (string | null | undefined)[];
}

/** The title's notes: parenthesised or bracketed parts and what follows " - ", " | ", ", " or ": ". */
const titleNotes = (title: string): string[] => [
  ...[...title.matchAll(/\(([^()]*)\)|\[([^[\]]*)\]/g)].map((match) => match[1] ?? match[2] ?? ''),
  ...title.replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ').split(/\s+[-–—|:]\s+|\s*[|,]\s*/).slice(1),
];

/**
 * What a job title says about the workplace, in its notes only ("Engineer (Remote Europe)",
 * "Support Engineer | Europe Remote", "AE (Remote or Hybrid NYC/Boston)" → remote; "(Hybrid)" →
 * hybrid; "(On-site)" → onsite), so that "Remote Sensing Engineer" says nothing. Remote wins
 * when a note offers both, being open to more people. Null when the title says nothing.
 */
export const titleWorkplace = (title: string): Workplace | null => {
  // Most titles have no notes: no bracket and none of the separators `titleNotes` splits at.
  if (!/[([|,:\-–—]/.test(title)) return null;
  const notes = titleNotes(title).join(' | ');
  if (REMOTE.test(notes)) return 'remote';
  if (HYBRID.test(notes)) return 'hybrid';
  if (/\bon[- ]?site\b|\bin[- ]office\b|\bin[- ]person\b/i.test(notes)) return 'onsite';
  return null;
};

const DAY_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const DAYS = '([1-5]|one|two|three|four|five)\\s*(?:\\+|or more)?\\s*(?:days?|x)\\s*(?:a|per|each|every|/|in the)\\s*week';
const AT_WORK = '(?:presence|present|in[- ](?:the[- ])?office|on[- ]?site|in[- ]person|office|offices|studio)';
/** "presence in our San Francisco office location 4 days per week" (Lambda), "3 days a week in the office". */
const OFFICE_DAYS: readonly RegExp[] = [
  new RegExp(`\\b${AT_WORK}\\b[^.;\\n]{0,80}?\\b${DAYS}\\b`, 'i'),
  new RegExp(`\\b${DAYS}\\b[^.;\\n]{0,60}?\\b${AT_WORK}\\b`, 'i'),
];
/** Days a week on their own: both patterns above hold it, so a text without it names no office days. */
const ANY_DAYS = new RegExp(`\\b${DAYS}\\b`, 'i');
const ROLE = '(?:this|the|our) (?:role|position|job|opportunity)(?: is| will be)';
const DESCRIBED_HYBRID = new RegExp(`\\b${ROLE} (?:a )?hybrid\\b(?!\\s+(?:of|between|mix))|\\bhybrid (?:(?:role|position|opportunity)\\b(?!\\s+(?:spanning|between|combining|that|which|bridging|across|of|mixing|blending|focused|covering))|(?:work(?:ing)? (?:model|arrangement|schedule)|schedule|arrangement|setup)\\b)`, 'i');
const DESCRIBED_ONSITE = new RegExp(`\\b${ROLE} (?:fully |100% )?(?:on-?site|in[- ]office|in[- ]person)\\b|\\b(?:fully|100%) (?:on-?site|in[- ]office|in[- ]person)\\b|\\bthis is an? (?:on-?site|in[- ]office|in[- ]person) (?:role|position)\\b`, 'i');
const DESCRIBED_REMOTE = new RegExp(`\\b${ROLE} (?:100% |fully |entirely )?remote\\b|\\b(?:100%|fully|entirely) remote (?:role|position|job)\\b|\\bthis is an? (?:fully )?remote (?:role|position|job)\\b`, 'i');

/**
 * What a description says about the workplace: office days a week (1-4 → hybrid, 5 → onsite:
 * "requires presence in our San Francisco office location 4 days per week"), else a sentence
 * about this role ("this role is hybrid", "a hybrid work schedule", "this is an on-site role",
 * "this position is fully remote"). Mentions like "hybrid cloud" or a company's "remote-first"
 * culture say nothing. Null when the text says nothing.
 */
export const descriptionWorkplace = (text: string): Workplace | null => {
  // Cheap word checks first: descriptions run to thousands of characters.
  if (/week/i.test(text) && ANY_DAYS.test(text)) {
    for (const pattern of OFFICE_DAYS) {
      const days = pattern.exec(text)?.[1]?.toLowerCase();
      if (days) return (DAY_WORDS[days] ?? Number(days)) >= 5 ? 'onsite' : 'hybrid';
    }
  }
  if (/hybrid/i.test(text) && DESCRIBED_HYBRID.test(text)) return 'hybrid';
  if (/on-?site|in[- ]office|in[- ]person/i.test(text) && DESCRIBED_ONSITE.test(text)) return 'onsite';
  if (/remote/i.test(text) && DESCRIBED_REMOTE.test(text)) return 'remote';
  return null;
};

/**
 * The workplace a posting states in words, over the one its source's fields gave: the title's
 * notes first, then the description; `structured` (from `resolveWorkplace`) when neither says.
 * Title and description win because sources leave the field missing or at a default (Ashby's
 * `isRemote` is true on Lambda postings that ask for four office days a week; n8n's "(Remote
 * Europe)" roles are listed at "Berlin Office" with `isRemote` false).
 */
export const refineWorkplace = (structured: Workplace, title: string, description: string | null): Workplace =>
  titleWorkplace(title) ?? descriptionWorkplace(description ?? '') ?? structured;

/** True when a source's workplace type states one ("Remote", "Hybrid", "OnSite", "on-site"; not "unspecified" or missing). */
export const isStatedWorkplace = (workplaceType: unknown): boolean =>
  typeof workplaceType === 'string' && EXPLICIT[workplaceType.toLowerCase().replace(/[^a-z]/g, '')] !== undefined;

export const resolveWorkplace = ({ workplaceType, isRemote, locationTexts = [] }: WorkplaceEvidence): Workplace => {
  const explicit = typeof workplaceType === 'string' ? EXPLICIT[workplaceType.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
  if (explicit) return explicit;
  if (isRemote === true) return 'remote';
  const texts = locationTexts.filter((text): text is string => typeof text === 'string');
  if (texts.some((text) => HYBRID.test(text))) return 'hybrid';
  if (texts.some((text) => REMOTE.test(text))) return 'remote';
  return 'onsite';
};
