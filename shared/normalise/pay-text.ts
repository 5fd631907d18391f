import { decodeHTML } from 'entities';
import type { Compensation, PayBasis, PayPeriod, Place } from '../jobs/job';
import { parseSalary } from './salary';

/** Combining marks. */
const MARKS = /\p{M}/gu;

/**
 * Pay an employer states in a posting's description, for postings whose ATS sends no structured
 * pay (Ashby boards that leave compensation off, Greenhouse `content`, Lever, Workable ...).
 *
 * `payStatementsOf(html)` reads every pay figure or range the description states, each with:
 * - `min`, `max`: whole units of `currency` (ISO 4217) per `period`, read by `parseSalary`
 *   (symbols and codes, "k", thousands separators of either kind, "$170-195,000");
 * - `period`: the words after the figure ("per hour", "/hr", "per year", "monthly" ...), else
 *   year (hour for a figure under 1,000);
 * - `basis`: `on_target_earnings` when the sentence speaks of OTE / on-target earnings, else `base`;
 * - `places`: the places the sentence scopes it to ("For roles based in San Francisco or New York
 *   City, ..." → ["San Francisco", "New York City"]), empty when unscoped;
 * - `qualifier`: what the words after it limit it to ("for Senior Engineer candidates"), or null;
 *   single figures of one sentence in one currency and period are one range ("$57/hr for
 *   Bachelors and $61/hr for Master's" → 57–61 an hour);
 * - `sentence`: the sentence it was read from (the employer's words, at most 300 characters).
 *
 * What is not pay: figures in sentences about funding, revenue, deals or customers ("raised $15mm",
 * "$200 million ARR", "closing $100K+ annual contracts"), figures beside equity, bonus, stipend,
 * relocation, allowance, budget or spending words ("a $1K monthly meal stipend", "€1K per year to
 * spend on courses"), percentages ("0.1% –
 * 0.3%"), and figures in sentences with no pay word at all (salary, compensation, pay, base, OTE,
 * on-target earnings, wage, rate, hourly, remuneration): "$100 per month to support open source" is not pay.
 *
 * `payFromDescription(html, job)` chooses the one the job shows (see `choosePay`) as a
 * `Compensation` with `stated_in: 'description'`. Structured pay always wins over it: callers use
 * it only when the source sent none.
 *
 * Both never throw; input beyond 200,000 characters is not read.
 */

export interface PayStatement {
  min: number;
  max: number;
  currency: string;
  period: PayPeriod;
  basis: PayBasis;
  places: string[];
  qualifier: string | null;
  sentence: string;
}

const MAX_HTML = 200_000;
const MAX_SUMMARY = 300;

/** Description HTML → its lines of text (block ends and <br> break lines; entities decoded). */
export const linesOfHtml = (html: string): string[] =>
  decodeHTML(
    html
      .slice(0, MAX_HTML)
      .replace(/<(?:br|hr)\b[^>]*>|<\/(?:p|li|h[1-6]|div|tr|ul|ol|blockquote|section)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

/** A line's sentences (a full stop, ! or ? before a capital starts a new one: "$45.00" and "St. Louis" stay whole enough). */
const sentencesOf = (line: string): string[] => line.split(/(?<=[.!?])\s+(?=[A-Z¿¡])/);

const CODES = 'USD|EUR|GBP|CAD|AUD|NZD|CHF|INR|JPY|SGD|HKD|SEK|NOK|DKK|PLN|BRL|MXN|ILS|KRW|CNY|ZAR|AED|CZK|HUF|RON|TRY|PHP|IDR|THB|MYR|TWD';
const SYMBOL = String.raw`(?:CA\$|C\$|AU\$|A\$|US\$|NZ\$|SG\$|S\$|HK\$|R\$|MX\$|\$|€|£|¥|₹|₩|₪|zł)`;
const NUMBER = String.raw`\d{1,3}(?:[,.' ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?`;
const MULTIPLIER = String.raw`(?:\s?(?:k|K|mm|MM|M|million|L|lakhs?|lacs?|Cr|crores?)(?![A-Za-z]))`;
const PRE = String.raw`(?:(?:${CODES})\s?${SYMBOL}?\s?|${SYMBOL}\s?)`;
const POST = String.raw`(?:\s?(?:${CODES}|€|£|zł)(?![A-Za-z]))`;
const AMOUNT = String.raw`${PRE}?(?:${NUMBER})${MULTIPLIER}?(?!\s?%)${POST}?`;
/** One amount, or two joined by a dash, "to" or "and" ("between $X and $Y"). */
const MONEY = new RegExp(String.raw`(?<![\w.,])${AMOUNT}(?:\s*(?:-|–|—|to|and)\s*${AMOUNT})?`, 'g');
const HAS_CURRENCY = new RegExp(String.raw`${SYMBOL}|\b(?:${CODES})\b`);

/** Sentences about the company's money, not the worker's. */
const NOT_ABOUT_PAY = /\b(?:raised|raising|ARR|valuation|valued|funding|Series [A-F]|revenue|ACV|deals?|billion|investors?|contracts|customers|GMV|run-rate|donat\w*|grants? of)\b/i;
/** Words beside a figure that make it something other than pay. */
const NOT_PAY_NEAR = /\b(?:equity|RSUs?|stock|options|sign[- ]?on|signing|relocation|stipends?|allowance|budget|reimburs\w*|meals?|learning|wellness|401\(?k\)?|bonus(?:es)?|commission target|per employee|credits?|spend|courses|books|coaching|equipment|home office|coworking|gym|internet|phone)\b/i;
const PAY_WORD = /\b(?:salary|salaries|compensation|pay|base|OTE|on[- ]target|earnings|wages?|rate|hourly|remuneration|salaire|rémunération|Gehalt|Vergütung)\b/i;
const OTE = /\bOTE\b|\bon[- ]target/i;
const SCOPE = /\b(?:for|in)\s+(?:(?:this\s+)?(?:roles?|positions?|candidates|employees|those)[, ]+)?(?:based|located|living|working)\s+in\s+(?<places>.+?)(?:,|\bthe\b|$)/i;

/** "San Francisco or New York City" → ["San Francisco", "New York City"]. */
const placesOfScope = (sentence: string): string[] => {
  const places = SCOPE.exec(sentence)?.groups?.places;
  if (!places) return [];
  return places
    .split(/\s*(?:,|\/|\bor\b|\band\b|&)\s*/)
    .map((place) => place.replace(/[.;:]+$/, '').trim())
    .filter((place) => place !== '' && place.length <= 40);
};

const tidy = (value: number): number => Math.round(value * 100) / 100;

/** The statements of one sentence (`heading`: whether the line above speaks of pay without a figure, e.g. "Compensation:"). */
const statementsOfSentence = (sentence: string, heading: boolean): PayStatement[] => {
  if (!HAS_CURRENCY.test(sentence) || NOT_ABOUT_PAY.test(sentence)) return [];
  if (!heading && !PAY_WORD.test(sentence)) return [];
  const matches = [...sentence.matchAll(MONEY)].filter((match) => HAS_CURRENCY.test(match[0]) || /^\s?(?:€|£|zł|[A-Z]{3})/.test(sentence.slice(match.index + match[0].length)));
  const places = placesOfScope(sentence);
  const basis: PayBasis = OTE.test(sentence) ? 'on_target_earnings' : 'base';
  const statements: PayStatement[] = [];
  matches.forEach((match, at) => {
    const start = match.index;
    const end = start + match[0].length;
    const next = matches[at + 1]?.index ?? sentence.length;
    const before = sentence.slice(Math.max(0, start - 40), start);
    const after = sentence.slice(end, next);
    // Only the words of the figure's own clause count: "(before equity)" after a salary does not make it equity.
    if (NOT_PAY_NEAR.test(before.split(/[,;:(]/).pop() ?? '') || NOT_PAY_NEAR.test((after.split(/[,;:(]/)[0] ?? '').slice(0, 50))) return;
    // The period words right after the figure ("per hour", "/hr"), read by parseSalary with the figure.
    const pay = parseSalary(`${match[0].replace(/\band\b/, 'to')} ${after.slice(0, 40).split(/[,;(]/)[0] ?? ''}`);
    if (pay === null) return;
    let { min } = pay;
    const { max } = pay;
    // "$170-195,000": the upper figure's thousands apply to the lower one.
    if (min < 1000 && max >= 10_000 && min * 1000 <= max) min *= 1000;
    if (!(min > 0) || max / min > 10) return;
    const qualifier = /^\s*(?:USD|EUR|GBP|CAD)?\s*(for\s+[^,;.]{3,60})/i.exec(after)?.[1]?.trim() ?? null;
    statements.push({ min: tidy(min), max: tidy(max), currency: pay.currency, period: pay.period, basis, places, qualifier, sentence: sentence.slice(0, MAX_SUMMARY) });
  });
  // "$57/hr for Bachelors and $61/hr for Master's": single figures of one sentence, currency and period read as one range.
  const singles = statements.filter((statement) => statement.min === statement.max);
  const [first] = singles;
  if (first && singles.length > 1 && singles.length === statements.length && singles.every((statement) => statement.currency === first.currency && statement.period === first.period)) {
    const figures = singles.map((statement) => statement.min);
    return [{ ...first, min: Math.min(...figures), max: Math.max(...figures), qualifier: null }];
  }
  return statements;
};

/** Every pay statement of a description, in reading order (see the module doc). Never throws. */
export const payStatementsOf = (html: string | null | undefined): PayStatement[] => {
  try {
    if (typeof html !== 'string' || html === '') return [];
    const statements: PayStatement[] = [];
    let heading = false;
    for (const line of linesOfHtml(html)) {
      for (const sentence of sentencesOf(line)) statements.push(...statementsOfSentence(sentence, heading));
      heading = line.length <= 400 && PAY_WORD.test(line) && !HAS_CURRENCY.test(line);
    }
    return statements;
  } catch {
    return [];
  }
};

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/\bcity\b|\bmetro(?:politan)?\b|\barea\b|\bbay\b/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Whether a statement's place names one of the job's places (city, region or label, folded: "New York City" is "New York"). */
const coversPlace = (statement: PayStatement, places: readonly Place[]): boolean =>
  statement.places.some((scope) => {
    const wanted = fold(scope);
    return wanted !== '' && places.some((place) => [place.city, place.label.split(',')[0]].some((name) => name !== null && name !== undefined && fold(name) === wanted));
  });

const SENIORITY_WORDS = /\b(?:junior|senior|staff|principal|lead|intern)\b/gi;

/** Whether a statement's qualifier fits the job's title ("for Senior Engineers" and "Senior Engineer"); null qualifier: fits any. */
const qualifierFits = (statement: PayStatement, title: string): boolean | null => {
  if (statement.qualifier === null) return null;
  const words = statement.qualifier.match(SENIORITY_WORDS);
  if (!words) return null;
  return words.some((word) => new RegExp(`\\b${word}\\b`, 'i').test(title));
};

/**
 * The statement a job shows, of `statements` (non-empty): those scoped to one of the job's places
 * first (else all); among them those whose qualifier fits the title ("for Senior Engineers" on a
 * Senior Engineer's posting), else those without a qualifier; base pay over on-target earnings;
 * then reading order.
 */
export const choosePay = (statements: readonly PayStatement[], job: { title: string; locations: readonly Place[] }): PayStatement | null => {
  if (statements.length === 0) return null;
  const local = statements.filter((statement) => coversPlace(statement, job.locations));
  const pool = local.length > 0 ? local : statements;
  const fitting = pool.filter((statement) => qualifierFits(statement, job.title) === true);
  const plain = pool.filter((statement) => qualifierFits(statement, job.title) === null);
  const chosen = fitting.length > 0 ? fitting : plain.length > 0 ? plain : pool;
  return chosen.find((statement) => statement.basis === 'base') ?? chosen[0]!;
};

/**
 * The pay a job's description states, chosen for the job (`choosePay`), as a `Compensation`
 * (whole units of its currency per its period; `summary` the sentence; `stated_in:
 * 'description'`; `basis` base or on-target earnings); null when the text states none. Never throws.
 */
export const payFromDescription = (html: string | null | undefined, job: { title: string; locations: readonly Place[] }): Compensation | null => {
  const chosen = choosePay(payStatementsOf(html), job);
  if (chosen === null) return null;
  return { min: chosen.min, max: chosen.max, currency: chosen.currency, period: chosen.period, summary: chosen.sentence, stated_in: 'description', basis: chosen.basis };
};
