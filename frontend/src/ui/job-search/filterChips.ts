/**
 * The active filters of a job search as chips: each with its words (the filter's declaration,
 * shared/search/filters/) and the change that removes it (one chip per list value, so each
 * removes on its own), in the declarations' order. Search text and sort are not chips: the search
 * box and the sort menu show them.
 */
import type { SearchFilter } from '../../../../shared/search/filters/search-filter';
import { SEARCH_FILTERS, type FilterName } from '../../../../shared/search/filters/search-filters';
import { readJobSearch, type JobSearchState } from './jobSearchParams';

export interface FilterChip {
  /** Stable within one state, e.g. 'seniority:senior'. */
  id: string;
  label: string;
  remove: Partial<JobSearchState>;
}

/** The state with no filter and no search (every model field at its default). */
const EMPTY = readJobSearch(new URLSearchParams());

/** What a page fixes (its `FixedFilters`), whose chips are left out. */
export interface HiddenChips {
  hideDepartment?: boolean;
  hideWorkplace?: boolean;
  hideCompanies?: boolean;
}

/** Chips in the filter bar's order; `hideDepartment`, `hideWorkplace`, `hideCompanies` on pages that fix them. */
export function filterChips(state: JobSearchState, { hideDepartment = false, hideWorkplace = false, hideCompanies = false }: HiddenChips = {}): FilterChip[] {
  const hidden = new Set<FilterName>([...(hideDepartment ? ['departments' as const] : []), ...(hideWorkplace ? ['is_remote' as const] : []), ...(hideCompanies ? ['companies' as const] : [])]);
  const values = state as unknown as Record<string, unknown>;
  const chips: FilterChip[] = [];
  for (const filter of SEARCH_FILTERS as readonly SearchFilter[]) {
    if (hidden.has(filter.name as FilterName)) continue;
    const { param } = filter.url;
    const value = values[param];
    const chip = filter.chip as (item: unknown) => string;
    if (Array.isArray(value)) {
      for (const item of value) chips.push({ id: `${param}:${String(item)}`, label: chip(item), remove: { [param]: value.filter((other) => other !== item) } });
    } else if (value !== null && value !== false && value !== '') {
      chips.push({ id: param, label: chip(value), remove: { [param]: (EMPTY as unknown as Record<string, unknown>)[param] } });
    }
  }
  return chips;
}

/** The change that removes every chip at once: each filter they touch back to its default. */
export function clearAll(chips: readonly FilterChip[]): Partial<JobSearchState> {
  const keys = new Set(chips.flatMap((chip) => Object.keys(chip.remove) as (keyof JobSearchState)[]));
  return Object.fromEntries([...keys].map((key) => [key, EMPTY[key]]));
}
