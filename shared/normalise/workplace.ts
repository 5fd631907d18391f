import type { Workplace } from '../jobs/job';

/**
 * `resolveWorkplace`: whether a job is remote, hybrid or on-site, from what an ATS publishes.
 *
 * In order:
 * 1. An explicit workplace type ("Remote", "Hybrid", "OnSite"/"On-site"/"Onsite", any case) decides.
 * 2. A remote flag that is true (Ashby's `isRemote`) means remote.
 * 3. The location texts: "hybrid" anywhere → hybrid ('London, UK (hybrid)',
 *    'Foster City, CA (Hybrid) In office M,W,F'); else "remote" / "work from home" → remote
 *    ('Remote (US)', 'San Francisco | Remote'). A false remote flag does not overrule the text:
 *    Ashby leaves `isRemote` false by default, and employers list "Remote" as a location.
 * 4. Else on-site.
 * Never throws.
 */

const EXPLICIT: Readonly<Record<string, Workplace>> = { remote: 'remote', hybrid: 'hybrid', onsite: 'onsite' };

const HYBRID = /\bhybrid\b/i;
const REMOTE = /\bremote\b|\bwork from home\b|\bwfh\b/i;

export interface WorkplaceEvidence {
  /** The ATS's workplace type, e.g. Ashby's `workplaceType`: "Remote" | "Hybrid" | "OnSite". */
  workplaceType?: string | null;
  /** The ATS's remote flag, e.g. Ashby's `isRemote`. */
  isRemote?: boolean | null;
  /** Every location text of the posting (primary and secondary). */
  locationTexts?: readonly (string | null | undefined)[];
}

export const resolveWorkplace = ({ workplaceType, isRemote, locationTexts = [] }: WorkplaceEvidence): Workplace => {
  const explicit = typeof workplaceType === 'string' ? EXPLICIT[workplaceType.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
  if (explicit) return explicit;
  if (isRemote === true) return 'remote';
  const texts = locationTexts.filter((text): text is string => typeof text === 'string');
  if (texts.some((text) => HYBRID.test(text))) return 'hybrid';
  if (texts.some((text) => REMOTE.test(text))) return 'remote';
  return 'onsite';
};
