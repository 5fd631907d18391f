/**
 * The content function (bounded context "content"): the blog. `GET /blog/posts` answers
 * `{ articles }` (summaries, newest update first) and `GET /blog/posts/{slug}` one Article with
 * its sanitised HTML (shared/content/article.ts), dispatched on `event.routeKey` by the shared
 * HTTP chain. It touches no table: a failing content service fails the blog only (502/503
 * `{ message }`), never the job board.
 *
 * - `handler`: the Lambda entry point; reads the configuration once per cold start and the
 *   Contentful token (Secrets Manager) on the first request. Without Contentful it serves the
 *   articles rendered when the bundle was built (lambdas/content/rendered-articles.ts), so it
 *   carries no Markdown parser.
 * - `createContentFunction(config, readArticles)`: the function over a configuration, with the
 *   reader of the articles folder (the local server and tests pass the Markdown one).
 * - `createContentHandler(deps)`: the same handler over a given port (tests).
 */
import { getBlogArticle, listBlogArticles } from '../../shared/content/blog-articles';
import type { ContentRepository } from '../../shared/content/content-repository';
import { readConfig, type Config } from '../config';
import { createContentRepository, type ArticleFolderReader } from '../content/content-repository';
import { createRenderedArticlesRepository } from '../content/rendered-articles';
import { createHttpHandler, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger } from '../observability/log';
import { routeKey } from '../http/routes';
import { onFirstCall } from './on-first-call';

export interface ContentDeps {
  content: ContentRepository;
}

/** The content function's routes: parse → one domain function → response body. */
export const contentRoutes = (deps: ContentDeps): ApiRoutes => ({
  [routeKey({ method: 'GET', path: '/blog/posts' })]: {
    cache: 'public',
    handle: () => listBlogArticles(deps),
  },
  [routeKey({ method: 'GET', path: '/blog/posts/{slug}' })]: {
    cache: 'public',
    handle: (event) => getBlogArticle(event.pathParameters ?? {}, deps),
  },
});

export const createContentHandler = (deps: ContentDeps, options: HttpHandlerOptions = {}): HttpHandler =>
  createHttpHandler(contentRoutes(deps), options);

/** Builds the content function from a configuration (one call per cold start); it needs no storage. */
export const createContentFunction = (config: Config, readArticles: ArticleFolderReader): HttpHandler =>
  createContentHandler({ content: createContentRepository(config, readArticles) }, { logger: createLogger(config.logLevel) });

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createContentFunction(readConfig(), createRenderedArticlesRepository));
