/**
 * `parseSeniority`: a job title → its level on one ladder, or null when the title does not say.
 *
 * The ladder, from the first job to the top:
 *   intern < entry < mid < senior < staff < principal < lead      (individual contributors)
 *   manager < director < executive                               (people leaders)
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
 *   principal  Principal, Distinguished
 *   staff      Staff (not "Member of Technical Staff", the generic title at AI labs)
 *   lead       Lead, Tech Lead, Team Lead, Leader
 *   senior     Senior, Sr, Snr, level III
 *   entry      Junior, Jr, New Grad, Graduate, Entry-level, Early Career, Associate, Resident, level I
 *   mid        Mid-level, Intermediate, level II
 *
 * Examples:
 *   parseSeniority('Senior Staff Software Engineer') → 'staff'
 *   parseSeniority('Head of Data')                   → 'director'
 *   parseSeniority('VP of Sales')                    → 'executive'
 *   parseSeniority('Software Engineer, New Grad')    → 'entry'
 *   parseSeniority('Senior Product Manager')         → 'senior'
 *   parseSeniority('Software Engineer')              → null
 *
 * Never throws.
 */

export type Seniority =
  | 'intern'
  | 'entry'
  | 'mid'
  | 'senior'
  | 'staff'
  | 'principal'
  | 'lead'
  | 'manager'
  | 'director'
  | 'executive';

/** The ladder in order, lowest first. */
export const SENIORITY_LADDER: readonly Seniority[] = [
  'intern', 'entry', 'mid', 'senior', 'staff', 'principal', 'lead', 'manager', 'director', 'executive',
];

const IC_MANAGER =
  /\b(?:product|program|programme|project|account|accounts|success|partner|partnerships|community|marketing|channel|territory|relationship|solutions|delivery|content|campaign|events?|release|office|facilities|brand|lifecycle|technical program)\s+manager\b/i;

const RULES: ReadonlyArray<readonly [Seniority, RegExp]> = [
  ['intern', /\bintern(?:ship)?s?\b|\bco-?op\b|\bapprentice(?:ship)?\b|\bworking student\b|\bwerkstudent\b/i],
  ['executive', /\bchief\b(?!\s+of\s+staff)|(?<!\b(?:account|field)\s)\bc[eftoimprs]o\b|\b[se]?vp\b|\bvice[- ]president\b|\bpresident\b|\b(?:co-?)?founder\b/i],
  ['director', /\bdirector\b|\bhead\b|\bchief\s+of\s+staff\b/i],
  ['manager', /\bmanager\b|\bmgr\b/i],
  ['principal', /\bprincipal\b|\bdistinguished\b/i],
  ['staff', /\bstaff\b/i],
  ['lead', /\blead\b|\bleader\b/i],
  ['senior', /\bsenior\b|\bsr\b|\bsnr\b|\biii\b/i],
  ['entry', /\bjunior\b|\bjr\b|\bnew[- ]grad(?:uate)?s?\b|\bgraduate\b|\bentry[- ]level\b|\bearly[- ]career\b|\bassociate\b|\bresiden(?:t|cy)\b|\bi\b/i],
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
