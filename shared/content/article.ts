/**
 * A blog article as the API serves it (`GET /blog/posts`, `GET /blog/posts/{slug}`), whatever
 * the source: Contentful's `microblog` entries or the Markdown articles shipped in the repo.
 * Adapters in lambdas/content normalise both to this one shape.
 *
 * - `slug`: the URL name, lower-case words joined by "-" (e.g. "how-to-read-an-ai-job-posting").
 * - `headline`: the title; `description`: the meta description (Contentful's `metadescriptions`).
 * - `image`: an absolute https URL with its alt text, or null (the site shows a fallback).
 * - `published_at`, `updated_at`: UTC ISO-8601 instants.
 * - `html` (full articles only): the body as sanitised HTML (shared/html/sanitize.ts).
 */
import { z } from 'zod';

/** "how-to-read-an-ai-job-posting": lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ArticleSlugSchema = z.string().min(1).max(120).regex(SLUG_PATTERN, 'expected lower-case words joined by "-"');

export const ArticleImageSchema = z.object({
  url: z.url({ protocol: /^https$/ }),
  alt: z.string(),
});

export const ArticleSummarySchema = z.object({
  slug: ArticleSlugSchema,
  headline: z.string().trim().min(1).max(300),
  description: z.string().trim().max(1000),
  image: ArticleImageSchema.nullable(),
  published_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const ArticleSchema = ArticleSummarySchema.extend({
  html: z.string(),
});

export type ArticleImage = z.infer<typeof ArticleImageSchema>;
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;
export type Article = z.infer<typeof ArticleSchema>;

/** `GET /blog/posts` answers `{ articles }`, newest update first. */
export interface ArticleList {
  articles: ArticleSummary[];
}

/** The summary of an article (everything but its body). */
export const toArticleSummary = ({ html: _html, ...summary }: Article): ArticleSummary => summary;

/** Newest `updated_at` first, then by headline, so lists are stable. */
export const byNewestUpdate = (a: ArticleSummary, b: ArticleSummary): number =>
  b.updated_at.localeCompare(a.updated_at) || a.headline.localeCompare(b.headline);
