import { ghostSince } from '../jobs/ghost';
import { regionContains } from '../normalise/regions';
import type { JobTableRules } from './job-table';

/**
 * The domain rules the job index filters by, from their own modules: which countries a region
 * holds (shared/normalise/regions.ts) and when a job looks like a ghost job (shared/jobs/ghost.ts).
 */
export const JOB_TABLE_RULES: JobTableRules = { regionContains, ghostSince };
