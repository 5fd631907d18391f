/**
 * The blog's content port from the configuration (lambdas/config.ts): Contentful when a space is
 * configured (token given directly, or read from Secrets Manager on the first request and kept),
 * else the Markdown articles in `config.content.articlesDir`.
 */
import type { ContentRepository } from '../../shared/content/content-repository';
import type { Config } from '../config';
import { createSecretReader, secretOf, type SecretReader } from '../secrets/secrets';
import { createContentfulRepository } from './contentful-repository';
import { createMarkdownRepository } from './markdown-repository';

export const createContentRepository = (
  config: Pick<Config, 'content' | 'region'>,
  readSecret?: SecretReader,
): ContentRepository => {
  const contentful = config.content.contentful;
  if (contentful === null) return createMarkdownRepository(config.content.articlesDir);
  const { token } = contentful;
  const secret = secretOf(token, (arn) => (readSecret ??= createSecretReader(config.region))(arn));
  return createContentfulRepository({
    space: contentful.space,
    environment: contentful.environment,
    host: contentful.host,
    accessToken: typeof secret === 'string' ? async () => secret : secret,
  });
};
