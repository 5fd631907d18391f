/**
 * A company's display name when no source names it: made from its board token.
 *
 * `nameFromToken("physical-intelligence")` → "Physical Intelligence"; "liquid_ai" → "Liquid AI";
 * a Workday token "acme.wd5.External" → "Acme" (its tenant). Words are split on hyphens,
 * underscores and spaces, capitalised, and "ai", "ml", "llm" written as acronyms.
 */
const ACRONYMS = /^(?:ai|ml|llm)$/i;

export const nameFromToken = (token: string): string =>
  token
    .replace(/\.wd\d+\..*$/i, '')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

/** Lower-case letters and digits of a name or token: "Liquid-AI" → "liquidai". */
const letters = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The company's name as it writes it in its own postings on the board whose token is `token`
 * (the provider publishes no organisation name, e.g. Ashby's posting API): the most frequent
 * spelling in `texts` (the postings' plain descriptions) of the token's letters, with or without
 * spaces, dots or hyphens between them ("hcompany" → "H Company", "lmarena" → "LMArena",
 * "worldlabs" → "World Labs", "n8n" → "n8n"); for a token ending in "ai" with no word break before
 * it, also without that "ai" ("manusai" → "Manus" when the postings say "Manus" more than
 * "Manus AI"). Spellings in mixed case win over all-lower-case ones (a brand written lower case,
 * "turbopuffer", counts when there is no other); all-capitals spellings ("COHERE", from headings)
 * never count. Null when the postings never write the name.
 */
export const nameFromPostings = (token: string, texts: readonly string[]): string | null => {
  const full = letters(token);
  if (full.length < 2) return null;
  const stems = /^[a-z0-9]{3,}ai$/i.test(token) ? [full, full.slice(0, -2)] : [full];
  const pattern = new RegExp(stems.map((stem) => `(?<![\\p{L}\\p{N}])${[...stem].map(escapeRegExp).join('[ .\\-]?')}(?![\\p{L}\\p{N}])`).join('|'), 'giu');
  const mixed = new Map<string, number>();
  const lower = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(pattern)) {
      const form = match[0].replace(/\s+/g, ' ');
      const counts = form === form.toLowerCase() ? lower : form === form.toUpperCase() ? null : mixed;
      counts?.set(form, (counts.get(form) ?? 0) + 1);
    }
  }
  const best = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return best(mixed) ?? best(lower);
};

/** The letters of a board token, a Workday token's tenant only ("acme.wd5.External" → "acme"). */
const tokenLetters = (boardToken: string): string => letters(boardToken.replace(/\.wd\d+\..*$/i, ''));

/**
 * Whether a company's stored name spells nothing but its board token's letters ("Lmarena" for
 * "lmarena"): the only names `betterName` replaces, so a source need not read the name its
 * postings write for any other company (Ashby's `nameFromPostings` scans every description).
 */
export const nameMadeFromToken = (stored: string, boardToken: string): boolean => letters(stored) === tokenLetters(boardToken);

/** Company-form words a published organisation name may add to the board's name ("Acme Inc."). */
const LEGAL_FORM = /\s*,?\s*\b(?:inc|ltd|llc|gmbh|ag|sas|bv|plc|corp|co|limited|incorporated)\.?$/i;

/**
 * The better display name for a company whose stored name was only made from its board token
 * ("Lmarena", "lmarena", "Wshgroup"), from the name the board publishes or its postings write
 * (`published`: "LMArena", "WSH Group"): `published` (legal form dropped) when it spells the
 * token's letters (or the token without a trailing "ai"); null when the stored name came from
 * elsewhere (a profile, a list that named it: "Character.AI"), when `published` names something
 * else, or when nothing would change.
 */
export const betterName = (stored: string, boardToken: string, published: string | null | undefined): string | null => {
  if (!published || !nameMadeFromToken(stored, boardToken)) return null;
  const name = published.replace(/\s+/g, ' ').trim().replace(LEGAL_FORM, '');
  const token = tokenLetters(boardToken);
  if (name === '' || name === stored || name.length > 120) return null;
  const spelled = letters(name);
  return spelled === token || (token.endsWith('ai') && spelled === token.slice(0, -2)) ? name : null;
};
