import { defineFilter } from './search-filter';

/** `companies: [name]`: only jobs of these companies (name or key, any case), e.g. a company page's list. */
export const companiesFilter = defineFilter({
  name: 'companies',
  description: 'Only jobs of these companies (name or key, any case), e.g. a company page’s list.',
  value: { kind: 'texts', max: 50 },
  url: { param: 'companies' },
  chip: (company) => `At ${company}`,
  index: { key: 'companies', match: { by: 'companies', keep: 'only' } },
});

/** `exclude_companies: [name]`: leaves out jobs of these companies (name or key, any case). */
export const excludeCompaniesFilter = defineFilter({
  name: 'exclude_companies',
  description: 'Leaves out jobs of these companies (name or key, any case).',
  value: { kind: 'texts', max: 50 },
  url: { param: 'exclude_companies' },
  chip: (company) => `Not ${company}`,
  index: { key: 'excludeCompanies', match: { by: 'companies', keep: 'except' } },
});
