/**
 * The faceted filters on a job's own attributes: department, workplace, seniority, employment type.
 * Values in one list combine with OR; each facet counts its values with every other filter kept.
 */
import { DEPARTMENTS } from '../../departments/department-names';
import { EMPLOYMENT_TYPE_LABELS, keysOf, SENIORITY_LABELS } from '../../format/job-labels';
import { WORKPLACE_LABELS, workplaceLabel } from '../../format/workplace';
import { defineFilter } from './search-filter';

/** `departments: [name]` (URL: one `department`, sent as written: the API answers 400 for an unknown one). */
export const departmentsFilter = defineFilter({
  name: 'departments',
  description: 'Jobs in one of these departments (the taxonomy of GET /departments). The page URL names one: `department`.',
  value: { kind: 'choices', values: DEPARTMENTS, max: 20 },
  url: { param: 'department', one: true, keepUnknown: true },
  chip: (department) => department,
  index: { key: 'departments', match: { by: 'attribute', facet: 'department', of: (job) => job.department } },
});

/** `is_remote: [remote|hybrid|onsite]`. */
export const workplaceFilter = defineFilter({
  name: 'is_remote',
  description: 'Jobs of these workplace types: remote, hybrid, onsite.',
  value: { kind: 'choices', values: keysOf(WORKPLACE_LABELS), max: 3 },
  url: { param: 'is_remote' },
  chip: workplaceLabel,
  index: { key: 'workplaces', match: { by: 'attribute', facet: 'workplace', of: (job) => job.workplace_type } },
});

/** `seniority: [intern|junior|mid|senior|staff|manager|director|executive]`. */
export const seniorityFilter = defineFilter({
  name: 'seniority',
  description: 'Jobs of these seniority levels: intern, junior, mid, senior, staff, manager, director, executive.',
  value: { kind: 'choices', values: keysOf(SENIORITY_LABELS), max: 8 },
  url: { param: 'seniority' },
  chip: (level) => SENIORITY_LABELS[level],
  index: { key: 'seniorities', match: { by: 'attribute', facet: 'seniority', of: (job) => job.seniority } },
});

/** `employment_types: [full_time|part_time|contract|temporary|intern]`. */
export const employmentTypesFilter = defineFilter({
  name: 'employment_types',
  description: 'Jobs of these employment types: full_time, part_time, contract, temporary, intern.',
  value: { kind: 'choices', values: keysOf(EMPLOYMENT_TYPE_LABELS), max: 5 },
  url: { param: 'employment_types' },
  chip: (type) => EMPLOYMENT_TYPE_LABELS[type],
  index: { key: 'employmentTypes', match: { by: 'attribute', facet: 'employment_type', of: (job) => job.employment_type } },
});
