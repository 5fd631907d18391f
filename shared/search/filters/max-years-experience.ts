import { defineFilter } from './search-filter';

/** 'Up to 3 years’ experience (or unstated)'; 0: 'No experience asked (or unstated)'. */
export const maxYearsExperienceLabel = (years: number): string =>
  years === 0 ? 'No experience asked (or unstated)' : `Up to ${years} ${years === 1 ? 'year’s' : 'years’'} experience (or unstated)`;

/**
 * `max_years_experience` (0 to 30): jobs asking for at most this many years of experience, by the
 * lower figure the posting states (`years_experience.min`, read by shared/normalise/experience.ts:
 * "3-5 years" asks 3, "5+ years" asks 5). A job that states no requirement is kept: it does not
 * ask for more, and leaving it out would hide most postings (many never say).
 */
export const maxYearsExperienceFilter = defineFilter({
  name: 'max_years_experience',
  description:
    'Jobs asking for at most this many years of experience (0 to 30), by the lower figure the posting states ("3-5 years" asks 3). Jobs that state no requirement are kept.',
  value: { kind: 'number', min: 0, max: 30 },
  url: { param: 'max_years_experience' },
  chip: maxYearsExperienceLabel,
  index: {
    key: 'maxYearsExperience',
    match: { by: 'number', of: (job) => job.years_experience?.min ?? job.years_experience?.max ?? Number.NaN, keep: 'at-most', unstated: 'kept' },
  },
});
