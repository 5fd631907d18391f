import type { PayPeriod } from '../jobs/job';

/**
 * `parseSalary`: an employer's pay text ("$180K – $250K • Offers Equity", "€60,000 - €80,000 per year",
 * "$45/hr") → `{ min, max, currency, period }`, or null when the text states no pay in money.
 *
 * - `min`, `max`: whole currency units (NOT thousands): "$180K" → 180000, "₹70L" → 7000000,
 *   "¥10M" → 10000000, "$45.50/hr" → 45.5. A single figure gives min = max; a reversed range is put in order.
 * - `currency`: ISO 4217, from a symbol ($ USD, £ GBP, € EUR, ¥ JPY, ₹ INR, ₩ KRW, ₪ ILS, CA$/C$ CAD,
 *   A$/AU$ AUD, NZ$, HK$, NT$ TWD, S$/SG$, R$ BRL, MX$, CN¥ CNY, zł PLN, Rp IDR, ฿ THB, ₱ PHP, ₺ TRY, ₫ VND,
 *   ₦ NGN, ₴ UAH, ₽ RUB) or a code written beside the figure
 *   ("USD 120,000", "120,000 EUR"). A bare "$" with another code in the same part takes that code
 *   ("$120K – $150K CAD" → CAD). No currency named → null: a bare number is not taken for money.
 * - `period`: from the words in the same "•"-separated part as the figures ("per hour", "/hr", "hourly",
 *   "per month", "/mo", "per week", "daily", "per year", "annual", "p.a.", and German/French "/Monat",
 *   "pro Jahr", "par mois"). Default when none is said:
 *   "year", except for a figure under 1,000 without K/M/L, which is taken as per "hour".
 * - Only the first amount counts: "$120K – $150K • ... exceeds $300,000." → 120000–150000.
 *   Percentages ("0.1% – 0.3%" equity) are not money.
 *
 * Number formats: "120,000", "120.000", "120 000" and "120'000" (thousands groups), "25,00,000" (Indian groups),
 * "180.6K" and "1,5K" (decimals), "60.000,00". Ranges: "-", "–", "—", "to", "between ... and ...".
 * Multipliers: K/k (thousand), M/m/MM/mn (million), L/lakh (100,000), Cr/crore (10,000,000), 万 (10,000).
 *
 * Examples:
 *   parseSalary('$180K – $250K')              → { min: 180000, max: 250000, currency: 'USD', period: 'year' }
 *   parseSalary('£32K – £35K • Offers Equity') → { min: 32000, max: 35000, currency: 'GBP', period: 'year' }
 *   parseSalary('$45/hr')                     → { min: 45, max: 45, currency: 'USD', period: 'hour' }
 *   parseSalary('USD 120,000-150,000')        → { min: 120000, max: 150000, currency: 'USD', period: 'year' }
 *   parseSalary('Offers Equity')              → null
 *
 * Never throws.
 */

export interface ParsedSalary {
  min: number;
  max: number;
  /** ISO 4217, upper case. */
  currency: string;
  period: PayPeriod;
}

const MAX_INPUT = 1000;

/** Currency symbols (longest first so "CA$" wins over "$"). */
const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['CA$', 'CAD'], ['C$', 'CAD'], ['AU$', 'AUD'], ['A$', 'AUD'], ['NZ$', 'NZD'], ['US$', 'USD'], ['HK$', 'HKD'], ['NT$', 'TWD'],
  ['SG$', 'SGD'], ['S$', 'SGD'], ['R$', 'BRL'], ['MX$', 'MXN'], ['CN¥', 'CNY'], ['JP¥', 'JPY'], ['zł', 'PLN'], ['Rp', 'IDR'],
  ['$', 'USD'], ['£', 'GBP'], ['€', 'EUR'], ['¥', 'JPY'], ['₹', 'INR'], ['₩', 'KRW'], ['₪', 'ILS'], ['฿', 'THB'], ['₱', 'PHP'], ['₺', 'TRY'], ['₫', 'VND'], ['₦', 'NGN'], ['₴', 'UAH'], ['₽', 'RUB'],
];
const SYMBOL_OF = new Map(SYMBOLS);
const escape = (text: string): string => text.replace(/[$¥]/g, (char) => `\\${char}`);

const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

const MULTIPLIERS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(k|thousand)$/i, 1e3], [/^(m|mm|mn|million)$/i, 1e6], [/^(l|lakhs?|lacs?)$/i, 1e5], [/^(cr|crores?)$/i, 1e7], [/^万$/, 1e4],
];

/** One token: a currency, an amount, a range joiner, a part break, or anything else. */
type Token =
  | { kind: 'currency'; code: string; dollarSign?: true }
  | { kind: 'amount'; value: number; factor: number; percent: boolean }
  | { kind: 'to' }
  | { kind: 'break' }
  | { kind: 'other' };

const TOKEN = new RegExp(
  [
    `(?<symbol>${SYMBOLS.map(([symbol]) => escape(symbol)).join('|')})`,
    `(?<number>\\d{1,3}(?:[ '’]\\d{3})+(?![\\d.,])|\\d+(?:[.,]\\d+)*)(?:\\s?(?<mult>k|thousand|mm|mn|million|m|lakhs?|lacs?|l|crores?|cr|万)(?![a-z]))?(?<percent>\\s?%)?`,
    `(?<to>[-–—]|\\bto\\b|(?<=\\bbetween\\s+\\S+\\s+)and\\b)`,
    `(?<brk>[•|;]|\\.(?=\\s|$))`,
    `(?<word>[A-Za-z]+)`,
    `(?<rest>\\S)`,
  ].join('|'),
  'gi',
);

/** "120,000" → 120000, "180.6" → 180.6, "60.000,00" → 60000, "1,5" → 1.5. */
const numberOf = (written: string, multiplied: boolean): number => {
  const digits = written.replace(/[ '’]/g, '');
  const comma = digits.lastIndexOf(',');
  const dot = digits.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    const decimal = comma > dot ? ',' : '.';
    const grouping = decimal === ',' ? /\./g : /,/g;
    return Number(digits.replace(grouping, '').replace(decimal, '.'));
  }
  const separator = comma >= 0 ? ',' : dot >= 0 ? '.' : null;
  if (separator === null) return Number(digits);
  const groups = digits.split(separator);
  const thousands = groups.length > 2 || (!multiplied && groups[1]?.length === 3);
  return thousands ? Number(groups.join('')) : Number(groups.join('.'));
};

const tokensOf = (text: string): Token[] => {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const group = match.groups ?? {};
    if (group.symbol === '$') tokens.push({ kind: 'currency', code: 'USD', dollarSign: true });
    else if (group.symbol) tokens.push({ kind: 'currency', code: SYMBOL_OF.get(group.symbol) ?? SYMBOL_OF.get(group.symbol.toUpperCase()) ?? 'USD' });
    else if (group.number) {
      const factor = MULTIPLIERS.find(([pattern]) => pattern.test(group.mult ?? ''))?.[1] ?? 1;
      const value = numberOf(group.number, factor !== 1) * factor;
      tokens.push({ kind: 'amount', value, factor, percent: Boolean(group.percent) });
    } else if (group.to) tokens.push({ kind: 'to' });
    else if (group.brk) tokens.push({ kind: 'break' });
    else if (group.word && group.word.length === 3 && ISO_CURRENCIES.has(group.word) && group.word === group.word.toUpperCase()) {
      tokens.push({ kind: 'currency', code: group.word });
    } else tokens.push({ kind: 'other' });
  }
  return tokens;
};

/** The first amount with a currency beside it (or beside its range partner), as token indexes and currency. */
const findRange = (tokens: Token[]): { first: number; last: number; currency: string } | null => {
  const currencyAt = (index: number): string | null => {
    const token = tokens[index];
    return token?.kind === 'currency' ? token.code : null;
  };
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token?.kind !== 'amount' || token.percent) continue;
    // A second amount joined by a dash or "to", with at most a currency in between.
    let second: number | null = null;
    let cursor = index + 1;
    if (currencyAt(cursor)) cursor += 1;
    if (tokens[cursor]?.kind === 'to') {
      cursor += 1;
      if (currencyAt(cursor)) cursor += 1;
      const next = tokens[cursor];
      if (next?.kind === 'amount' && !next.percent) second = cursor;
    }
    const last = second ?? index;
    const currency = currencyAt(index - 1) ?? currencyAt(index + 1) ?? (second !== null ? (currencyAt(second - 1) ?? currencyAt(second + 1)) : null);
    // A bare "$" is any dollar: a code written in the same part names which ("$120K – $150K CAD").
    const named = tokens.find((candidate) => candidate.kind === 'currency' && !candidate.dollarSign && candidate.code !== 'USD');
    const dollarOnly = tokens.every((candidate) => candidate.kind !== 'currency' || candidate.dollarSign || candidate === named);
    if (currency) return { first: index, last, currency: currency === 'USD' && named?.kind === 'currency' && dollarOnly ? named.code : currency };
  }
  return null;
};

const PERIOD_WORDS: ReadonlyArray<readonly [PayPeriod, RegExp]> = [
  ['hour', /(?:\bper|\/|\ban?)\s*(?:hour|hr|h)\b|\bhourly\b|\bpro stunde\b|\/\s*stunde\b|\bpar heure\b/i],
  ['day', /(?:\bper|\/|\ba)\s*(?:day|d)\b|\bdaily\b/i],
  ['week', /(?:\bper|\/|\ba)\s*(?:week|wk|w)\b|\bweekly\b/i],
  ['month', /(?:\bper|\/|\ba)\s*(?:month|mo|mth)\b|\bmonthly\b|(?:\bpro|\/)\s*monat\b|\bmonatlich\b|\bpar mois\b|\bmensuel/i],
  ['year', /(?:\bper|\/|\ba)\s*(?:year|yr|annum|y)\b|\bannual(?:ly)?\b|\byearly\b|\bp\.?a\b|(?:\bpro|\/)\s*jahr\b|\bjährlich\b|\bpar an\b|\bannuel/i],
];

/** The period the words say, the earliest mention first; null when none. */
const periodOf = (text: string): PayPeriod | null => {
  let best: { period: PayPeriod; at: number } | null = null;
  for (const [period, pattern] of PERIOD_WORDS) {
    const at = text.search(pattern);
    if (at >= 0 && (best === null || at < best.at)) best = { period, at };
  }
  return best?.period ?? null;
};

const tidy = (value: number): number => Math.round(value * 100) / 100;

/** The pay a text states, or null. Never throws. */
export const parseSalary = (text: string): ParsedSalary | null => {
  try {
    if (typeof text !== 'string') return null;
    const clean = text.slice(0, MAX_INPUT).replace(/[\u00a0\u202f]/g, ' ');
    // Only the part (between "•" or "|") that holds the figures is read for the period.
    for (const part of clean.split(/[•|]/)) {
      const tokens = tokensOf(part);
      const range = findRange(tokens);
      if (!range) continue;
      const low = tokens[range.first];
      const high = tokens[range.last];
      if (low?.kind !== 'amount' || high?.kind !== 'amount') return null;
      // "$180-250K": a multiplier on the upper figure alone applies to both.
      const lowValue = low.factor === 1 && high.factor !== 1 && low.value < 1000 ? low.value * high.factor : low.value;
      const values = [tidy(lowValue), tidy(high.value)];
      if (!values.every((value) => Number.isFinite(value) && value > 0)) return null;
      const [min, max] = values[0]! <= values[1]! ? [values[0]!, values[1]!] : [values[1]!, values[0]!];
      const period = periodOf(part) ?? (low.factor === 1 && high.factor === 1 && max < 1000 ? 'hour' : 'year');
      return { min, max, currency: range.currency, period };
    }
    return null;
  } catch {
    return null;
  }
};
