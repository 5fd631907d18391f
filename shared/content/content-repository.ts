/**
 * The content port: where the blog's articles come from. Implemented in lambdas/content by the
 * Contentful adapter (the Content Delivery API through the `contentful` SDK) and by the local
 * adapter (Markdown files shipped in the repo); unit tests use an in-memory array.
 *
 * Both methods throw `UpstreamError` (shared/errors.ts) when the content service fails or cannot
 * be reached, and `NotFoundError` when the service says the space or environment does not exist.
 */
import type { Article, ArticleSummary } from './article';

export interface ContentRepository {
  /** Every published article's summary (any order; callers sort). */
  listArticles(): Promise<ArticleSummary[]>;
  /** One published article by slug, or null when there is none. */
  getArticle(slug: string): Promise<Article | null>;
}
