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
 * - Whole words only, never prefixes: "java" does not match "JavaScript".
 * - One stem for a word's inflections (words of 4+ letters; Porter's steps 1a, 1b and 5a):
 *   "engineers", "engineering" = "engineer"; "scaling" = "scale"; "companies" = "company"
 *   ("-ss" kept). Derivations stay apart: "production" is not "product".
 * - Synonyms and abbreviations from the one reviewed list in `synonyms.ts`: "k8s" =
 *   "kubernetes", "JS" = "JavaScript", "node.js" = "node" (any "X.js" is "X"); a phrase such as
 *   "machine learning" is also indexed as "ml" and read as "ml" in search text.
 * - Hyphenated words: a posting's "Full-Stack" is indexed as "full", "stack" and
 *   "fullstack"; a search for "full-stack" needs "full" and "stack" (so it also finds
 *   "Full Stack"), a search for "fullstack" needs the joined word.
 * - Other joined words ("ASP.NET", "R&D"): a posting is indexed under the whole word and
 *   each part (and ".net" for a dotted part), a search word must match the whole word.
 * - Apostrophes are dropped ("Founder's" = "founders" = "founder").
 * - Search text only: the small words a, an, and, at, for, in, of, on, or, the, to, with
 *   are ignored ("engineer in london" = "engineer london"). Search text with no word left
 *   counts as blank. Text in double quotes is a phrase (`parseSearch`), taken word for word.
 *   Near spellings (one edit, `withinOneEdit`) are the index's business: job-index.ts.
 */

import { SYNONYM_GROUPS } from './synonyms';

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

/** Combining marks. */
const MARKS = /\p{M}+/gu;

/** Lower case without accents (see the module's rules). */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => EXTRA_FOLDS[letter] ?? letter);

/**
 * A raw word: an optional leading "." (".net"), letters/digits joined by . & ' ’ or -,
 * then an optional "+", "++" or "#" ("c++", "c#").
 */
const RAW_WORD = /\.?[\p{L}\p{N}]+(?:[.&'’-][\p{L}\p{N}]+)*(?:\+\+?|#)?/gu;

/** One-word synonyms: each alias → its group's term (shared/search/synonyms.ts). */
const ALIASES: ReadonlyMap<string, string> = new Map(
  SYNONYM_GROUPS.flatMap(([term, ...others]) => others.filter((other) => !other.includes(' ')).map((alias) => [alias, term!] as const)),
);

const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

const isConsonant = (word: string, at: number): boolean => {
  const letter = word[at]!;
  if ('aeiou'.includes(letter)) return false;
  if (letter === 'y') return at === 0 || !isConsonant(word, at - 1);
  return true;
};

/** Porter's measure: how many vowel-consonant runs the stem has ("tree" 0, "trouble" 1, "troubles" 2). */
const measure = (stem: string): number => {
  let runs = 0;
  for (let at = 1; at < stem.length; at += 1) if (isConsonant(stem, at) && !isConsonant(stem, at - 1)) runs += 1;
  return runs;
};

const hasVowel = (stem: string): boolean => [...stem].some((_, at) => !isConsonant(stem, at));

/** Consonant-vowel-consonant at the end, the last not w, x or y ("hop", "scal"). */
const endsCvc = (stem: string): boolean => {
  const n = stem.length;
  return n >= 3 && isConsonant(stem, n - 3) && !isConsonant(stem, n - 2) && isConsonant(stem, n - 1) && !'wxy'.includes(stem[n - 1]!);
};

/**
 * One stem for a word's inflections: Porter's steps 1a, 1b and 5a (M. F. Porter, "An algorithm
 * for suffix stripping", 1980), with "-ies" read as "-y". Only plural, "-ed" and "-ing" endings
 * and a final "e" are touched, never derivations, so "product" is not "production".
 */
const stem = (word: string): string => {
  let w = word;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length >= 5) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith('ing') ? 3 : w.endsWith('ed') ? 2 : 0;
    const base = w.slice(0, w.length - suffix);
    if (suffix > 0 && base.length >= 3 && hasVowel(base)) {
      w = base;
      const last = w[w.length - 1]!;
      if (/(at|bl|iz)$/.test(w)) w += 'e';
      else if (last === w[w.length - 2] && isConsonant(w, w.length - 1) && !'lsz'.includes(last)) w = w.slice(0, -1);
      else if (measure(w) === 1 && endsCvc(w)) w += 'e';
    }
  }
  if (w.endsWith('e')) {
    const base = w.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) w = base;
  }
  return w;
};

/**
 * Words repeat across thousands of postings: a cache of what a word becomes, emptied when it
 * holds this many words (so memory stays bounded whatever is crawled).
 */
const WORD_CACHE_SIZE = 50_000;

/** `make(key)`, remembered in a Map emptied at `WORD_CACHE_SIZE` entries. */
const remembered = <T>(make: (key: string) => T): ((key: string) => T) => {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= WORD_CACHE_SIZE) cache.clear();
      cache.set(key, (value = make(key)));
    }
    return value;
  };
};

/** A word's term: its alias, then the stem of a plain word of 4+ letters. */
const canonical = remembered((word: string): string => {
  const aliased = ALIASES.get(word) ?? word;
  if (aliased.length < 4 || !/^[a-z]+$/.test(aliased)) return aliased;
  return stem(aliased);
});

/** Splits folded text into raw words (apostrophes dropped, "X.js" reduced to "X"). */
const rawWords = (folded: string): string[] => (folded.match(RAW_WORD) ?? []).map(cleanWord);

/** A raw word without apostrophes, "X.js" as "X". */
const cleanWord = (word: string): string => {
  const bare = word.includes("'") || word.includes('’') ? word.replace(/['’]/g, '') : word;
  return bare.length > 3 && bare.endsWith('.js') ? bare.slice(0, -3) : bare;
};

/** The terms of text read word after word (hyphenated words in halves): what a quoted phrase is matched against. */
export const wordSequence = (text: string): string[] =>
  rawWords(foldText(text)).flatMap((word) => word.split('-').filter((part) => part !== '').map(canonical));

/** Synonym phrases as term sequences, by their first term, longest first. */
const PHRASES: ReadonlyMap<string, readonly { words: readonly string[]; term: string }[]> = (() => {
  const byFirst = new Map<string, { words: string[]; term: string }[]>();
  for (const [term, ...others] of SYNONYM_GROUPS) {
    for (const phrase of others.filter((other) => other.includes(' '))) {
      const words = wordSequence(phrase);
      const list = byFirst.get(words[0]!) ?? [];
      list.push({ words, term: canonical(term!) });
      byFirst.set(words[0]!, list.sort((a, b) => b.words.length - a.words.length));
    }
  }
  return byFirst;
})();

/** The synonym phrase starting at `at` in `words`, or undefined. */
const phraseAt = (words: readonly string[], at: number): { words: readonly string[]; term: string } | undefined =>
  PHRASES.get(words[at]!)?.find((phrase) => phrase.words.every((word, offset) => words[at + offset] === word));

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
  const sequence = wordSequence(text);
  for (let at = 0; at < sequence.length; at += 1) {
    const phrase = phraseAt(sequence, at);
    if (phrase !== undefined) terms.push(phrase.term);
  }
  return terms;
};

/** Most words a job's description adds to the index (`descriptionWords`). */
export const DESCRIPTION_WORDS_CAP = 40;

/**
 * Words that say nothing about a job: English function words and what nearly every posting
 * writes (its benefits, its equal-opportunity statement, how to apply). Compared as terms.
 */
const DESCRIPTION_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above across after again all also am an and any are as at be been before being below between both but by can could did do does doing down during each ' +
    'either etc every few for from further had has have having he her here hers him his how however i if in into is it its itself just least like may me might more most ' +
    'must my no nor not now of off on once one only or other our ours out over own per same she should so some such than that the their theirs them then there these they ' +
    'this those through thus to too under until up upon us very via was we were what when where whether which while who whom whose why will with within without would yet you your yours ' +
    'e.g i.e ability able apply applicant application benefit best bring build candidate career company competitive culture day disability employee employer employment equal ' +
    'experience gender great help hire hiring include including job join just key law looking make mission new offer opportunity orientation part people plus position ' +
    'preferred provide qualification race related religion required requirement responsibility role salary sex skill status strong support team time us use want way ' +
    'well work working world year'
  )
    .split(' ')
    .map(canonical),
);

/** A name with inner capitals ("PyTorch", "vLLM", "OpenAI"), for words with letters beyond ASCII. */
const NAME_LIKE = /^[\p{L}].*\p{Lu}/u;
/** Addresses and links in a description: their pieces are no words ("https", "www", tracking ids). */
const LINKS = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi;
/** What every match of `LINKS` holds: text without it has no link to take out. */
const LINK_HINT = /@|https?:\/\/|www\./i;
const LETTER = /\p{L}/u;
/**
 * A character other than printable ASCII, tab, line breaks and the punctuation that folding (`foldText`) leaves as it is
 * (typographic quotes, dashes, bullets; a no-break space becomes a space): text without one
 * folds word by word to what it folds to whole.
 */
const FOLDS_BEYOND_CASE = /[^\t\n\r -~\u00a0\u2018\u2019\u201c\u201d\u2013\u2014\u2022]/;

/** A term a description may add: letters in it, not too long, and with digits only when short ("h100", "gpt-4", not ids). */
const isDescriptionTerm = (term: string): boolean => term.length >= 2 && term.length <= 24 && LETTER.test(term) && (!/\d/.test(term) || term.length <= 8);

const isUpper = (code: number): boolean => code >= 65 && code <= 90;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** An acronym as written, /^[A-Z][A-Z0-9]{1,6}s?$/ ("RAG", "RLHF", "LLMs"): what descriptions name that titles and skills miss. */
const isAcronym = (word: string): boolean => {
  const length = word.endsWith('s') ? word.length - 1 : word.length;
  if (length < 2 || length > 7 || !isUpper(word.charCodeAt(0))) return false;
  for (let at = 1; at < length; at += 1) {
    const code = word.charCodeAt(at);
    if (!isUpper(code) && !isDigit(code)) return false;
  }
  return true;
};

/** A name with inner capitals (`NAME_LIKE`: a letter, then a capital letter somewhere after it), read by char codes for ASCII words. */
const isNameLike = (word: string): boolean => {
  const first = word.charCodeAt(0);
  if (first > 127) return NAME_LIKE.test(word);
  if (!isUpper(first) && !(first >= 97 && first <= 122)) return false;
  for (let at = 1; at < word.length; at += 1) {
    const code = word.charCodeAt(at);
    if (code > 127) return NAME_LIKE.test(word);
    if (isUpper(code)) return true;
  }
  return false;
};

/** What a description's folded word counts as: its terms in order (hyphenated words in halves), its term, and whether a description may add it. */
interface DescriptionWord {
  parts: string[];
  key: string;
  addable: boolean;
}

const descriptionWord = remembered((word: string): DescriptionWord => {
  const parts = word
    .split('-')
    .filter((part) => part !== '')
    .map(canonical);
  const key = parts.join('-');
  return { parts, key, addable: isDescriptionTerm(key) && !DESCRIPTION_STOP_WORDS.has(key) };
});

interface Chosen {
  word: string;
  weight: number;
  first: number;
}

/** The `cap` heaviest of `chosen` (in order of first use), heaviest first, ties in order of first use. */
const heaviest = (chosen: Iterable<Chosen>, cap: number): Chosen[] => {
  const top: Chosen[] = [];
  for (const candidate of chosen) {
    if (top.length >= cap && (cap <= 0 || top[top.length - 1]!.weight >= candidate.weight)) continue;
    // After every one as heavy: they were used first.
    let at = top.length;
    while (at > 0 && top[at - 1]!.weight < candidate.weight) at -= 1;
    top.splice(at, 0, candidate);
    if (top.length > cap) top.pop();
  }
  return top;
};

/**
 * The words of a job's description worth searching for, as one space-separated text the index
 * reads like any other field (its terms by the rules above): distinct by term, at most `cap`,
 * without links, stop words, numbers, long ids or terms `alreadyIndexed` holds (the title and
 * skills, which weigh more). Synonym phrases keep their group's term ("generative AI" adds
 * "genai"). Chosen by weight: each use of a synonym phrase or an acronym counts 8, of a name
 * with inner capitals 4, of another word 1; ties in order of first use. Derived when a job is
 * built (shared/sources/derived-fields.ts) from its own paragraphs (without the board's
 * boilerplate: shared/normalise/board-boilerplate.ts) and kept on its summary (`description_terms`).
 */
export const descriptionWords = (plain: string, alreadyIndexed: string, cap = DESCRIPTION_WORDS_CAP): string => {
  const skip = new Set(documentTerms(alreadyIndexed));
  const chosen = new Map<string, Chosen>();
  const add = (term: string, word: string, weight: number): void => {
    if (skip.has(term)) return;
    const known = chosen.get(term);
    if (known === undefined) chosen.set(term, { word, weight, first: chosen.size });
    else known.weight += weight;
  };
  const text = LINK_HINT.test(plain) ? plain.replace(LINKS, ' ') : plain;
  // The words as written (for their case) and folded, one for one; the folded words' terms in
  // order (hyphenated words in halves) are what synonym phrases are looked for in.
  const written = text.match(RAW_WORD) ?? [];
  const folded = FOLDS_BEYOND_CASE.test(text) ? rawWords(foldText(text)) : written.map((word) => cleanWord(word.toLowerCase()));
  const aligned = written.length === folded.length;
  const sequence: string[] = [];
  folded.forEach((word, at) => {
    const terms = descriptionWord(word);
    for (const part of terms.parts) sequence.push(part);
    if (!terms.addable) return;
    const shape = aligned ? written[at]! : word;
    add(terms.key, word, isAcronym(shape) ? 8 : isNameLike(shape) ? 4 : 1);
  });
  for (let at = 0; at < sequence.length; at += 1) {
    const phrase = phraseAt(sequence, at);
    if (phrase !== undefined && isDescriptionTerm(phrase.term) && !DESCRIPTION_STOP_WORDS.has(phrase.term)) add(phrase.term, phrase.term, 8);
  }
  return heaviest(chosen.values(), cap)
    .map(({ word }) => word)
    .join(' ');
};

/** What a search text asks for. */
export interface ParsedSearch {
  /** Distinct terms; a job must match every one (in any searched field). */
  terms: string[];
  /** Quoted phrases as term sequences; each must appear word after word in one field. */
  phrases: string[][];
  /** Terms typed as a word of 5+ letters: a near spelling may stand in when no job has them. */
  forgiving: Set<string>;
}

/**
 * Reads search text: quoted phrases ("..."), then the other words with synonym phrases read
 * as their term ("machine learning" → "ml"). Stop words are dropped outside quotes.
 */
export const parseSearch = (text: string): ParsedSearch => {
  const terms = new Set<string>();
  const forgiving = new Set<string>();
  const phrases: string[][] = [];
  const loose = text.replace(/"([^"]*)"?/g, (_, quoted: string) => {
    const words = wordSequence(quoted);
    if (words.length > 1) phrases.push(words);
    for (const word of words) terms.add(word);
    return ' ';
  });
  const raw = rawWords(foldText(loose)).flatMap((word) => word.split('-').filter((part) => part !== ''));
  const words = raw.map(canonical);
  for (let at = 0; at < words.length; at += 1) {
    const phrase = phraseAt(words, at);
    if (phrase !== undefined) {
      terms.add(phrase.term);
      at += phrase.words.length - 1;
      continue;
    }
    const term = words[at]!;
    if (term === '' || QUERY_STOP_WORDS.has(term)) continue;
    terms.add(term);
    if (raw[at]!.length >= 5 && /^[a-z]+$/.test(raw[at]!)) forgiving.add(term);
  }
  return { terms: [...terms], phrases, forgiving };
};

/** The distinct terms a search text asks for (see `parseSearch`); an empty result means the text is blank. */
export const queryTerms = (text: string): string[] => parseSearch(text).terms;

/** Whether `a` becomes `b` by one edit: a letter added, dropped, changed, or two neighbours swapped. */
export const withinOneEdit = (a: string, b: string): boolean => {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let start = 0;
  while (start < short.length && short[start] === long[start]) start += 1;
  if (short.length === long.length) {
    if (short.slice(start + 1) === long.slice(start + 1)) return true;
    return short[start] === long[start + 1] && short[start + 1] === long[start] && short.slice(start + 2) === long.slice(start + 2);
  }
  return short.slice(start) === long.slice(start + 1);
};
