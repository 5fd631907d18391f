import { z } from 'zod';
import { DepartmentSchema } from '../departments/department';
import { WorkplaceSchema, type PublicJob } from './job';

/**
 * `POST /jobs` request body, the original product's contract:
 * `{page (zero-based), page_size (1 to 240), search: [text] | null, departments: [name] | null,
 *   is_remote: [remote|hybrid|onsite] | null}`. Missing fields take their defaults.
 */
export const JobQuerySchema = z
  .object({
    page: z.number().int().min(0).max(10_000).default(0),
    page_size: z.number().int().min(1).max(240).default(20),
    search: z.array(z.string().max(200)).max(20).nullable().default(null),
    departments: z.array(DepartmentSchema).max(20).nullable().default(null),
    is_remote: z.array(WorkplaceSchema).max(3).nullable().default(null),
  })
  .strict();
export type JobQuery = z.infer<typeof JobQuerySchema>;
/** What a client may send: every field optional. */
export type JobQueryInput = z.input<typeof JobQuerySchema>;

/** `POST /jobs` response: one page of jobs and the count of all that matched. */
export interface JobPage {
  jobs: PublicJob[];
  count: number;
}

/** The largest page: `page_size` 240 serves the raw dump at /jobs/api. */
export const MAX_PAGE_SIZE = 240;
