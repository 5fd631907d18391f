import type { VisaSponsorship } from '../jobs/job';

/**
 * `parseVisaSponsorship`: whether a posting says the employer sponsors work visas, from its
 * plain text: `offered`, `not_offered`, or `unknown` when it does not say.
 *
 * Only sentences about sponsoring the candidate count: "visa sponsorship", "sponsor visas",
 * "sponsor work pass/permit", "visa/immigration support|assistance", "supporting you with ...
 * work permit", "without (current or future) sponsorship", "require sponsorship", "H-1B",
 * "Citizenship/Visa". Other uses of the words do not ("executive sponsors", "event
 * sponsorships", "manage immigration for incoming talent", "visa requirements" of travel).
 *
 * A counted sentence is `not_offered` when it carries, within 45 characters of those words, a negation or a precondition
 * ("cannot offer", "does not currently offer", "not available", "not able to sponsor",
 * "without visa sponsorship", "US Citizenship/Visa only", "required", "N/A"), else `offered`
 * ("Full visa sponsorship and relocation support", "We do sponsor visas", "We can sponsor visas
 * to Germany", "Relocation and immigration support"). When sentences disagree, `not_offered`
 * wins: a role-specific refusal overrides a company-wide offer.
 *
 * Never throws.
 */

const ABOUT_SPONSORSHIP =
  /\bvisa[- ]sponsor(?:ship|ed)?\b|\bsponsor(?:s|ing)?\s+(?:work\s+)?(?:visas?|work\s+(?:pass|permit|visa)s?)\b|\b(?:visa|immigration)\s+(?:support|assistance)\b|\bsupport\w*\s+you\s+with\b[^.;]{0,80}\b(?:visa|work permit|immigration)|\bwithout\s+(?:\w+\s+){0,4}sponsorship\b|\brequir\w*\s+(?:\w+\s+){0,3}sponsorship\b|\bsponsorship\s+(?:is\s+)?(?:not\s+)?(?:available|offered|provided)\b|\bH-?1B\b|\bcitizenship\s*\/\s*visa\b/i;

const NEGATION =
  /\b(?:not|no|cannot|can't|can’t|unable|won't|won’t|without|ineligible|only|required|must)\b|n['’]t\b|\bN\/A\b/i;

/** Characters either side of the words about sponsorship in which a negation counts. */
const NEAR = 45;

/** Sentences (and list items) of a plain text. */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n+|\s[-•]\s/);

/** Whether the posting's text offers visa sponsorship. Never throws. */
export const parseVisaSponsorship = (text: string): VisaSponsorship => {
  // Every phrase of ABOUT_SPONSORSHIP holds one of these words ("permitted by law" holds none).
  if (typeof text !== 'string' || !/visa|sponsor|immigration|work permit|h-?1b/i.test(text)) return 'unknown';
  const read = text.slice(0, 50_000);
  // Sentences end at whitespace, so a phrase found in one is found in the whole text: one pass rules most texts out.
  if (!ABOUT_SPONSORSHIP.test(read)) return 'unknown';
  let answer: VisaSponsorship = 'unknown';
  for (const sentence of sentencesOf(read)) {
    const about = ABOUT_SPONSORSHIP.exec(sentence);
    if (!about) continue;
    // A negation counts near the words about sponsorship, not anywhere in a long sentence
    // ("We sponsor visas; you must be willing to relocate" still offers).
    const near = sentence.slice(Math.max(0, about.index - NEAR), about.index + about[0].length + NEAR);
    if (NEGATION.test(near)) return 'not_offered';
    answer = 'offered';
  }
  return answer;
};
