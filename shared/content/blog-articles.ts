/**
 * The blog's two API operations over the content port:
 *
 * - `listBlogArticles(deps)` → `{ articles }` (`GET /blog/posts`), newest update first;
 * - `getBlogArticle(params, deps)` → one Article (`GET /blog/posts/{slug}`).
 *
 * Throws `ZodError` for a malformed slug (HTTP 400 "slug: ..."), `NotFoundError`
 * ("No article 'slug'") for an unknown one, and passes on the port's `UpstreamError`.
 */
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { ArticleSlugSchema, byNewestUpdate, type Article, type ArticleList } from './article';
import type { ContentRepository } from './content-repository';

/** Path parameters of `GET /blog/posts/{slug}`, as API Gateway hands them over (URL-decoded). */
export const ArticlePathSchema = z.object({ slug: ArticleSlugSchema });

export const listBlogArticles = async (deps: { content: Pick<ContentRepository, 'listArticles'> }): Promise<ArticleList> => ({
  articles: (await deps.content.listArticles()).sort(byNewestUpdate),
});

export const getBlogArticle = async (params: unknown, deps: { content: Pick<ContentRepository, 'getArticle'> }): Promise<Article> => {
  const { slug } = ArticlePathSchema.parse(params);
  const article = await deps.content.getArticle(slug);
  if (article === null) throw new NotFoundError(`No article '${slug}'`);
  return article;
};
