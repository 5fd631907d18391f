import { DEPARTMENTS, type Department } from './department';

/** `GET /departments` response. */
export interface DepartmentList {
  items: Department[];
}

/**
 * `GET /departments`: the whole department taxonomy in display order, including departments
 * that have no open job right now. Chosen over "departments with open jobs" because the list
 * is then stable (cacheable, no storage read) and is also the set of job-alert groups a
 * subscriber may pick before a matching job exists; a filter that finds nothing shows
 * 'No results found.'.
 */
export const listDepartments = (): DepartmentList => ({ items: [...DEPARTMENTS] });
