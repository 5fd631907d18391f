import { defineFilter } from './search-filter';

/** `exclude_keywords: [text]`: leaves out jobs whose title or skills match the text (search word rules). */
export const excludeKeywordsFilter = defineFilter({
  name: 'exclude_keywords',
  description: 'Leaves out jobs whose title or skills match one of these texts (the search word rules).',
  value: { kind: 'texts', max: 50 },
  url: { param: 'exclude_keywords' },
  chip: (text) => `Without "${text}"`,
  index: { key: 'excludeKeywords', match: { by: 'words', keep: 'except' } },
});
