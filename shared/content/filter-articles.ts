/**
 * The blog's search box (runs in the browser): keeps the articles whose headline or meta
 * description contains the typed text, ignoring case and surrounding spaces. An empty query
 * keeps everything; order is kept. Plain string matching, no zod: this module ships in the SPA.
 *
 *   filterArticles(articles, 'RESUME') // articles mentioning "resume" in headline or description
 */
export interface Searchable {
  headline: string;
  description: string;
}

export const filterArticles = <T extends Searchable>(articles: readonly T[], query: string): T[] => {
  const needle = query.trim().toLocaleLowerCase('en-US');
  if (needle === '') return [...articles];
  return articles.filter(
    (article) =>
      article.headline.toLocaleLowerCase('en-US').includes(needle) || article.description.toLocaleLowerCase('en-US').includes(needle),
  );
};
