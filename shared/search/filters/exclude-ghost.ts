import { defineFilter } from './search-filter';

/** `exclude_ghost: true`: leaves out jobs marked as likely ghost jobs as of now (shared/jobs/ghost.ts; reads the clock). */
export const excludeGhostFilter = defineFilter({
  name: 'exclude_ghost',
  description: 'true: leaves out jobs that are likely ghost jobs as of now (false: no filter).',
  value: { kind: 'flag' },
  url: { param: 'exclude_ghost' },
  reads: 'clock',
  chip: () => 'No likely ghost jobs',
  index: { key: 'excludeGhostAt', from: (on, now) => (on ? now : null), match: { by: 'ghost' } },
});
