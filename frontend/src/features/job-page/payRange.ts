/**
 * The pay range a job page shows, only when both ends are known:
 * - posted in USD per year: the site's usual '$180k - $250k' (from min_salary/max_salary, thousands of USD a year);
 * - any other currency or period, as published (`compensation`, whole units per period):
 *   '£43 - £45 per hour', '€60k - €80k per year', '$9,000 - $12,000 per month'.
 * Returns null when an end is missing.
 */
import type { PublicJob } from '../../api/jobs';
import { salaryRange } from '../jobs/jobFormat';

const PERIOD_WORDS = { year: 'per year', month: 'per month', week: 'per week', day: 'per day', hour: 'per hour' } as const;

/** e.g. 60000 EUR → '€60k' (yearly figures of 10,000 or more in thousands), 43 GBP → '£43'. */
function amount(value: number, currency: string, thousands: boolean): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: thousands ? 0 : 2, minimumFractionDigits: 0 });
  return thousands ? `${format.format(Math.round(value / 1000))}k` : format.format(value);
}

export function payRange(job: Pick<PublicJob, 'min_salary' | 'max_salary' | 'compensation'>): string | null {
  const usdYearly = salaryRange(job.min_salary, job.max_salary);
  if (usdYearly) return usdYearly;
  const pay = job.compensation;
  if (!pay || pay.min === null || pay.max === null) return null;
  const thousands = pay.period === 'year' && pay.min >= 10_000;
  return `${amount(pay.min, pay.currency, thousands)} - ${amount(pay.max, pay.currency, thousands)} ${PERIOD_WORDS[pay.period]}`;
}
