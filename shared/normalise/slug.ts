/**
 * Job slugs: the URL path segment a job is addressed by within its company
 * (`/jobs/{company}{slug}`), as `JobSchema.slug_url` requires: /^\/[a-z0-9-]+$/.
 */

/** Combining marks. */
const MARKS = /\p{M}/gu;

/** Longest title part kept, in characters (the suffix comes on top). */
export const MAX_TITLE_SLUG = 80;

/** ASCII, accent-free, lower case words joined by single hyphens. "Développeur C++" → "developpeur-c". */
const toWords = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** FNV-1a (32-bit) of a string, as 7 base-36 characters: stable across runs and machines. */
const shortHash = (text: string): string => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
};

/**
 * A stable suffix from the source's job id: the first group of a UUID
 * ("443368a3-6276-…" → "443368a3"), a short id as it is ("4012345"), else a hash.
 */
const idSuffix = (sourceJobId: string): string => {
  const uuid = /^([0-9a-f]{8})-[0-9a-f]{4}-/i.exec(sourceJobId.trim());
  if (uuid?.[1]) return uuid[1].toLowerCase();
  const plain = toWords(sourceJobId);
  return plain !== '' && plain.length <= 12 && plain === sourceJobId.trim().toLowerCase() ? plain : shortHash(sourceJobId);
};

/**
 * The slug of a job: "/" + its title as words (at most `MAX_TITLE_SLUG` characters, cut at
 * a word boundary) + "-" + a short suffix from the source job id, e.g.
 * jobSlug("Senior Member of Technical Staff, Multimodal AI", "443368a3-6276-…")
 * → "/senior-member-of-technical-staff-multimodal-ai-443368a3".
 * The same title and id always give the same slug; the id part keeps two jobs of one
 * company with the same title apart. A title with no letters or digits becomes "job".
 */
export const jobSlug = (title: string, sourceJobId: string): string => {
  let words = toWords(title);
  if (words.length > MAX_TITLE_SLUG) {
    const cut = words.slice(0, MAX_TITLE_SLUG + 1);
    const lastHyphen = cut.lastIndexOf('-');
    words = (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_TITLE_SLUG)).replace(/-+$/, '');
  }
  return `/${words || 'job'}-${idSuffix(sourceJobId)}`;
};
