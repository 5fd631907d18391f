/**
 * The one way pay reads anywhere we show it (job cards, job pages, digest emails, feeds, filter
 * labels), built on `Intl.NumberFormat`.
 *
 * `payText(compensation)`: pay as posted, in the employer's own currency and period (whole units
 * of an ISO 4217 currency per period), each currency in its own convention:
 * - yearly and monthly figures of 10,000 or more in short form: thousands as "k" ('€60k – €80k
 *   per year', '£140k – £235k per year'), millions as "M" ('¥8M – ¥10M per year', '$1.2M'),
 *   Indian rupees in lakhs and crores ('₹70L – ₹90L per year', '₹1.2Cr');
 * - other figures in full, with cents when posted with them: '£43 – £45 per hour',
 *   '$33.65 – $38.70 per hour', '$9,000 per month', '₹45,000 per month' (rupees below a lakh);
 * - USD a year without the period, as the original product showed it: '$180k – $250k';
 * - one end only: 'From £45 per hour', 'Up to €80k per year'; equal ends once: '$150k'.
 * Null when no figure is known or the currency code is not one Intl knows.
 *
 * `usdYearText(salary)`: our conversion to US dollars a year, labelled as such:
 * '≈ $64k – $86k a year in US dollars'.
 * `payEstimateText(estimate)`: our estimate, labelled apart from posted pay:
 * 'Est. $150k – $190k · from 42 similar postings in the US' (`payEstimateRangeText`: 'Est. $150k – $190k').
 * `payFloorText(usd)`: a pay filter's floor: '$100k+'.
 * `payRangeExpectedText(expected)`: 'No pay range posted (Colorado law has required one since 2021)'.
 */
import type { Compensation, PayEstimate, PayPeriod, PayRangeExpected, SalaryUsdYear } from '../jobs/job';

const PER: Readonly<Record<PayPeriod, string>> = { year: 'per year', month: 'per month', week: 'per week', day: 'per day', hour: 'per hour' };

/** Between the two ends of a range. */
const TO = ' – ';

/** Currencies whose yearly pay people read in millions (no "k" step: ¥8M, not ¥8,000k). */
const MILLIONS = new Set(['JPY', 'KRW', 'IDR', 'VND', 'CLP', 'COP', 'HUF', 'UGX', 'TZS', 'PYG']);

type Form = 'short' | 'whole' | 'cents';

const OPTIONS: Readonly<Record<Form, Intl.NumberFormatOptions>> = {
  short: { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 },
  whole: { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  cents: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
};

const formats = new Map<string, Intl.NumberFormat | null>();

/** One formatter per currency and form, made once (Intl formatters are costly to make); null for a currency Intl does not know. */
const formatOf = (currency: string, form: Form): Intl.NumberFormat | null => {
  const key = `${currency}|${form}`;
  if (!formats.has(key)) {
    try {
      formats.set(key, new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { style: 'currency', currency, ...OPTIONS[form] }));
    } catch {
      formats.set(key, null);
    }
  }
  return formats.get(key) ?? null;
};

/** One amount of `currency` in `form`: short ("$181k", "₹70L", "¥8M"), whole ("$9,000") or with cents ("$38.70"). */
const amountText = (value: number, currency: string, form: Form): string | null => {
  const format = formatOf(currency, form);
  if (format === null) return null;
  if (form !== 'short') return format.format(value);
  // Thousands are whole ("$181k", not "$180.6k"); millions, lakhs and crores keep one decimal ("$1.3M", "₹7.5L").
  const rounded = value < 1_000_000 && !MILLIONS.has(currency) && currency !== 'INR' ? Math.round(value / 1000) * 1000 : value;
  return format
    .formatToParts(rounded)
    .map((part) => (part.type === 'compact' && part.value === 'K' ? 'k' : part.value))
    .join('');
};

/** A range of amounts, "From"/"Up to" with one end, one amount for equal ends; null when neither end is known. */
const rangeText = (min: number | null, max: number | null, currency: string, form: Form): string | null => {
  const low = min === null ? null : amountText(min, currency, form);
  const high = max === null ? null : amountText(max, currency, form);
  if ((min !== null && low === null) || (max !== null && high === null)) return null;
  if (low !== null && high !== null) return low === high ? low : `${low}${TO}${high}`;
  if (low !== null) return `From ${low}`;
  return high === null ? null : `Up to ${high}`;
};

/** Short form from 10,000 (a lakh for rupees: "₹45,000" below it), cents when an end has them. */
const formOf = (pay: Pick<Compensation, 'min' | 'max' | 'currency' | 'period'>): Form => {
  const ends = [pay.min, pay.max].filter((value): value is number => value !== null);
  if ((pay.period === 'year' || pay.period === 'month') && Math.min(...ends) >= (pay.currency === 'INR' ? 100_000 : 10_000)) return 'short';
  return ends.every(Number.isInteger) ? 'whole' : 'cents';
};

/** Pay as posted (see the module doc). */
export function payText(pay: Compensation | null): string | null {
  if (!pay || (pay.min === null && pay.max === null)) return null;
  const range = rangeText(pay.min, pay.max, pay.currency, formOf(pay));
  if (range === null) return null;
  return pay.currency === 'USD' && pay.period === 'year' ? range : `${range} ${PER[pay.period]}`;
}

/** Whole USD a year as the site shows it: '$150k', '$1.2M'. */
export const usdText = (usd: number): string => amountText(usd, 'USD', usd >= 10_000 ? 'short' : 'whole') ?? `$${usd}`;

/** Our yearly-USD conversion of posted pay, labelled: '≈ $64k – $86k a year in US dollars'; null without a figure. */
export function usdYearText(salary: SalaryUsdYear | null): string | null {
  if (!salary || (salary.min === null && salary.max === null)) return null;
  const range = rangeText(salary.min, salary.max, 'USD', 'short');
  return range === null ? null : `≈ ${range} a year in US dollars`;
}

/** Whether the yearly-USD conversion says something the posted pay does not (another currency or period). */
export const showsConversion = (pay: Compensation | null, salary: SalaryUsdYear | null): boolean =>
  pay !== null && salary !== null && !(pay.currency === 'USD' && pay.period === 'year');

/** "the US", "the UK", "Germany", "San Francisco": where an estimate's postings are. */
const placeText = (place: string): string => {
  if (!/^[A-Z]{2}$/.test(place)) return place.replace(/, [A-Z]{2}$/, '');
  if (place === 'US') return 'the US';
  if (place === 'GB') return 'the UK';
  try {
    const name = new Intl.DisplayNames('en', { type: 'region' }).of(place) ?? place;
    return /^(?:Netherlands|Philippines|United Arab Emirates|Czechia|Bahamas)$/.test(name) ? `the ${name}` : name;
  } catch {
    return place;
  }
};

/** Our estimate, labelled apart from posted pay: 'Est. $150k – $190k · from 42 similar postings in the US'. */
export function payEstimateText(estimate: PayEstimate | null): string | null {
  const range = payEstimateRangeText(estimate);
  if (estimate === null || range === null) return null;
  const where = estimate.scope.place === null ? ' across all countries' : ` in ${placeText(estimate.scope.place)}`;
  return `${range} · from ${estimate.basis_count} similar postings${where}`;
}

/** A pay filter's floor in whole USD a year: '$100k+'. */
export const payFloorText = (usd: number): string => `${usdText(usd)}+`;

/** The transparency note of a job without a posted range: 'No pay range posted (Colorado law has required one since 2021)'. */
export const payRangeExpectedText = (expected: PayRangeExpected | null): string | null =>
  expected === null ? null : `No pay range posted (${expected.jurisdiction} law has required one since ${expected.since.slice(0, 4)})`;

/** An estimate's range alone, labelled: 'Est. $150k – $190k' (a card's short form; the basis is in `payEstimateText`). */
export function payEstimateRangeText(estimate: PayEstimate | null): string | null {
  const range = estimate ? rangeText(estimate.min, estimate.max, 'USD', 'short') : null;
  return range === null ? null : `Est. ${range}`;
}
