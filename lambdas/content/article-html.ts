/**
 * Article bodies to the site's safe HTML: Contentful Rich Text documents through
 * @contentful/rich-text-html-renderer, Markdown through marked (GitHub-flavoured), both then
 * through the one allowlist sanitiser (shared/html/sanitize.ts): scripts, styles, images,
 * event handlers and unknown tags never reach the page; links open in a new tab with
 * rel="noopener noreferrer nofollow". Returns "" when nothing readable is left; never throws on
 * a well-formed document (the SDK hands us what Contentful validated as Rich Text).
 */
import { documentToHtmlString } from '@contentful/rich-text-html-renderer';
import type { Document } from '@contentful/rich-text-types';
import { Marked } from 'marked';
import { sanitizeDescription } from '../../shared/html/sanitize';

const markdown = new Marked({ gfm: true, async: false });

/** A Contentful Rich Text document as sanitised HTML. */
export const richTextToHtml = (document: Document): string => sanitizeDescription(documentToHtmlString(document)) ?? '';

/** Markdown text as sanitised HTML. */
export const markdownToHtml = (text: string): string => sanitizeDescription(markdown.parse(text, { async: false })) ?? '';
