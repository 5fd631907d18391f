import { z } from 'zod';
import { DEPARTMENTS } from './department-names';

export { DEPARTMENTS } from './department-names';

export const DepartmentSchema = z.enum(DEPARTMENTS);
export type Department = z.infer<typeof DepartmentSchema>;
