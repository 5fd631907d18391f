/**
 * The tags a page puts in <head>: `headTags(meta, origin)` → title, description, canonical link,
 * robots (noindex), alternate links (feeds), Open Graph (og:title, og:description, og:url, og:type, og:site_name) and
 * Twitter card tags, in that order. The server writes them into the initial HTML
 * (`headHtml`), the browser keeps them current while the visitor navigates (useDocumentMeta),
 * so both come from this one list.
 *
 * Tag vocabularies: The Open Graph protocol (ogp.me, og:* properties) and X/Twitter's
 * "Cards markup" (twitter:card, twitter:title, twitter:description).
 */

/** What a page says about itself. */
export interface DocumentMeta {
  /** The <title>, e.g. 'Cohere Jobs | Latent Jobs'. */
  title: string;
  /** The meta description (search result snippet, link previews). */
  description: string;
  /** Site path ('/jobs/engineering') or absolute URL of the page's canonical address. */
  canonical?: string;
  /** True for pages search engines should not index (closed jobs, status pages). */
  noindex?: boolean;
  /** Open Graph type: 'website' (default) or 'article' (job pages, blog articles). */
  type?: 'website' | 'article';
  /** Other formats of the page, e.g. its search's RSS feed: `<link rel="alternate">` each. */
  alternates?: readonly AlternateLink[];
}

/** A `<link rel="alternate">`: MIME type, title, and site path or absolute URL. */
export interface AlternateLink {
  type: string;
  title: string;
  href: string;
}

/** One element of <head>: its tag name and attributes; a title carries its text instead. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attrs: Record<string, string>;
  text?: string;
}

export const SITE_NAME = 'Latent Jobs';

/** The absolute URL of `pathOrUrl` against `origin` (e.g. 'https://latentjobs.example'). */
export const absoluteUrl = (pathOrUrl: string, origin: string): string => new URL(pathOrUrl, origin).href;

/** The head tags for `meta` on a site served at `origin`. */
export function headTags(meta: DocumentMeta, origin: string): HeadTag[] {
  const url = meta.canonical === undefined ? null : absoluteUrl(meta.canonical, origin);
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  const property = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: name, content } });
  return [
    { tag: 'title', attrs: {}, text: meta.title },
    named('description', meta.description),
    ...(url === null ? [] : [{ tag: 'link' as const, attrs: { rel: 'canonical', href: url } }]),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    ...(meta.alternates ?? []).map(({ type, title, href }): HeadTag => ({ tag: 'link', attrs: { rel: 'alternate', type, title, href: absoluteUrl(href, origin) } })),
    property('og:site_name', SITE_NAME),
    property('og:type', meta.type ?? 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    ...(url === null ? [] : [property('og:url', url)]),
    named('twitter:card', 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
  ];
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The marker attribute on the tags this module manages, so the browser can replace them. */
export const HEAD_MARKER = 'data-head';

/** `tags` as HTML for the server's initial page, each carrying the `data-head` marker. */
export const headHtml = (tags: HeadTag[]): string =>
  tags
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries({ ...attrs, [HEAD_MARKER]: '' })
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      return tag === 'title' ? `<title${attributes}>${escapeHtml(text ?? '')}</title>` : `<${tag}${attributes}>`;
    })
    .join('');
