/**
 * How the job fields people filter by read in lists, filters and pages. Each map is keyed by the
 * schema's own values (shared/jobs/job.ts), so the type checker keeps it complete, and its keys
 * are the zod-free list of values the browser offers (in the schema's order).
 */
import type { EmploymentType, Seniority } from '../jobs/job';

export const SENIORITY_LABELS: Readonly<Record<Seniority, string>> = {
  intern: 'Intern',
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  staff: 'Staff / Principal',
  manager: 'Manager',
  director: 'Director',
  executive: 'Executive',
};

export const EMPLOYMENT_TYPE_LABELS: Readonly<Record<EmploymentType, string>> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  intern: 'Internship',
};

/** The keys of `labels`, typed: e.g. keysOf(SENIORITY_LABELS) → ['intern', 'junior', ...]. */
export const keysOf = <K extends string>(labels: Readonly<Record<K, string>>): K[] => Object.keys(labels) as K[];

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO 3166-1 alpha-2 code as a country name ('DE' → 'Germany'); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return REGION_NAMES.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
