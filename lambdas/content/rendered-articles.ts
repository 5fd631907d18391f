/**
 * The content port on articles rendered when the bundle is built: the Markdown articles
 * (markdown-repository.ts) parsed, rendered and sanitised at synth time
 * (infra/aws/constructs/api.ts) and shipped as one JSON file, `articles.json` (an array of
 * Article, shared/content/article.ts), so the deployed function carries no Markdown or YAML
 * parser and renders nothing on a cold start.
 *
 * - `renderArticles(articles)`: the file's text.
 * - `createRenderedArticlesRepository(dir)`: reads `dir/articles.json` on the first request and
 *   keeps it. @throws (from the port's methods) when the file is missing or not Article[].
 * - `createArticleListRepository(load)`: the port over any list of articles, loaded once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ArticleSchema, toArticleSummary, type Article } from '../../shared/content/article';
import type { ContentRepository } from '../../shared/content/content-repository';

export const RENDERED_ARTICLES_FILE = 'articles.json';

/** The port over the articles `load` gives: loaded on the first request and kept (a failed load is retried on the next). */
export const createArticleListRepository = (load: () => Promise<Article[]>): ContentRepository => {
  let articles: Promise<Map<string, Article>> | undefined;
  const bySlug = () => {
    articles ??= load().then((list) => new Map(list.map((article) => [article.slug, article])));
    articles.catch(() => (articles = undefined));
    return articles;
  };
  return {
    listArticles: async () => [...(await bySlug()).values()].map(toArticleSummary),
    getArticle: async (slug) => (await bySlug()).get(slug) ?? null,
  };
};

/** The text of `articles.json` for these articles. */
export const renderArticles = (articles: readonly Article[]): string => JSON.stringify(articles);

export const createRenderedArticlesRepository = (dir: string): ContentRepository =>
  createArticleListRepository(async () =>
    z.array(ArticleSchema).parse(JSON.parse(await readFile(path.join(dir, RENDERED_ARTICLES_FILE), 'utf8'))),
  );
