import sanitizeHtml from 'sanitize-html';

/**
 * Sanitising of employer-supplied HTML job descriptions (allowlist, via sanitize-html).
 *
 * Kept: paragraphs, line breaks, headings h2–h4 (h1 becomes h2, h5/h6 become h4), strong,
 * em, b, i, u, s, lists, blockquote, code, pre, hr, simple tables (colspan/rowspan only)
 * and links. Links keep only http, https and mailto targets and always get
 * `rel="noopener noreferrer nofollow"` and `target="_blank"`.
 *
 * Dropped: scripts, styles, iframes, forms and other non-text elements with their content;
 * every other tag is unwrapped (its text stays); every attribute not listed above (style,
 * class, id, on* event handlers); empty paragraphs, headings and links.
 *
 * Images are dropped, not allowed even over https: a description is text, and an image
 * would load a third-party resource (tracking, mixed content) on our pages and need its
 * host in the site's Content-Security-Policy.
 */

const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head', 'select', 'button'];

const EMPTY_DROPPED = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'u', 's', 'a', 'li', 'blockquote', 'code', 'pre']);

const withLinkRel: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: { ...(attribs.href === undefined ? {} : { href: attribs.href }), rel: 'noopener noreferrer nofollow', target: '_blank' },
});

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
  allowedAttributes: { a: ['href', 'rel', 'target'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: { h1: 'h2', h5: 'h4', h6: 'h4', a: withLinkRel },
  exclusiveFilter: (frame) => EMPTY_DROPPED.has(frame.tag) && frame.text.trim() === '' && frame.mediaChildren.length === 0 && !/<br\s*\/?>/.test(frame.text),
};

/** Tags, non-breaking spaces and whitespace from where it starts: nothing a reader sees. */
const INVISIBLE_RUN = /(?:<[^>]*>|&nbsp;|&#160;|\s)*/y;

/** Whether anything is left once tags, `&nbsp;` and whitespace are taken out; stops at the first visible character. */
const hasVisibleText = (html: string): boolean => {
  INVISIBLE_RUN.lastIndex = 0;
  INVISIBLE_RUN.exec(html);
  return INVISIBLE_RUN.lastIndex < html.length;
};

/**
 * Sanitises one HTML description with the allowlist above.
 * Returns the safe HTML, or null when nothing readable is left (empty, only markup, only
 * scripts). Never throws on any string.
 */
export const sanitizeDescription = (html: string): string | null => {
  if (typeof html !== 'string' || html.trim() === '') return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return hasVisibleText(clean) ? clean : null;
};
