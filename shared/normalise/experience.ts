import type { YearsExperience } from '../jobs/job';

/**
 * `parseYearsExperience`: the years of experience a posting asks for, from its plain text.
 *
 * Reads the first requirement of the forms real postings write: "5+ years of experience",
 * "3-5 years of experience", "3–5+ years experience", "+7 years of experience", "1 years+ experience",
 * "at least 3 years", "a minimum of 3 years of experience", "5 years' experience", "five years",
 * "Experience: 7+ years in Sales Operations", "8+ years of product management experience".
 *
 * - `min`: the lower figure; `max`: the upper figure of a range, else null ("5+ years" → 5–null,
 *   "3-5 years" → 3–5, "5 years" → 5–null: a stated figure is a floor).
 * - A figure counts only as experience: "experience" (or "exp") within the same sentence shortly
 *   after it, or "Experience:" just before it, or a "+"/range figure followed by "in/of/building/
 *   leading/working/shipping/as", or a "+"/range figure followed by a verb in -ing, with at most one
 *   hyphenated word before it ("3+ years writing production code", "3-8+ years full-cycle
 *   recruiting"). "years ago", "years old", "10 years of growth" do not count. A figure glued to a
 *   heading's last word counts ("LOOKING FOR3+ YEARS OF ... EXPERIENCE").
 * - Figures above 30 years, or a range whose low end is above its high end, are ignored.
 * - The first requirement that reads wins (postings list the main one first).
 *
 * Returns null when no requirement is stated. Never throws.
 */

const WORD_NUMBERS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20,
};
const NUMBER = `(\\d{1,2}|${Object.keys(WORD_NUMBERS).join('|')})`;

const FIGURE = new RegExp(
  `(?<lead>\\b(?:at least|a minimum of|minimum of|minimum|min\\.?|over|more than)\\s+)?(?<plus1>\\+\\s*)?(?:\\b|(?<=[a-z])(?=\\d))${NUMBER}(?<plus2>\\s*\\+)?(?:\\s*(?:-|–|—|to)\\s*${NUMBER}\\s*\\+?)?\\s*(?:\\(\\d{1,2}\\)\\s*)?years?(?<plus3>\\s*\\+)?(?:['’]s?)?(?<after>[^.\\n;!?]{0,90})`,
  'gi',
);

const YEAR = /years?\b/gi;
/** More than the longest text a figure can start with before its "years" ("a minimum of 10 - 12+ (10) "). */
const LONGEST_LEAD = 48;

const EXPERIENCE_AFTER = /\bexp(?:erience[ds]?)?\b/i;
const ROLE_WORDS_AFTER = /^\s*(?:of|in|building|leading|working|shipping|as|at|across|within|managing|selling|designing|developing)\b/i;
const GERUND_AFTER = /^\s*(?:of\s+)?(?:[a-z]+-[a-z]+\s+)?[a-z]{3,}ing\b/i;
const NOT_EXPERIENCE_AFTER = /^\s*(?:ago|old|of age|later|from now|in business(?! development)|of growth|running)\b/i;

const valueOf = (text: string): number => WORD_NUMBERS[text.toLowerCase()] ?? Number(text);

/** The years of experience a plain text asks for, or null. Never throws. */
export const parseYearsExperience = (text: string): YearsExperience | null => {
  if (typeof text !== 'string') return null;
  const clean = text.slice(0, 50_000);
  // The figure regex is costly to try at every position: start it just before each "year" only.
  let from = 0;
  for (const year of clean.matchAll(YEAR)) {
    if (year.index < from) continue;
    FIGURE.lastIndex = Math.max(from, year.index - LONGEST_LEAD);
    const match = FIGURE.exec(clean);
    if (match === null) break;
    from = match.index + match[0].length;
    const [, , , low, , high] = match;
    const groups = match.groups ?? {};
    const after = groups.after ?? '';
    if (NOT_EXPERIENCE_AFTER.test(after)) continue;
    const before = clean.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0);
    const openEnded = Boolean(groups.plus1 || groups.plus2 || groups.plus3 || groups.lead || high);
    // "3+ years writing production code", "3-5 years creating marketing programs": a "+" or range figure before a verb in -ing.
    const doing = Boolean(groups.plus1 || groups.plus2 || groups.plus3 || high) && GERUND_AFTER.test(after);
    const saysExperience = EXPERIENCE_AFTER.test(after.slice(0, 70)) || /\bexperience\s*[:–-]\s*$/i.test(before) || (openEnded && ROLE_WORDS_AFTER.test(after)) || doing;
    if (!saysExperience || !low) continue;
    const min = valueOf(low);
    const max = high ? valueOf(high) : null;
    if (!Number.isFinite(min) || min > 30 || (max !== null && (max > 30 || max < min))) continue;
    return { min, max };
  }
  return null;
};
