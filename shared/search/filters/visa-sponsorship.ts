import { defineFilter } from './search-filter';

/** `visa_sponsorship: true`: only jobs that say they sponsor work visas (false: no filter). */
export const visaSponsorshipFilter = defineFilter({
  name: 'visa_sponsorship',
  description: 'true: only jobs that say they sponsor work visas (false: no filter).',
  value: { kind: 'flag' },
  url: { param: 'visa_sponsorship' },
  chip: () => 'Visa sponsorship',
  index: {
    key: 'visaSponsorship',
    match: { by: 'number', of: (job) => (job.visa_sponsorship === 'offered' ? 1 : 0), keep: 'at-least', unstated: 'left-out' },
  },
});
