/**
 * Typed clients for the companies API: `GET /api/companies/` (every listed company, most open
 * jobs first) and `GET /api/companies/{name}` (one company with its open jobs by department).
 * Types come from shared/ as type-only imports, so zod stays out of the browser bundle.
 */
import type { CompanyWithJobs, DepartmentJobs } from '../../../shared/catalog/get-company';
import type { CompanyList } from '../../../shared/companies/list-companies';
import type { PublicCompany } from '../../../shared/companies/company';
import { getJson } from './http';

export type { CompanyList, CompanyWithJobs, DepartmentJobs, PublicCompany };

/** `{ headings, companies }`. @throws ApiError when the API answers an error or cannot be reached. */
export const listCompanies = (signal?: AbortSignal): Promise<CompanyList> => getJson<CompanyList>('/companies/', signal);

/**
 * The company named `name` (any case or accent form) with `jobs: [{ department, jobs[] }]`.
 * @throws ApiError, status 404 for an unknown company.
 */
export const getCompany = (name: string, signal?: AbortSignal): Promise<CompanyWithJobs> =>
  getJson<CompanyWithJobs>(`/companies/${encodeURIComponent(name)}`, signal);
