/**
 * The active filters of a job search as chips: each with its words and the change that removes
 * it (one chip per list value, so each removes on its own). Search text and sort are not chips:
 * the search box and the sort menu show them.
 */
import { countryName, EMPLOYMENT_TYPE_LABELS, SENIORITY_LABELS } from '../../../../shared/format/job-labels';
import { workplaceLabel } from '../../../../shared/format/workplace';
import { readJobSearch, type JobSearchState } from './jobSearchParams';

export interface FilterChip {
  /** Stable within one state, e.g. 'seniority:senior'. */
  id: string;
  label: string;
  remove: Partial<JobSearchState>;
}

/** '$150k+ a year' for 150000. */
export const salaryFloorLabel = (usd: number): string => `$${Math.round(usd / 1000)}k+ a year`;

/** 'Last 24 hours', 'Last 7 days'. */
export const postedWithinLabel = (days: number): string => (days === 1 ? 'Last 24 hours' : `Last ${days} days`);

const without = <T>(values: readonly T[], value: T): T[] => values.filter((other) => other !== value);

/** Chips in the filter bar's order; `hideDepartment`, `hideWorkplace`, `hideCompanies` on pages that fix them. */
export function filterChips(state: JobSearchState, { hideDepartment = false, hideWorkplace = false, hideCompanies = false } = {}): FilterChip[] {
  const chips: FilterChip[] = [];
  if (!hideCompanies)
    for (const value of state.companies)
      chips.push({ id: `companies:${value}`, label: `At ${value}`, remove: { companies: without(state.companies, value) } });
  if (state.department && !hideDepartment) chips.push({ id: 'department', label: state.department, remove: { department: null } });
  if (!hideWorkplace)
    for (const value of state.is_remote)
      chips.push({ id: `is_remote:${value}`, label: workplaceLabel(value), remove: { is_remote: without(state.is_remote, value) } });
  if (state.min_salary_usd !== null) chips.push({ id: 'min_salary_usd', label: salaryFloorLabel(state.min_salary_usd), remove: { min_salary_usd: null } });
  for (const value of state.seniority)
    chips.push({ id: `seniority:${value}`, label: SENIORITY_LABELS[value], remove: { seniority: without(state.seniority, value) } });
  for (const value of state.employment_types)
    chips.push({ id: `employment_types:${value}`, label: EMPLOYMENT_TYPE_LABELS[value], remove: { employment_types: without(state.employment_types, value) } });
  if (state.posted_within_days !== null)
    chips.push({ id: 'posted_within_days', label: postedWithinLabel(state.posted_within_days), remove: { posted_within_days: null } });
  if (state.remote_from) chips.push({ id: 'remote_from', label: `Remote from ${countryName(state.remote_from)}`, remove: { remote_from: null } });
  for (const value of state.countries)
    chips.push({ id: `countries:${value}`, label: `In ${countryName(value)}`, remove: { countries: without(state.countries, value) } });
  for (const value of state.exclude_companies)
    chips.push({ id: `exclude_companies:${value}`, label: `Not ${value}`, remove: { exclude_companies: without(state.exclude_companies, value) } });
  for (const value of state.exclude_keywords)
    chips.push({ id: `exclude_keywords:${value}`, label: `Without "${value}"`, remove: { exclude_keywords: without(state.exclude_keywords, value) } });
  if (state.visa_sponsorship) chips.push({ id: 'visa_sponsorship', label: 'Visa sponsorship', remove: { visa_sponsorship: false } });
  if (state.exclude_ghost) chips.push({ id: 'exclude_ghost', label: 'No likely ghost jobs', remove: { exclude_ghost: false } });
  return chips;
}

/** The change that removes every chip at once: each filter they touch back to its default. */
export function clearAll(chips: readonly FilterChip[]): Partial<JobSearchState> {
  const defaults = readJobSearch(new URLSearchParams());
  const keys = new Set(chips.flatMap((chip) => Object.keys(chip.remove) as (keyof JobSearchState)[]));
  return Object.fromEntries([...keys].map((key) => [key, defaults[key]]));
}
