import { countryName } from '../../format/job-labels';
import { defineFilter } from './search-filter';

/**
 * `remote_from` (ISO 3166-1 alpha-2): remote jobs a person living there may take: worldwide, that
 * country, or a region containing it.
 */
export const remoteFromFilter = defineFilter({
  name: 'remote_from',
  description: 'ISO 3166-1 alpha-2 code: remote jobs a person living there may take (worldwide, that country, or a region containing it).',
  value: { kind: 'country' },
  url: { param: 'remote_from' },
  chip: (code) => `Remote from ${countryName(code)}`,
  index: { key: 'remoteFrom', match: { by: 'remote-from' } },
});

/**
 * `countries: [ISO 3166-1 alpha-2]`: a place in one of them, or a remote job open to one of them
 * (worldwide, naming it, or naming a region that contains it). Faceted: `facets.country`.
 */
export const countriesFilter = defineFilter({
  name: 'countries',
  description: 'ISO 3166-1 alpha-2 codes: jobs placed in one of them, or remote and open to one of them (worldwide, naming it, or a region containing it).',
  value: { kind: 'countries', max: 50 },
  url: { param: 'countries' },
  chip: (code) => `In ${countryName(code)}`,
  index: { key: 'countries', match: { by: 'places', facet: 'country' } },
});
