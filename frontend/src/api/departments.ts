/**
 * Typed client for `GET /api/departments` → `{ items: [name] }` (the department taxonomy in display order).
 */
import type { DepartmentList } from '../../../shared/departments/list-departments';
import { getJson } from './http';

export type { DepartmentList };

/** @throws ApiError when the API answers an error or cannot be reached. */
export const listDepartments = (signal?: AbortSignal): Promise<DepartmentList> => getJson<DepartmentList>('/departments', signal);
