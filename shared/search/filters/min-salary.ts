import { payFloorText } from '../../format/pay';
import { payFigure } from '../../pay/pay-filters';
import { defineFilter } from './search-filter';

/** '$150k+ a year' for 150000. */
export const salaryFloorLabel = (usd: number): string => `${payFloorText(usd)} a year`;

/**
 * `min_salary_usd` (whole USD a year): jobs whose yearly USD maximum (or minimum when there is no
 * maximum) is at least this; jobs without pay are left out when it is set, and so are jobs with
 * only our estimate unless `include_estimated_pay` (./pay-options.ts) is set. The answer's
 * `pay_histogram` counts the matching jobs by the same figure.
 */
export const minSalaryFilter = defineFilter({
  name: 'min_salary_usd',
  description: 'Whole USD a year: jobs whose yearly USD maximum (or minimum when there is no maximum) is at least this; jobs without pay are left out.',
  value: { kind: 'number', min: 0, max: 10_000_000 },
  url: { param: 'min_salary_usd' },
  chip: salaryFloorLabel,
  index: {
    key: 'minSalaryUsd',
    match: { by: 'number', of: (job) => payFigure(job, false), keep: 'at-least', unstated: 'left-out', payHistogram: true },
  },
});
