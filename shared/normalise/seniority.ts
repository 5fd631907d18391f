import type { EmploymentType, Seniority, YearsExperience } from '../jobs/job';
import { SenioritySchema } from '../jobs/job';

/**
 * `parseSeniority`: a job title → its level on the ladder of `SenioritySchema`
 * (shared/jobs/job.ts), or null when the title does not say. `seniorityOf` adds the hints a
 * posting gives when its title says nothing.
 *
 * The ladder, from the first job to the top:
 *   intern < junior < mid < senior < staff      (individual contributors; staff includes principal)
 *   manager < director < executive             (people leaders)
 *
 * Rules, checked in this order (the first that matches wins, so "Senior Staff" → staff and
 * "Senior Director" → director):
 *   intern     Intern, Internship, Co-op, Apprentice, Working Student ("Intern, Office of the CEO" stays intern)
 *   executive  Chief ... (not "Chief of Staff"), CEO/CTO/CFO/COO/CIO/CMO/CPO/CRO/CSO (not "Account CTO",
 *              "Field CTO": customer-facing roles), VP, SVP, EVP,
 *              Vice President, President, Founder
 *   director   Director, Head of / Head, Chief of Staff
 *   manager    Manager or Mgr, except roles that are individual work despite the word:
 *              Product, Program, Project, Account, Success, Partner, Marketing... Manager
 *              (those take their level from the other words: "Senior Product Manager" → senior)
 *   staff      Principal, Distinguished, Staff (not "Member of Technical Staff", the generic title at AI labs)
 *   senior     Senior, Sr, Snr, level III, and Lead / Tech Lead / Team Lead (a senior individual contributor)
 *   junior     Junior, Jr, New Grad, Graduate, Entry-level, Early Career, Associate, Resident, level I
 *   mid        Mid-level, Intermediate, level II
 *
 * Examples:
 *   parseSeniority('Senior Staff Software Engineer') → 'staff'
 *   parseSeniority('Principal Product Manager')      → 'staff'
 *   parseSeniority('Head of Data')                   → 'director'
 *   parseSeniority('VP of Sales')                    → 'executive'
 *   parseSeniority('Software Engineer, New Grad')    → 'junior'
 *   parseSeniority('Senior Product Manager')         → 'senior'
 *   parseSeniority('Software Engineer')              → null
 *
 * Never throws.
 */

/** The ladder in order, lowest first. */
export const SENIORITY_LADDER: readonly Seniority[] = SenioritySchema.options;

const IC_MANAGER =
  /\b(?:product|program|programme|project|account|accounts|success|partner|partnerships|community|marketing|channel|territory|relationship|solutions|delivery|content|campaign|events?|release|office|facilities|brand|lifecycle|technical program)\s+manager\b/i;

const RULES: ReadonlyArray<readonly [Seniority, RegExp]> = [
  ['intern', /\bintern(?:ship)?s?\b|\bco-?op\b|\bapprentice(?:ship)?\b|\bworking student\b|\bwerkstudent\b/i],
  ['executive', /\bchief\b(?!\s+of\s+staff)|(?<!\b(?:account|field)\s)\bc[eftoimprs]o\b|\b[se]?vp\b|\bvice[- ]president\b|\bpresident\b|\b(?:co-?)?founder\b/i],
  ['director', /\bdirector\b|\bhead\b|\bchief\s+of\s+staff\b/i],
  ['manager', /\bmanager\b|\bmgr\b/i],
  ['staff', /\bprincipal\b|\bdistinguished\b|\bstaff\b/i],
  ['senior', /\bsenior\b|\bsr\b|\bsnr\b|\biii\b|\blead\b|\bleader\b/i],
  ['junior', /\bjunior\b|\bjr\b|\bnew[- ]grad(?:uate)?s?\b|\bgraduate\b|\bentry[- ]level\b|\bearly[- ]career\b|\bassociate\b|\bresiden(?:t|cy)\b|\bi\b/i],
  ['mid', /\bmid[- ]?level\b|\bintermediate\b|\bii\b/i],
];

/** The level a job title states, or null. Never throws. */
export const parseSeniority = (title: string): Seniority | null => {
  if (typeof title !== 'string') return null;
  const text = title
    .slice(0, 300)
    .replace(/\bmember of (?:the )?(?:technical )?staff\b/gi, ' ')
    .replace(/\./g, ' ');
  for (const [level, pattern] of RULES) {
    if (!pattern.test(text)) continue;
    if (level === 'manager') {
      // "Senior Product Manager" is individual work: drop the IC manager phrase and go on down the ladder.
      const rest = text.replace(new RegExp(IC_MANAGER.source, 'gi'), ' ');
      if (!/\bmanager\b|\bmgr\b/i.test(rest)) continue;
    }
    return level;
  }
  return null;
};

/**
 * A posting's level: the title's (`parseSeniority`) when it says one; else `intern` for an
 * internship (the source's employment type); else a hint from the years of experience asked
 * ("0-1 years" → junior, 2-4 → mid, 5 or more → senior; never staff or above, which only a title
 * gives); else null.
 */
export const seniorityOf = (title: string, hints: { employmentType: EmploymentType | null; years: YearsExperience | null }): Seniority | null => {
  const fromTitle = parseSeniority(title);
  if (fromTitle) return fromTitle;
  if (hints.employmentType === 'intern') return 'intern';
  const least = hints.years?.min;
  if (least === null || least === undefined) return null;
  return least <= 1 ? 'junior' : least <= 4 ? 'mid' : 'senior';
};
