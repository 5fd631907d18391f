import type { JobSummary } from '../jobs/job-summary';
import { payRangeExpected } from './pay-transparency';

/**
 * What the pay filters of a search read of a job (the search index applies them; shared/search).
 *
 * `payFigure(job, includeEstimated)`: the yearly USD figure the pay floor (`min_salary_usd`) and
 * the pay histogram read: the posted maximum (else minimum) in whole USD a year; with
 * `includeEstimated` (the seeker's `include_estimated_pay: true`), a job without posted pay is read
 * at its estimate's maximum (shared/pay/pay-estimate.ts); NaN when the job has neither (it fails
 * any floor and is counted in no bucket).
 *
 * `missingExpectedRange(job)`: whether a pay-transparency law expects the posting to state a
 * range it does not state (shared/pay/pay-transparency.ts): the jobs that
 * `exclude_missing_pay_range: true` leaves out.
 */
export const payFigure = (job: Pick<JobSummary, 'salary_usd_year' | 'pay_estimate'>, includeEstimated: boolean): number => {
  const posted = job.salary_usd_year?.max ?? job.salary_usd_year?.min ?? null;
  if (posted !== null) return posted;
  return includeEstimated && job.pay_estimate ? job.pay_estimate.max : Number.NaN;
};

export const missingExpectedRange = (job: Pick<JobSummary, 'compensation' | 'locations' | 'workplace_type' | 'remote_eligibility' | 'last_seen_at'>): boolean =>
  payRangeExpected(job) !== null;
