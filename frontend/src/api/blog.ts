/**
 * Typed clients for the blog API: `GET /api/blog/posts` (every article's summary, newest update
 * first) and `GET /api/blog/posts/{slug}` (one article with its sanitised HTML). Types come from
 * shared/ as type-only imports, so zod stays out of the browser bundle.
 */
import type { Article, ArticleList, ArticleSummary } from '../../../shared/content/article';
import { getJson } from './http';

export type { Article, ArticleList, ArticleSummary };

/** `{ articles }`. @throws ApiError (502/503 when the content service is down) or on a network failure. */
export const listArticles = (signal?: AbortSignal): Promise<ArticleList> => getJson<ArticleList>('/blog/posts', signal);

/** One article by slug. @throws ApiError, status 404 for an unknown article. */
export const getArticle = (slug: string, signal?: AbortSignal): Promise<Article> =>
  getJson<Article>(`/blog/posts/${encodeURIComponent(slug)}`, signal);
