import { payFigure, missingExpectedRange } from '../../pay/pay-filters';
import { defineFilter } from './search-filter';

/**
 * `include_estimated_pay: true`: the pay floor (`min_salary_usd`) and the pay histogram also read
 * our estimate (shared/pay/pay-estimate.ts: its maximum) for a job that posts no pay; without it
 * they read posted pay only. Alone it filters nothing.
 */
export const includeEstimatedPayFilter = defineFilter({
  name: 'include_estimated_pay',
  description: 'true: the pay floor (min_salary_usd) and the pay histogram also count jobs without posted pay by our estimate (pay_estimate.max); false: posted pay only.',
  value: { kind: 'flag' },
  url: { param: 'include_estimated_pay' },
  chip: () => 'Estimated pay counts',
  index: { key: 'includeEstimatedPay', match: { by: 'option', for: 'minSalaryUsd', of: (job) => payFigure(job, true) } },
});

/**
 * `exclude_missing_pay_range: true`: leaves out jobs placed under a pay-transparency law that
 * expects a posted range (shared/pay/transparency-laws.ts) and post none (`pay_range_expected`).
 */
export const excludeMissingPayRangeFilter = defineFilter({
  name: 'exclude_missing_pay_range',
  description: 'true: leaves out jobs placed under a pay-transparency law that expects a posted pay range and that post none (pay_range_expected); false: no filter.',
  value: { kind: 'flag' },
  url: { param: 'exclude_missing_pay_range' },
  chip: () => 'No missing pay ranges',
  index: {
    key: 'excludeMissingPayRange',
    match: { by: 'number', of: (job) => (missingExpectedRange(job) ? 0 : 1), keep: 'at-least', unstated: 'left-out' },
  },
});
