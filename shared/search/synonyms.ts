/**
 * The field's synonyms and abbreviations: ONE reviewed list that both the index and the search
 * text go through (shared/search/search-terms.ts). Each group holds words and phrases that mean
 * the same to a job seeker; the first entry (one word) is the term both sides are stored under.
 *
 * - A one-word entry is an alias: "k8s" is read as "kubernetes" wherever it appears.
 * - A phrase entry ("machine learning") adds the group's term to a posting that contains the
 *   phrase (its words stay searchable too), and in search text it is read as the group's term,
 *   so "machine learning" finds "ML Engineer" and "ML" finds "Machine Learning Researcher".
 *
 * Words are compared after folding and stemming, so "Large Language Models" is the phrase
 * "large language model" and "Software Engineering" the phrase "software engineer".
 * Review rule: add a group only when every entry means the same in job postings (no "CV":
 * computer vision and résumé; no "PM": product, project and program manager).
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['ml', 'machine learning'],
  ['llm', 'large language model'],
  ['genai', 'generative ai', 'gen ai'],
  ['ai', 'artificial intelligence'],
  ['nlp', 'natural language processing'],
  ['swe', 'software engineer'],
  ['sre', 'site reliability engineer'],
  ['nyc', 'new york'],
  ['sf', 'san francisco'],
  ['kubernetes', 'k8s'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['node', 'nodejs'],
  ['go', 'golang'],
  ['.net', 'dotnet'],
  ['c++', 'cpp'],
  ['c#', 'csharp'],
  ['postgres', 'postgresql'],
  ['react', 'reactjs'],
  ['vue', 'vuejs'],
  ['next', 'nextjs'],
];
