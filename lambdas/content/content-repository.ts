/**
 * The blog's content port from the configuration (lambdas/config.ts): Contentful when a space is
 * configured (token given directly, or read from Secrets Manager on the first request and kept),
 * else the Markdown articles in `config.content.articlesDir`.
 */
import type { ContentRepository } from '../../shared/content/content-repository';
import type { Config } from '../config';
import { createSecretReader, type SecretReader } from '../secrets/secret-string';
import { createContentfulRepository } from './contentful-repository';
import { createMarkdownRepository } from './markdown-repository';

export const createContentRepository = (
  config: Pick<Config, 'content' | 'region'>,
  readSecret?: SecretReader,
): ContentRepository => {
  const contentful = config.content.contentful;
  if (contentful === null) return createMarkdownRepository(config.content.articlesDir);
  const { token } = contentful;
  const secret = 'secretArn' in token ? (readSecret ?? createSecretReader(config.region)) : undefined;
  return createContentfulRepository({
    space: contentful.space,
    environment: contentful.environment,
    host: contentful.host,
    accessToken: 'value' in token ? async () => token.value : () => secret!(token.secretArn),
  });
};
