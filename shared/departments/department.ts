import { z } from 'zod';

/**
 * The one department taxonomy every job is filed under, in display order.
 * A job keeps its source's own department name too (`source_department`).
 */
export const DEPARTMENTS = [
  'Engineering',
  'Research',
  'Data Science',
  'ML',
  'Product',
  'Design',
  'Sales',
  'Marketing',
  'Operations',
  'People',
  'Finance',
  'Legal',
  'Customer Success',
  'Other',
] as const;

export const DepartmentSchema = z.enum(DEPARTMENTS);
export type Department = z.infer<typeof DepartmentSchema>;
