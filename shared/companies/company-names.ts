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
