/**
 * The one way pay reads on cards, job pages and emails, in the employer's own currency and period
 * (`compensation`: whole units of an ISO 4217 currency per period, as posted):
 * - yearly figures of 10,000 or more in thousands: '€60k - €80k per year', '£140k - £235k per year';
 * - other figures in full: '£43 - £45 per hour', '$9,000 - $12,000 per month';
 * - USD a year without the period, as the original product showed it: '$180k - $250k';
 * - one end only: 'From £45 per hour', 'Up to €80k per year'; equal ends once: '$150k'.
 * Null when no figure is known or the currency code is not one Intl knows.
 */
import type { Compensation, PayPeriod } from '../jobs/job';

const PER: Readonly<Record<PayPeriod, string>> = { year: 'per year', month: 'per month', week: 'per week', day: 'per day', hour: 'per hour' };

export function payText(pay: Compensation | null): string | null {
  if (!pay || (pay.min === null && pay.max === null)) return null;
  const thousands = pay.period === 'year' && (pay.min ?? pay.max)! >= 10_000;
  let money: Intl.NumberFormat;
  try {
    money = new Intl.NumberFormat('en-US', { style: 'currency', currency: pay.currency, minimumFractionDigits: 0, maximumFractionDigits: thousands ? 0 : 2 });
  } catch {
    return null;
  }
  const amount = (value: number) => (thousands ? `${money.format(Math.round(value / 1000))}k` : money.format(value));
  const { min, max } = pay;
  const range =
    min !== null && max !== null
      ? amount(min) === amount(max)
        ? amount(min)
        : `${amount(min)} - ${amount(max)}`
      : min !== null
        ? `From ${amount(min)}`
        : `Up to ${amount(max!)}`;
  return pay.currency === 'USD' && pay.period === 'year' ? range : `${range} ${PER[pay.period]}`;
}
