/**
 * Where a company's logo may be, read from its home page's HTML (hostile input: parsed with
 * htmlparser2, never executed; only http(s) URLs kept). Best first:
 * 1. `<link rel="apple-touch-icon">` (and `apple-touch-icon-precomposed`), largest `sizes` first:
 *    square, usually 180 px;
 * 2. `<link rel="icon">` (and `shortcut icon`), SVG first, then largest `sizes`;
 * 3. `<meta property="og:image">`: often a wide banner, so only after the icons;
 * 4. `/favicon.ico` at the page's origin, which browsers try when nothing is declared.
 * Relative URLs resolve against `pageUrl` (the page's final URL after redirects). Duplicates are
 * dropped; at most `MAX_LOGO_CANDIDATES`. The crawler fetches them in order through the guarded
 * client and keeps the first image that decodes.
 *
 * e.g. logoCandidates('<link rel="icon" href="/i.svg">', 'https://cohere.com/') →
 *      ['https://cohere.com/i.svg', 'https://cohere.com/favicon.ico']
 */
import { Parser } from 'htmlparser2';

export const MAX_LOGO_CANDIDATES = 5;

interface Candidate {
  url: string;
  rank: number;
  /** Larger first within a rank (the largest declared size; SVG counts as any size). */
  size: number;
}

const relsOf = (value: string | undefined): string[] => (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/** Largest width in a `sizes` attribute ("32x32 180x180" → 180, "any" → Infinity, none → 0). */
const largest = (sizes: string | undefined, type: string | undefined, href: string): number => {
  if ((type ?? '').includes('svg') || /\.svg(?:$|[?#])/i.test(href) || /\bany\b/i.test(sizes ?? '')) return Number.POSITIVE_INFINITY;
  return Math.max(0, ...[...(sizes ?? '').matchAll(/(\d+)x\d+/gi)].map((match) => Number(match[1])));
};

const absolute = (href: string, base: string): string | null => {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

export function logoCandidates(html: string, pageUrl: string): string[] {
  const found: Candidate[] = [];
  const add = (href: string | undefined, rank: number, size: number) => {
    const url = href === undefined ? null : absolute(href, pageUrl);
    if (url !== null) found.push({ url, rank, size });
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'link') {
          const rels = relsOf(attributes.rel);
          const size = largest(attributes.sizes, attributes.type, attributes.href ?? '');
          if (rels.some((rel) => rel.startsWith('apple-touch-icon'))) add(attributes.href, 1, size);
          else if (rels.includes('icon')) add(attributes.href, 2, size);
        } else if (name === 'meta' && ['og:image', 'og:image:url', 'og:image:secure_url'].includes((attributes.property ?? attributes.name ?? '').toLowerCase())) {
          add(attributes.content, 3, 0);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  add('/favicon.ico', 4, 0);
  const ordered = found.sort((a, b) => a.rank - b.rank || b.size - a.size).map((candidate) => candidate.url);
  return [...new Set(ordered)].slice(0, MAX_LOGO_CANDIDATES);
}
