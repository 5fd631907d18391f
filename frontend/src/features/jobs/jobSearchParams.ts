/**
 * The job board's state as it lives in the URL, so a link or a reload shows the same results:
 * `?search=` (free text), `?department=` (a department name from shared/departments) and
 * `?page=` (1-based in the URL; the API's `page` is zero-based).
 */
import type { Department } from '../../../../shared/departments/department';
import type { JobQueryInput } from '../../api/jobs';

/** Jobs per page on the board. */
export const PAGE_SIZE = 20;

export interface JobSearchState {
  /** Trimmed search text; '' when none. */
  search: string;
  /** Department filter from the URL, or null. Sent as given: the API rejects unknown names with 400. */
  department: string | null;
  /** 1-based page number, at least 1. */
  page: number;
}

/** Reads the board's state from URL query parameters; a missing or malformed `page` is 1. */
export function readJobSearch(params: URLSearchParams): JobSearchState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('search') ?? '').trim(),
    department: params.get('department')?.trim() || null,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** Filters a page adds on its own (e.g. /remote_jobs sends `is_remote`, /engineering_jobs a department). */
export type FixedFilters = Pick<JobQueryInput, 'is_remote' | 'departments'>;

/** The `POST /jobs` body for `state`: search as `[text]`, department as `[dept]`, page zero-based. */
export function toJobQuery(state: JobSearchState, fixed: FixedFilters = {}): JobQueryInput {
  return {
    page: state.page - 1,
    page_size: PAGE_SIZE,
    search: state.search ? [state.search] : null,
    departments: fixed.departments ?? (state.department ? [state.department as Department] : null),
    is_remote: fixed.is_remote ?? null,
  };
}

/** New query parameters after a search for `text`: the search replaced (or removed when blank) and paging reset to page 1. */
export function withSearch(params: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = text.trim();
  if (trimmed) next.set('search', trimmed);
  else next.delete('search');
  next.delete('page');
  return next;
}

/** New query parameters showing 1-based `page` (page 1 leaves `page` out of the URL). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}
