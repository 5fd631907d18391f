/**
 * `POST /users/subscribe` request: `{ groups: string[], version?: number }`.
 * Groups are department names (shared/departments/department.ts); blank names are dropped,
 * names are trimmed and de-duplicated, and anything else is a 400 naming the entry, e.g.
 * "groups.2: Unknown department \"Robotics\"; expected one of Engineering, Research, ...".
 * `version` is the account version the browser last saw (UserView.version); when given, a save
 * over a newer version is refused with 409 instead of overwriting it.
 */
import { z } from 'zod';
import { DEPARTMENTS, type Department } from '../departments/department';

const MAX_GROUPS = 100;

const isDepartment = (name: string): name is Department => (DEPARTMENTS as readonly string[]).includes(name);

const GroupName = z
  .string()
  .max(200)
  .trim()
  .superRefine((name, ctx) => {
    if (name !== '' && !isDepartment(name)) {
      ctx.addIssue({ code: 'custom', message: `Unknown department ${JSON.stringify(name)}; expected one of ${DEPARTMENTS.join(', ')}` });
    }
  });

export const SubscribeRequestSchema = z.strictObject({
  groups: z
    .array(GroupName)
    .max(MAX_GROUPS)
    .transform((names) => [...new Set(names.filter(isDepartment))]),
  version: z.number().int().min(0).optional(),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;
