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
 *   senior     Senior, Sr, Snr, level III or 3, and Lead / Tech Lead / Team Lead (a senior individual contributor)
 *   junior     Junior, Jr, New Grad, Graduate, Entry-level, Early Career, Associate, Resident, level I or 1
 *   mid        Mid-level, Intermediate, level II or 2
 * Levels as numbers follow a role word ("Software Engineer 2", "Data Scientist 1", "Analyst 3").
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

/** A role word followed by a level number ("Engineer 2", "Scientist, Level 1"). */
const ROLE_LEVEL = String.raw`\b(?:engineer|developer|scientist|analyst|designer|researcher|architect|administrator|specialist|consultant|technician|representative|accountant|recruiter|writer)\s*,?\s*(?:level\s*)?`;

const RULES: ReadonlyArray<readonly [Seniority, RegExp]> = [
  ['intern', /\bintern(?:ship)?s?\b|\bco-?op\b|\bapprentice(?:ship)?\b|\bworking student\b|\bwerkstudent\b/i],
  ['executive', /\bchief\b(?!\s+of\s+staff)|(?<!\b(?:account|field)\s)\bc[eftoimprs]o\b|\b[se]?vp\b|\bvice[- ]president\b|\bpresident\b|\b(?:co-?)?founder\b/i],
  ['director', /\bdirector\b|\bhead\b|\bchief\s+of\s+staff\b/i],
  ['manager', /\bmanager\b|\bmgr\b/i],
  ['staff', /\bprincipal\b|\bdistinguished\b|\bstaff\b/i],
  ['senior', new RegExp(`\\bsenior\\b|\\bsr\\b|\\bsnr\\b|\\biii\\b|\\blead\\b|\\bleader\\b|${ROLE_LEVEL}3\\b`, 'i')],
  ['junior', new RegExp(`\\bjunior\\b|\\bjr\\b|\\bnew[- ]grad(?:uate)?s?\\b|\\bgraduate\\b|\\bentry[- ]level\\b|\\bearly[- ]career\\b|\\bassociate\\b|\\bresiden(?:t|cy)\\b|\\bi\\b|${ROLE_LEVEL}1\\b`, 'i')],
  ['mid', new RegExp(`\\bmid[- ]?level\\b|\\bintermediate\\b|\\bii\\b|${ROLE_LEVEL}2\\b`, 'i')],
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

/** A title open to every level ("Research Engineer, Post-Training (All Industry Levels)"): no level is stated, and none is guessed. */
const ALL_LEVELS = /\ball (?:industry |experience |seniority )?levels\b/i;

/** Who the posting is looking for: "looking for a senior member", "seeking a seasoned marketer", "hiring a mid-level engineer". */
const SOUGHT = String.raw`\b(?:looking for|seeking|searching for|hiring|want to hire|recruiting)\s+(?:an?|our|one|two)\s+(?:(?:talented|highly|motivated|skilled|strong|exceptional|hands-on|full[- ]time|new|first|founding|driven)\s+)*`;
/**
 * Sentences of a description that state this role's level (never the company's "senior leadership" or "experienced team"):
 * who is sought ("looking for a seasoned marketer", "seeking an experienced People Operations Specialist", "hiring an
 * expert Frontend Engineer": experienced and expert say past junior and mid, read as senior, since mid is given only
 * when a text says mid), what the role is ("this is a senior role", "as the senior frontend expert"), and whom it
 * mentors ("mentor junior engineers": a role above junior ones, read as senior).
 */
const DESCRIBED: ReadonlyArray<readonly [Seniority, RegExp]> = [
  ['staff', new RegExp(`${SOUGHT}(?:staff|principal)[- ](?:level\\s+)?(?:engineer|scientist|researcher|designer|developer|member)`, 'i')],
  ['senior', new RegExp(`${SOUGHT}(?:senior|seasoned|experienced|expert)\\b(?![- ](?:team|company|group|leaders?|leadership))|\\bmentor(?:ing|ship)?\\b[^.;\\n]{0,40}?\\b(?:junior|less experienced)\\s+(?:engineers?|team members?|colleagues|developers|designers|staff)\\b|\\bthis (?:is an?|role is an?) senior(?:[- ]level)?\\b|\\bas (?:an?|the|our) senior\\b(?!\\s+(?:leader|executive|stakeholder|management))|\\bsenior[- ]level (?:role|position|candidates?|engineers?|hire)\\b`, 'i')],
  ['mid', new RegExp(`${SOUGHT}(?:mid[- ]level|intermediate)\\b|\\bthis (?:is an?|role is an?) (?:mid[- ]level|intermediate)\\b|\\bmid[- ]level (?:role|position|candidates?|engineers?|hire)\\b`, 'i')],
  ['junior', new RegExp(`${SOUGHT}(?:junior|entry[- ]level|early[- ]career|recent graduate)\\b|\\bthis (?:is an?|role is an?) (?:junior|entry[- ]level|early[- ]career)\\b|\\b(?:entry[- ]level|early[- ]career|new[- ]grad(?:uate)?) (?:role|position|program(?:me)?|candidates?|engineers?|hire)\\b`, 'i')],
];

/** The level words the sentences above turn on: the patterns are tried only around them (descriptions run to thousands of characters). */
const LEVEL_WORD = /\b(?:senior|seasoned|experienced|expert|staff|principal|mid[- ]level|intermediate|junior|less experienced|entry[- ]level|early[- ]career|recent graduate|new[- ]grad)/gi;

/** The level a description states for its role, or null ("We're hiring a seasoned technology marketer" → senior). Never throws. */
export const describedSeniority = (description: string): Seniority | null => {
  if (typeof description !== 'string') return null;
  const text = description.slice(0, 20_000);
  const found = new Set<Seniority>();
  for (const word of text.matchAll(LEVEL_WORD)) {
    const around = text.slice(Math.max(0, word.index - 160), word.index + 80);
    for (const [level, pattern] of DESCRIBED) if (!found.has(level) && pattern.test(around)) found.add(level);
  }
  return DESCRIBED.find(([level]) => found.has(level))?.[0] ?? null;
};

/**
 * A posting's level: the title's (`parseSeniority`) when it says one; else `intern` for an
 * internship (the source's employment type); else the level the description states for the role
 * (`describedSeniority`); else the level the years of experience asked state, on the common
 * ladder of experience ("0-1 years" → junior, 2-4 → mid, 5 or more → senior; never staff or above,
 * which only a title gives): a stated requirement is the text stating the level, the one way a
 * posting says "mid" without the word; the range's low end counts ("3-5 years" → mid). Else null:
 * a level is never guessed from the kind of role ("Member of Technical Staff", "Founding
 * Engineer", "Account Executive" say none). A title open to all levels has none.
 */
export const seniorityOf = (title: string, hints: { employmentType: EmploymentType | null; years: YearsExperience | null; description?: string | null }): Seniority | null => {
  const fromTitle = parseSeniority(title);
  if (fromTitle) return fromTitle;
  if (hints.employmentType === 'intern') return 'intern';
  if (typeof title === 'string' && ALL_LEVELS.test(title)) return null;
  const described = describedSeniority(hints.description ?? '');
  if (described) return described;
  const least = hints.years?.min;
  if (least === null || least === undefined) return null;
  return least <= 1 ? 'junior' : least <= 4 ? 'mid' : 'senior';
};
