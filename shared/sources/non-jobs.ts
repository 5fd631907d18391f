/**
 * Postings that are not jobs: general applications, talent pools and internal boards that
 * employers list on their job boards. Recognised by the posting's title; the adapters skip them
 * (`readPostings` in build-job.ts) with a reason starting "not a job:", so they never reach the
 * lists, search, counts, feeds or the digest, and the crawl summary counts them (`not_jobs`). A
 * stored job later recognised as one closes like any posting that left the board; the others of
 * the board are untouched (the listing stays complete).
 *
 * Rules (case-insensitive, on the title), each seen on captured Ashby boards
 * (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json):
 * - general application: "Spontaneous Application" (dust, hcompany), "Submit a General
 *   Application" (suno), "Open Application for Unconventional Talent" (PrimeIntellect),
 *   "General Interest" (oumi); also "unsolicited/speculative application", "expression of interest";
 * - "don't see your role": "Don't See Your Role? Apply Here!" (lmarena); also "didn't find the
 *   right role", "not finding your role";
 * - talent pool: "Leadership roles (Talent Pool)", "GTM (German-speaking) Talent Pool" (n8n);
 *   also "talent community", "future opportunities";
 * - internal board: "Internal job board" (DeepL).
 * Titles that merely contain the words stay jobs: "General Counsel", "Talent Acquisition
 * Partner", "Applied Scientist", "Head of Internal Communications".
 */
const RULES: readonly { reason: string; pattern: RegExp }[] = [
  { reason: 'general application', pattern: /\b(?:spontaneous|general|open|unsolicited|speculative|initiative)\s+applications?\b|^general interest\b|\bexpression of interest\b/i },
  { reason: "don't see your role", pattern: /\b(?:don['’`]?t|do not|didn['’`]?t|not)\s+(?:see|find|finding)\b.{0,30}\b(?:role|job|position|opening|fit)s?\b/i },
  { reason: 'talent pool', pattern: /\btalent\s+(?:pool|community)\b|^future (?:opportunities|openings|roles)\b/i },
  { reason: 'internal board', pattern: /^internal (?:job )?board\b/i },
];

/** The prefix of every skip reason for a posting that is not a job. */
export const NOT_A_JOB = 'not a job';

/** Why a posting titled `title` is not a job ("general application", ...), or null when it is one. */
export const notAJobReason = (title: string): string | null => RULES.find((rule) => rule.pattern.test(title.trim()))?.reason ?? null;

/** Whether a skip reason says the posting is not a job. */
export const isNotAJobSkip = (reason: string): boolean => reason.startsWith(`${NOT_A_JOB}:`);
