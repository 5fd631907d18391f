/**
 * How job text and search text become search terms. One set of rules for both sides, so
 * that a word a person types matches the same word in a posting:
 *
 * - Folding: case and accents are ignored (Unicode NFKD, combining marks dropped, lower
 *   case, and ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ/ð→d, þ→th, ı→i). "Zürich" = "zurich",
 *   "MÜNCHEN" = "münchen", "Île de France" = "ile de france". Transliterations such as
 *   "Zuerich" are not folded.
 * - Words are runs of letters and digits. Tech spellings stay whole: "C++", "C#", "F#",
 *   ".NET", "R&D", "ASP.NET", "3.5". Slashes, commas, brackets and spaces separate words:
 *   "ML/AI" is "ml" and "ai"; "San Francisco" is "san" and "francisco".
 * - Whole words only, never prefixes: "java" does not match "JavaScript", "engineer" does
 *   not match "Engineering" (the discipline; the Engineering department filter serves that).
 * - Plurals fold to the singular on both sides (words of 4+ letters: "-ies"→"-y", "-s"→"",
 *   but not "-ss"): "engineers" = "engineer", "companies" = "company".
 * - Aliases: "node.js"/"nodejs" = "node" (any "X.js" is "X"), "golang" = "go",
 *   "dotnet" = ".net", "cpp" = "c++", "csharp" = "c#", "k8s" = "kubernetes",
 *   "postgresql" = "postgres", "reactjs" = "react", "vuejs" = "vue", "nextjs" = "next".
 * - Hyphenated words: a posting's "Full-Stack" is indexed as "full", "stack" and
 *   "fullstack"; a search for "full-stack" needs "full" and "stack" (so it also finds
 *   "Full Stack"), a search for "fullstack" needs the joined word.
 * - Other joined words ("ASP.NET", "R&D"): a posting is indexed under the whole word and
 *   each part (and ".net" for a dotted part), a search word must match the whole word.
 * - Apostrophes are dropped ("Founder's" = "founders" = "founder").
 * - Search text only: the small words a, an, and, at, for, in, of, on, or, the, to, with
 *   are ignored ("engineer in london" = "engineer london"). Search text with no word left
 *   counts as blank.
 */

const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case without accents (see the module's rules). */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => EXTRA_FOLDS[letter] ?? letter);

/**
 * A raw word: an optional leading "." (".net"), letters/digits joined by . & ' ’ or -,
 * then an optional "+", "++" or "#" ("c++", "c#").
 */
const RAW_WORD = /\.?[\p{L}\p{N}]+(?:[.&'’-][\p{L}\p{N}]+)*(?:\+\+?|#)?/gu;

const ALIASES: Readonly<Record<string, string>> = {
  nodejs: 'node',
  golang: 'go',
  dotnet: '.net',
  cpp: 'c++',
  csharp: 'c#',
  k8s: 'kubernetes',
  postgresql: 'postgres',
  reactjs: 'react',
  vuejs: 'vue',
  nextjs: 'next',
};

const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** Alias, then plural folding for plain words of 4+ letters. */
const canonical = (word: string): string => {
  const aliased = ALIASES[word] ?? word;
  if (aliased.length < 4 || !/^[a-z]+$/.test(aliased)) return aliased;
  if (aliased.endsWith('ies') && aliased.length >= 5) return `${aliased.slice(0, -3)}y`;
  if (aliased.endsWith('s') && !aliased.endsWith('ss')) return aliased.slice(0, -1);
  return aliased;
};

/** Splits folded text into raw words (apostrophes dropped, "X.js" reduced to "X"). */
const rawWords = (folded: string): string[] =>
  (folded.match(RAW_WORD) ?? []).map((word) => word.replace(/['’]/g, '').replace(/(.)\.js$/, '$1'));

/** The terms a posting's text is indexed under (duplicates kept: they are term frequencies). */
export const documentTerms = (text: string): string[] => {
  const terms: string[] = [];
  for (const word of rawWords(foldText(text))) {
    const hyphenParts = word.split('-');
    if (hyphenParts.length > 1) terms.push(canonical(hyphenParts.join('')));
    for (const part of hyphenParts) {
      terms.push(canonical(part));
      const pieces = part.split(/[.&]/).filter((piece) => piece !== '');
      if (pieces.length > 1) {
        for (const [at, piece] of pieces.entries()) {
          terms.push(canonical(piece));
          if (at > 0 && part.includes(`.${piece}`)) terms.push(`.${piece}`);
        }
      }
    }
  }
  return terms;
};

/**
 * The distinct terms a search text asks for; every one must match. Stop words dropped;
 * an empty result means the text is blank.
 */
export const queryTerms = (text: string): string[] => {
  const terms = new Set<string>();
  for (const word of rawWords(foldText(text))) {
    for (const part of word.split('-')) {
      const term = canonical(part);
      if (term !== '' && !QUERY_STOP_WORDS.has(term)) terms.add(term);
    }
  }
  return [...terms];
};

/**
 * Joins the words of `POST /jobs`'s `search: [text] | null` into one search text:
 * the strings joined by spaces, trimmed; null when there is nothing but white space.
 */
export const joinSearchText = (search: readonly string[] | null | undefined): string | null => {
  const text = (search ?? []).join(' ').trim();
  return text === '' ? null : text;
};
