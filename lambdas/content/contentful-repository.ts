/**
 * The content port on Contentful's Content Delivery API, through the real `contentful` SDK.
 *
 * Content type `microblog` with fields `headline` (Text), `metadescriptions` (Text), `content`
 * (Rich Text), `slug` (Symbol) and `image` (Asset link); entries normalised to the Article shape
 * (shared/content/article.ts): `published_at` = `sys.createdAt` (first publication),
 * `updated_at` = `sys.updatedAt`, the image's protocol-relative `//images.ctfassets.net/...`
 * URL made https, rich text rendered to sanitised HTML. Entries that do not fit (no slug, a
 * slug that is not URL-safe, no headline) are left out rather than failing the whole blog.
 *
 * `createContentfulRepository(settings)`: `accessToken` is read on the first request and kept
 * (e.g. from Secrets Manager). `host` "127.0.0.1:PORT" talks plain http to a local stand-in
 * (tests/support/contentful-stand-in.ts). Failures become NotFoundError / UpstreamError
 * (contentful-errors.ts). The SDK retries 5xx and 429 answers `retryLimit` times (default 1,
 * so a request behind API Gateway's 30 s stays well inside it with `timeoutMs` 8 s).
 */
import { createClient, type Asset, type ContentfulClientApi, type Entry, type EntryFieldTypes } from 'contentful';
import type { Document } from '@contentful/rich-text-types';
import { z } from 'zod';
import { ArticleSlugSchema, type Article, type ArticleImage, type ArticleSummary } from '../../shared/content/article';
import type { ContentRepository } from '../../shared/content/content-repository';
import { UpstreamError } from '../../shared/errors';
import { richTextToHtml } from './article-html';
import { CONTENT_FAILED_MESSAGE, fromContentfulError } from './contentful-errors';

export const MICROBLOG_CONTENT_TYPE = 'microblog';

interface MicroblogSkeleton {
  contentTypeId: typeof MICROBLOG_CONTENT_TYPE;
  fields: {
    headline: EntryFieldTypes.Text;
    metadescriptions: EntryFieldTypes.Text;
    content: EntryFieldTypes.RichText;
    slug: EntryFieldTypes.Symbol;
    image: EntryFieldTypes.AssetLink;
  };
}

type MicroblogEntry = Entry<MicroblogSkeleton, undefined, string>;

export interface ContentfulSettings {
  space: string;
  environment: string;
  accessToken: () => Promise<string>;
  /** "host:port" of a stand-in (plain http); undefined for cdn.contentful.com. */
  host?: string;
  retryLimit?: number;
  timeoutMs?: number;
}

/** The most entries one list request asks for (the Content Delivery API allows 1,000). */
export const MAX_ARTICLES = 200;

const SUMMARY_FIELDS = ['sys.id', 'sys.createdAt', 'sys.updatedAt', 'fields.headline', 'fields.metadescriptions', 'fields.slug', 'fields.image'];

const EntryFieldsSchema = z.object({
  headline: z.string().trim().min(1),
  metadescriptions: z.string().optional(),
  slug: ArticleSlugSchema,
});

const imageOf = (image: unknown, headline: string): ArticleImage | null => {
  const asset = image as Partial<Asset<undefined, string>> | undefined;
  const url = asset?.sys?.type === 'Asset' ? asset.fields?.file?.url : undefined;
  if (typeof url !== 'string' || url === '') return null;
  const absolute = url.startsWith('//') ? `https:${url}` : url.replace(/^http:/, 'https:');
  if (!absolute.startsWith('https://')) return null;
  const alt = asset?.fields?.description || asset?.fields?.title || headline;
  return { url: absolute, alt: String(alt) };
};

const summaryOf = (entry: MicroblogEntry): ArticleSummary | null => {
  const fields = EntryFieldsSchema.safeParse(entry.fields);
  if (!fields.success) return null;
  const { headline, metadescriptions, slug } = fields.data;
  return {
    slug,
    headline,
    description: (metadescriptions ?? '').trim(),
    image: imageOf(entry.fields.image, headline),
    published_at: new Date(entry.sys.createdAt).toISOString(),
    updated_at: new Date(entry.sys.updatedAt).toISOString(),
  };
};

const isDocument = (value: unknown): value is Document =>
  typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === 'document' && Array.isArray((value as { content?: unknown }).content);

export const createContentfulRepository = (settings: ContentfulSettings): ContentRepository => {
  let client: Promise<ContentfulClientApi<undefined>> | undefined;
  const getClient = (): Promise<ContentfulClientApi<undefined>> => {
    client ??= settings.accessToken().then((accessToken) =>
      createClient({
        space: settings.space,
        environment: settings.environment,
        accessToken,
        ...(settings.host === undefined ? {} : { host: settings.host, insecure: true }),
        retryOnError: (settings.retryLimit ?? 1) > 0,
        retryLimit: settings.retryLimit ?? 1,
        timeout: settings.timeoutMs ?? 8_000,
        // Retries are logged by our handler's error line when they all fail; keep the SDK quiet.
        logHandler: () => undefined,
      }),
    );
    client.catch(() => (client = undefined));
    return client;
  };

  const entries = async (query: Record<string, unknown>, notFoundMessage: string): Promise<MicroblogEntry[]> => {
    const api = await getClient();
    try {
      const answer = await api.getEntries<MicroblogSkeleton>({ content_type: MICROBLOG_CONTENT_TYPE, include: 1, ...query } as never);
      if (!Array.isArray(answer?.items)) throw new Error('Content Delivery API answered without items');
      return answer.items as MicroblogEntry[];
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw fromContentfulError(error, notFoundMessage);
    }
  };

  return {
    async listArticles() {
      const items = await entries({ order: ['-sys.updatedAt'], limit: MAX_ARTICLES, select: SUMMARY_FIELDS }, 'The blog has no content yet');
      return items.map(summaryOf).filter((summary): summary is ArticleSummary => summary !== null);
    },

    async getArticle(slug) {
      const items = await entries({ 'fields.slug': slug, limit: 1 }, `No article '${slug}'`);
      const entry = items[0];
      const summary = entry === undefined ? null : summaryOf(entry);
      if (entry === undefined || summary === null || summary.slug !== slug) return null;
      const content: unknown = entry.fields.content;
      if (content !== undefined && !isDocument(content)) {
        throw new UpstreamError(CONTENT_FAILED_MESSAGE, 502, { cause: new Error(`Entry ${entry.sys.id}: content is not a Rich Text document`) });
      }
      const article: Article = { ...summary, html: content === undefined ? '' : richTextToHtml(content) };
      return article;
    },
  };
};
