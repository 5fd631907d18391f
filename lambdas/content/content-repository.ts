/**
 * The blog's content port from the configuration (lambdas/config.ts): Contentful when a space is
 * configured (token given directly, or read from Secrets Manager on the first request and kept),
 * else the articles `readArticles` serves from `config.content.articlesDir`: the Markdown files
 * themselves (markdown-repository.ts, local server and tests) or the articles rendered from them
 * when the bundle was built (rendered-articles.ts, the deployed function).
 */
import type { ContentRepository } from '../../shared/content/content-repository';
import type { Config } from '../config';
import { createSecretReader, resolveSecret, type SecretReader } from '../secrets/secrets';
import { createContentfulRepository } from './contentful-repository';

/** The port over the articles in a folder. */
export type ArticleFolderReader = (dir: string) => ContentRepository;

export const createContentRepository = (
  config: Pick<Config, 'content' | 'region'>,
  readArticles: ArticleFolderReader,
  readSecret: SecretReader = createSecretReader(config.region),
): ContentRepository => {
  const contentful = config.content.contentful;
  if (contentful === null) return readArticles(config.content.articlesDir);
  return createContentfulRepository({
    space: contentful.space,
    environment: contentful.environment,
    host: contentful.host,
    accessToken: () => resolveSecret(contentful.token, readSecret),
  });
};
