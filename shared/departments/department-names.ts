/**
 * The one department taxonomy every job is filed under, in display order.
 * A job keeps its source's own department name too (`source_department`).
 *
 * Zod-free, so the browser can offer them (department.ts holds the schema).
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
