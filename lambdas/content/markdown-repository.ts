/**
 * The content port on Markdown articles shipped in the repo (lambdas/content/articles/*.md):
 * what the blog serves when no Contentful space is configured.
 *
 * Each file starts with YAML front matter, then the body in Markdown (GitHub-flavoured):
 *
 *   ---
 *   headline: How to read an AI job posting
 *   description: One or two sentences for cards and search engines.
 *   published: 2026-01-12T09:00:00Z
 *   updated: 2026-02-03T16:30:00Z
 *   image: https://...            # optional, https only
 *   image_alt: ...                # optional
 *   ---
 *
 * The slug is the file name without ".md"; the body is rendered by marked (GitHub-flavoured) and
 * then sanitised by the one allowlist sanitiser (shared/html/sanitize.ts), as Contentful's Rich
 * Text is (article-html.ts). Files are read and rendered once, on the first request, and kept.
 * Throws `ArticleFileError` naming the file when front matter is missing or
 * malformed (a broken article is a bug in the repo, caught by the tests, not a visitor's problem).
 *
 * This is how the local server and the tests serve them; the deployed function serves the same
 * articles rendered by `readArticleFiles` at synth time (rendered-articles.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import frontMatter from 'front-matter';
import { Marked } from 'marked';
import { z } from 'zod';
import { ArticleSchema, type Article } from '../../shared/content/article';
import type { ContentRepository } from '../../shared/content/content-repository';
import { sanitizeDescription } from '../../shared/html/sanitize';
import { createArticleListRepository } from './rendered-articles';

const markdown = new Marked({ gfm: true, async: false });

/** Markdown text as sanitised HTML ("" when nothing readable is left). */
const markdownToHtml = (text: string): string => sanitizeDescription(markdown.parse(text, { async: false })) ?? '';

export class ArticleFileError extends Error {
  override name = 'ArticleFileError';
}

const FrontMatterSchema = z.object({
  headline: z.string().trim().min(1),
  description: z.string().trim().min(1),
  published: z.coerce.date(),
  updated: z.coerce.date().optional(),
  image: z.url({ protocol: /^https$/ }).optional(),
  image_alt: z.string().optional(),
});

/** Parses one article file's text; `slug` is its file name without ".md". */
export const parseArticleFile = (slug: string, text: string): Article => {
  let parsed: { attributes: unknown; body: string };
  try {
    parsed = frontMatter(text);
  } catch (error) {
    throw new ArticleFileError(`${slug}.md: front matter is not valid YAML`, { cause: error });
  }
  const meta = FrontMatterSchema.safeParse(parsed.attributes);
  if (!meta.success) {
    const issue = meta.error.issues[0];
    throw new ArticleFileError(`${slug}.md: front matter ${issue?.path.join('.') || 'block'}: ${issue?.message}`);
  }
  const { headline, description, published, updated, image, image_alt } = meta.data;
  const article = ArticleSchema.safeParse({
    slug,
    headline,
    description,
    image: image === undefined ? null : { url: image, alt: image_alt ?? headline },
    published_at: published.toISOString(),
    updated_at: (updated ?? published).toISOString(),
    html: markdownToHtml(parsed.body),
  });
  if (!article.success) throw new ArticleFileError(`${slug}.md: ${article.error.issues[0]?.path.join('.')}: ${article.error.issues[0]?.message}`);
  return article.data;
};

/** Reads and renders every `*.md` article in `dir` (synchronously: a handful of small files, also read at synth time). */
export const readArticleFiles = (dir: string): Article[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticleFile(name.slice(0, -3), readFileSync(path.join(dir, name), 'utf8')));

export const createMarkdownRepository = (dir: string): ContentRepository => createArticleListRepository(async () => readArticleFiles(dir));
