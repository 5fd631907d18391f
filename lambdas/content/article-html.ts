/**
 * Contentful Rich Text documents to the site's safe HTML: through
 * @contentful/rich-text-html-renderer, then the one allowlist sanitiser (shared/html/sanitize.ts):
 * scripts, styles, images, event handlers and unknown tags never reach the page; links open in a
 * new tab with rel="noopener noreferrer nofollow". Returns "" when nothing readable is left; never
 * throws on a well-formed document (the SDK hands us what Contentful validated as Rich Text).
 * Markdown articles go through the same sanitiser (markdown-repository.ts).
 */
import { documentToHtmlString } from '@contentful/rich-text-html-renderer';
import type { Document } from '@contentful/rich-text-types';
import { sanitizeDescription } from '../../shared/html/sanitize';

/** A Contentful Rich Text document as sanitised HTML. */
export const richTextToHtml = (document: Document): string => sanitizeDescription(documentToHtmlString(document)) ?? '';
