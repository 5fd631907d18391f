import type { JobKey, JobSummary } from '../jobs/job-summary';
import {
  EXCLUDED_WORDS_KEY,
  FIELD_SOURCES,
  FIELD_WEIGHTS,
  JobTable,
  SEARCH_FIELDS,
  TEXT_FIELDS,
  fieldText,
  type JobIndex,
  type JobTableColumns,
  type SearchField,
  type JobSearchQuery,
  type JobTableRules,
  type Suggestion,
} from './job-table';
import { JOB_TABLE_RULES as DEFAULT_RULES } from './job-rules';
import { documentTerms, foldText, parseSearch, withinOneEdit, wordSequence } from './search-terms';
import { withPayEstimates } from '../pay/pay-estimate';
import { TermPostings } from './term-postings';
import type { JobRows } from './job-rows';
import { packStrings, unpackStrings, utf8, type PackedStrings } from './packed-strings';
import { firstAtLeast } from './sorted-positions';
import { TextMatches } from './text-matches';

/** Runs of what is not a letter, digit, "+", "#" or ".". */
const NOT_WORD_CHARACTERS = /[^\p{L}\p{N}+#.]+/gu;

export type { JobIndex, JobSearchPage, JobSearchQuery, JobTableRules, Suggestion } from './job-table';
export { joinSearchText } from './job-query';

/**
 * Builds the in-process job search index over job summaries.
 *
 * `search(query)`:
 * - text: free text over job title, company name, locations, skills and the description's
 *   chosen words (`description_terms`). Every word must match, each in any of those fields, by
 *   the word rules of `search-terms.ts` (case, accents and inflections ignored, synonyms from
 *   `synonyms.ts`, whole words: "java" is not "JavaScript"). A word of 5+ letters that no
 *   title, company, place or skill has matches their words one edit away ("pyhton" →
 *   "python"), and itself in descriptions. A word naming a place of some job is read in places
 *   only, never in descriptions ("London" finds the jobs there). A quoted phrase must appear
 *   word after word in one field other than the description (`TEXT_FIELDS`).
 *   Null, blank, or only small words such as "the": every job that passes the filters.
 * - filters, facets, order and paging: see `JobTable` (job-table.ts) and shared/search/job-query.ts.
 *   Relevance: each word scores its heaviest matching field's weight (`FIELD_WEIGHTS`: title or
 *   company 6, location or skill 2, description 1); the word scores are added; ties newest
 *   first, then company key and slug.
 *
 * `suggest(text, limit = 8)`: titles, companies, skills and places of the indexed jobs
 * whose words start with what was typed (the last word may be half typed: "machine le" →
 * "Machine Learning Engineer"), most common first, companies and skills before titles and
 * places at equal counts; [] for fewer than 2 letters.
 *
 * `payEstimate(key)`: the labelled estimate of a job without posted pay, worked out when the index
 * is built from the posted pay of every job it holds (shared/pay/pay-estimate.ts); the summaries
 * it lists carry it as `pay_estimate`.
 *
 * `rules`: the region and ghost-job rules (defaults: shared/normalise/regions.ts and
 * shared/jobs/ghost.ts).
 *
 * How: one whole-word index per field (term-postings.ts: a sorted term table and its postings
 * as typed arrays, fed our own terms; it replaced flexsearch, whose per-field index a search
 * snapshot could only rebuild). Each search word is looked up in every field; the AND across
 * words, the filters and the ranking are done here. The index is data (`JobIndexParts`), so a
 * search snapshot restores it without rebuilding (job-index-image.ts).
 * Searches run one at a time (they share scratch arrays; JavaScript is single-threaded).
 *
 * @throws Error when two summaries share a key; `search` throws RangeError on a bad page or pageSize.
 */
export const createJobIndex = (summaries: readonly JobSummary[], rules: JobTableRules = DEFAULT_RULES): JobIndex => restoreJobIndex(buildJobIndexParts(summaries, rules), rules);

/**
 * Everything a job index holds, as data: the rows (summaries by id) and the table's columns
 * (job-table.ts), each searched field's term postings (term-postings.ts), the suggestions
 * ranked, and the jobs' keys by hash (for `payEstimate`). `buildJobIndexParts` works them out
 * from summaries; a search snapshot stores and reads them back (job-index-image.ts);
 * `restoreJobIndex` serves searches from them without rebuilding anything.
 */
export interface JobIndexParts {
  rows: JobRows;
  table: JobTableColumns;
  postings: Record<SearchField, TermPostings>;
  suggestions: SuggestionParts;
  keys: KeyIndex;
}

/** The suggestions, ranked: kind (a position in `KIND_ORDER`), text as shown, and folded text searched (a leading space, words space-separated). */
export interface SuggestionParts {
  kinds: Uint8Array;
  texts: PackedStrings;
  folded: PackedStrings;
}

/** Job ids ordered by the hash of their key (`keyHash`): a key's ids are found by binary search. */
export interface KeyIndex {
  hashes: Uint32Array;
  ids: Uint32Array;
}

/**
 * Works out an index's parts from summaries: pay estimates over the whole catalog (which is here
 * whole), the table's order and columns, every field's postings, the suggestions, the key hashes.
 * @throws Error when two summaries share a key.
 */
export const buildJobIndexParts = (summaries: readonly JobSummary[], rules: JobTableRules = DEFAULT_RULES): JobIndexParts => {
  const table = new JobTable(withPayEstimates(summaries), rules);
  const rows = table.summaries;
  // Documents are tokenised by our rules, each distinct text once: names, places and titles repeat.
  const termsOfText = new Map<string, string[]>();
  const termsOf = (text: string): string[] => {
    let terms = termsOfText.get(text);
    if (!terms) {
      terms = documentTerms(text);
      termsOfText.set(text, terms);
    }
    return terms;
  };
  const postings = {} as Record<SearchField, TermPostings>;
  for (const field of SEARCH_FIELDS) {
    const fieldPostings = new TermPostings();
    for (let id = 0; id < rows.length; id += 1) {
      const text = fieldText(rows.at(id), field);
      if (text !== '') fieldPostings.add(id, termsOf(text));
    }
    fieldPostings.seal();
    postings[field] = fieldPostings;
  }
  const hashes = new Uint32Array(rows.length);
  for (let id = 0; id < rows.length; id += 1) hashes[id] = keyHash(rows.field(id, 'company_key'), rows.field(id, 'slug_url'));
  const ids = Uint32Array.from(rows.keys()).sort((a, b) => hashes[a]! - hashes[b]! || a - b);
  return { rows, table: table.columns, postings, suggestions: rankSuggestions(rows), keys: { hashes: ids.map((id) => hashes[id]!), ids } };
};

/** FNV-1a over a job's key, for `KeyIndex`. */
const keyHash = (companyKey: string, slugUrl: string): number => {
  let hash = 0x811c9dc5;
  const text = `${companyKey}\n${slugUrl}`;
  for (let at = 0; at < text.length; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
};

/** The job index serving searches from its parts (built here or read from a snapshot). */
export const restoreJobIndex = (parts: JobIndexParts, rules: JobTableRules = DEFAULT_RULES): JobIndex => {
  const table = new JobTable({ rows: parts.rows, columns: parts.table }, rules);
  const rows = parts.rows;
  const size = rows.length;
  const { postings } = parts;
  const described = postings.description;
  const textPostings = TEXT_FIELDS.map((field) => postings[field]);
  /** A term naming a place of some job is read in places only ("London" finds the jobs there, not those whose text mentions it). */
  const places = postings.locations;
  const NONE = new Uint32Array(0);
  const fields: { field: SearchField; weight: number; index: { search(term: string): ArrayLike<number> } }[] = SEARCH_FIELDS.map((field) => ({
    field,
    weight: FIELD_WEIGHTS[field],
    index: TEXT_FIELDS.includes(field) ? postings[field] : { search: (term: string) => (places.has(term) ? NONE : described.search(term)) },
  }));
  // Heaviest fields first, so that a word's first hit on a job carries its best weight.
  fields.sort((a, b) => b.weight - a.weight);
  /** Whether a title, company, place or skill has the term: near spellings come from these. */
  const inVocabulary = (term: string): boolean => {
    const bytes = utf8(term);
    return textPostings.some((one) => one.hasBytes(bytes));
  };

  /** Terms of one length, for finding near spellings: made on the first mistyped word. */
  let byLength: Map<number, string[]> | null = null;
  const termsOfLength = (length: number): string[] => {
    if (byLength === null) {
      byLength = new Map();
      const vocabulary = new Set<string>();
      for (const one of textPostings) for (const term of one.terms()) vocabulary.add(term);
      for (const term of vocabulary) {
        if (!/^[a-z]+$/.test(term)) continue;
        const list = byLength.get(term.length) ?? [];
        list.push(term);
        byLength.set(term.length, list);
      }
    }
    return byLength.get(length) ?? [];
  };
  /**
   * The term itself when a title, company, place or skill has it; else, for a forgiving term,
   * their terms one edit away, and the term itself when a description has it.
   */
  const spellings = (term: string, forgiving: boolean): string[] => {
    if (!forgiving || inVocabulary(term)) return [term];
    let known = nearSpellings.get(term);
    if (known === undefined) {
      const near = [term.length - 1, term.length, term.length + 1].flatMap((length) => termsOfLength(length).filter((one) => withinOneEdit(term, one)));
      known = near.length === 0 ? [term] : described.has(term) ? [...near, term] : near;
      // Bounded: mistyped words are as many as people type.
      if (nearSpellings.size >= 4_096) nearSpellings.clear();
      nearSpellings.set(term, known);
    }
    return known;
  };
  /**
   * The spellings of forgiving terms found last: finding them compares the term with every
   * vocabulary word of about its length (thousands), which a description word such as "equity"
   * (in no title, company, place or skill) paid on every search, once per field.
   */
  const nearSpellings = new Map<string, string[]>();

  // Scratch per job for merging one term's fields: its heaviest field's weight (0: not hit yet).
  const bestWeight = new Uint8Array(size);
  const touched = new Uint32Array(size);
  // The matches of several terms with their scores, which `matchAll` answers as views (read before its next call).
  const matchedIds = new Uint32Array(size);
  const matchedScores = new Uint16Array(size);

  /**
   * The jobs one term matches in `only`'s fields (its near spellings too), ascending, each with its
   * heaviest matching field's weight. Kept for the terms searched last (least recently used go
   * first; at most 2 million ids in all or 16 a job, whichever is more, 5 bytes each: 10 MB, 40 MB
   * at 500,000 jobs): searches repeat their words, and a common word's merge costs a pass over its
   * hits in every field and a large allocation, which at half a million jobs brought on full
   * garbage collections. (The bench's 62 words hold about 6 million at 500,000 jobs: with room for
   * 8 a job they pushed each other out, one merge and 1 to 3 MB allocated for every other search.)
   * A term matching at least a `DENSE_SHARE`th of the jobs also keeps its weight per job (`byJob`,
   * 0: no match; a byte a job, no more than its ids take), which intersecting it with a rarer term
   * reads in one step per kept job.
   */
  type TermMatches = { ids: Uint32Array; weights: Uint8Array; byJob: Uint8Array | null };
  const recentMatches = new Map<string, TermMatches>();
  let recentIds = 0;
  const recentLimit = Math.max(2_000_000, 16 * size);
  const matchesOf = (term: string, forgiving: boolean, only: typeof fields): TermMatches => {
    const key = `${only === fields ? '*' : only.map(({ field }) => field).join(',')}|${forgiving ? '~' : ''}${term}`;
    const known = recentMatches.get(key);
    if (known !== undefined) {
      recentMatches.delete(key);
      recentMatches.set(key, known);
      return known;
    }
    let count = 0;
    const spelled = spellings(term, forgiving);
    for (const { index, weight } of only) {
      for (const spelling of spelled) {
        const ids = index.search(spelling);
        for (let at = 0; at < ids.length; at += 1) {
          const id = ids[at]!;
          if (bestWeight[id] === 0) touched[count++] = id;
          if (bestWeight[id]! < weight) bestWeight[id] = weight;
        }
      }
    }
    // Ascending: from a scan when they are many, else sorted (a scan of every job costs about what
    // sorting a 16th of them does).
    const ids = new Uint32Array(count);
    if (count * 16 > size) {
      let at = 0;
      for (let id = 0; id < size && at < count; id += 1) if (bestWeight[id] !== 0) ids[at++] = id;
    } else {
      ids.set(touched.subarray(0, count));
      ids.sort();
    }
    const weights = new Uint8Array(count);
    for (let at = 0; at < count; at += 1) weights[at] = bestWeight[ids[at]!]!;
    const byJob = count * DENSE_SHARE >= size && count >= DENSE_LEAST ? bestWeight.slice() : null;
    for (let at = 0; at < count; at += 1) bestWeight[ids[at]!] = 0;
    const matches = { ids, weights, byJob };
    recentMatches.set(key, matches);
    recentIds += idsHeld(matches);
    for (const [oldest, kept] of recentMatches) {
      if (recentIds <= recentLimit || oldest === key) break;
      recentMatches.delete(oldest);
      recentIds -= idsHeld(kept);
    }
    return matches;
  };
  /** What a term's matches hold, in ids (5 bytes: the id and its weight); a weight per job counts as a fifth of an id a job. */
  const idsHeld = ({ ids, byJob }: TermMatches): number => ids.length + (byJob === null ? 0 : Math.ceil(byJob.length / 5));

  /**
   * Keeps the first `count` of `matchedIds` (with their `matchedScores`) that `ids` has too, adding
   * its weight, by walking both lists side by side: for lists of like length (a common word against
   * another, "product manager") a step costs a comparison, where a galloping search costs a dozen.
   * Returns how many it kept.
   */
  const keepMerged = (count: number, ids: Uint32Array, weights: Uint8Array): number => {
    let kept = 0;
    let from = 0;
    const end = ids.length;
    for (let at = 0; at < count && from < end; at += 1) {
      const id = matchedIds[at]!;
      while (from < end && ids[from]! < id) from += 1;
      if (from < end && ids[from] === id) {
        matchedIds[kept] = id;
        matchedScores[kept] = matchedScores[at]! + weights[from]!;
        kept += 1;
        from += 1;
      }
    }
    return kept;
  };

  /** As `keepMerged`, reading each kept job's weight of a common term (`TermMatches.byJob`): one step a job. */
  const keepHeld = (count: number, byJob: Uint8Array): number => {
    let kept = 0;
    for (let at = 0; at < count; at += 1) {
      const id = matchedIds[at]!;
      const weight = byJob[id]!;
      if (weight !== 0) {
        matchedIds[kept] = id;
        matchedScores[kept] = matchedScores[at]! + weight;
        kept += 1;
      }
    }
    return kept;
  };

  /** As `keepMerged`, finding each id by a galloping search from the last one found: for `ids` far longer than the kept ones. */
  const keepGalloping = (count: number, ids: Uint32Array, weights: Uint8Array): number => {
    let kept = 0;
    let from = 0;
    for (let at = 0; at < count && from < ids.length; at += 1) {
      const id = matchedIds[at]!;
      from = lowerBound(ids, id, from);
      if (from < ids.length && ids[from] === id) {
        matchedIds[kept] = id;
        matchedScores[kept] = matchedScores[at]! + weights[from]!;
        kept += 1;
        from += 1;
      }
    }
    return kept;
  };

  /**
   * Jobs matching every term (ascending ids) and their scores (the sum of each term's heaviest
   * field's weight). Read-only views, valid until the next call: one term's are kept in
   * `recentMatches`, several terms' are scratch.
   */
  const matchAll = (terms: readonly string[], forgiving: ReadonlySet<string>, only: typeof fields = fields): { ids: Uint32Array; scores: Uint8Array | Uint16Array } => {
    const each = terms.map((term) => matchesOf(term, forgiving.has(term), only)).sort((a, b) => a.ids.length - b.ids.length);
    if (each.length === 1) return { ids: each[0]!.ids, scores: each[0]!.weights };
    // Start from the rarest term's jobs and keep those every other term has: through a common
    // term's weight per job, side by side with a list of like length, or by galloping through a far
    // longer one, so a rare term costs little against a common one.
    const first = each[0]!;
    let count = first.ids.length;
    matchedIds.set(first.ids);
    for (let at = 0; at < count; at += 1) matchedScores[at] = first.weights[at]!;
    for (let term = 1; term < each.length && count > 0; term += 1) {
      const { ids, weights, byJob } = each[term]!;
      count = byJob !== null ? keepHeld(count, byJob) : ids.length < count * MERGE_RATIO ? keepMerged(count, ids, weights) : keepGalloping(count, ids, weights);
    }
    return { ids: matchedIds.subarray(0, count), scores: matchedScores.subarray(0, count) };
  };

  // Word sequences of field texts, for quoted phrases (each distinct text read once).
  const sequences = new Map<string, string[]>();
  const hasPhrase = (id: number, phrase: readonly string[]): boolean =>
    TEXT_FIELDS.some((field) => {
      const text = fieldText({ [FIELD_SOURCES[field]]: rows.field(id, FIELD_SOURCES[field]) } as unknown as JobSummary, field);
      let words = sequences.get(text);
      if (words === undefined) {
        words = wordSequence(text);
        if (sequences.size > 200_000) sequences.clear();
        sequences.set(text, words);
      }
      for (let at = 0; at + phrase.length <= words.length; at += 1) {
        if (phrase.every((word, offset) => words[at + offset] === word)) return true;
      }
      return false;
    });

  /** The sets of the exclusions asked for last (a filter bar sends the same few again and again). */
  const recentExclusions = new Map<string, Uint8Array>();

  /** Jobs an exclude-keyword matches in their title or skills (1 = excluded), or null. */
  const excludedBy = (keywords: readonly string[] | null | undefined): Uint8Array | null => {
    if (!keywords || keywords.length === 0) return null;
    const key = keywords.join('\n');
    const known = recentExclusions.get(key);
    if (known !== undefined) return known;
    if (recentExclusions.size >= 16) recentExclusions.delete(recentExclusions.keys().next().value!);
    const excluded = new Uint8Array(size);
    recentExclusions.set(key, excluded);
    const titleAndSkills = fields.filter(({ field }) => field === 'title' || field === 'skills');
    for (const keyword of keywords) {
      const { terms } = parseSearch(keyword);
      if (terms.length === 0) continue;
      for (const id of matchAll(terms, new Set(), titleAndSkills).ids) excluded[id] = 1;
    }
    return excluded;
  };

  /**
   * The matches of the texts searched last that match at least a `HELD_SHARE`th of the jobs (least
   * recently used dropped first, at most `HELD_BYTES_A_JOB` bytes a job in all: 16 MB at 500,000
   * jobs; dropping and making them again in turn brought on full garbage collections): a search
   * of such a text is answered per cell from them (`JobTable.collect`), not job by job, which made
   * "engineer" (half the catalog) and "San Francisco" (two fifths) the slowest of searches. Keyed
   * by the parsed text.
   */
  const heldTexts = new Map<string, TextMatches>();
  let heldBytes = 0;
  const heldLimit = Math.max(1 << 24, HELD_BYTES_A_JOB * size);
  /** The matches of a parsed text, held when it matches many jobs (else null), with its ids and scores. */
  const textMatches = (terms: readonly string[], phrases: readonly (readonly string[])[], forgiving: ReadonlySet<string>): { ids: Uint32Array; scores: ArrayLike<number>; held: TextMatches | null } => {
    const key = `${terms.map((term) => (forgiving.has(term) ? `~${term}` : term)).join(' ')}\n${phrases.map((phrase) => phrase.join(' ')).join('\n')}`;
    const known = heldTexts.get(key);
    if (known !== undefined) {
      heldTexts.delete(key);
      heldTexts.set(key, known);
      return { ids: known.ids, scores: known.scores, held: known };
    }
    let { ids, scores } = matchAll(terms, forgiving);
    if (phrases.length > 0) {
      const keep = ids.map((id) => (phrases.every((phrase) => hasPhrase(id, phrase)) ? 1 : 0));
      ids = ids.filter((_, at) => keep[at] === 1);
      scores = scores.filter((_, at) => keep[at] === 1);
    }
    if (ids.length * HELD_SHARE < size || ids.length < DENSE_LEAST) return { ids, scores, held: null };
    // One word's matches are kept already, with a weight per job (the same share makes it dense): shared, not copied.
    const word = terms.length === 1 && phrases.length === 0 ? matchesOf(terms[0]!, forgiving.has(terms[0]!), fields) : null;
    const held = word?.byJob ? new TextMatches(word.ids, word.weights, word.byJob) : TextMatches.copied(ids, scores, size);
    heldTexts.set(key, held);
    heldBytes += held.bytes();
    for (const [oldest, kept] of heldTexts) {
      if (heldBytes <= heldLimit || oldest === key) break;
      heldTexts.delete(oldest);
      heldBytes -= kept.bytes();
    }
    return { ids: held.ids, scores: held.scores, held };
  };

  let suggestions: ((text: string, limit: number) => Suggestion[]) | null = null;

  const { hashes, ids: byHash } = parts.keys;
  /** The id of the job with `key`, or -1. */
  const idOf = (key: JobKey): number => {
    const hash = keyHash(key.company_key, key.slug_url);
    for (let at = firstAtLeast(hashes, hash); at < hashes.length && hashes[at] === hash; at += 1) {
      const id = byHash[at]!;
      if (rows.field(id, 'slug_url') === key.slug_url && rows.field(id, 'company_key') === key.company_key) return id;
    }
    return -1;
  };

  return {
    size,
    payEstimate: (key) => {
      const id = idOf(key);
      return id === -1 ? null : (rows.field(id, 'pay_estimate') ?? null);
    },
    search(query: JobSearchQuery) {
      const { terms, phrases, forgiving } = query.text === null ? { terms: [], phrases: [], forgiving: new Set<string>() } : parseSearch(query.text);
      const excluded = excludedBy(EXCLUDED_WORDS_KEY === null ? null : ((query as Record<string, unknown>)[EXCLUDED_WORDS_KEY] as readonly string[] | null | undefined));
      if (terms.length === 0) return table.collect(query, null, null, excluded, false);
      const { ids, scores, held } = textMatches(terms, phrases, forgiving);
      return table.collect(query, ids, scores, excluded, true, held);
    },
    suggest: (text, limit = 8) => (suggestions ??= suggestionFinder(parts.suggestions))(text, limit),
  };
};

/** Kinds in the order they are offered at equal counts. */
const KIND_ORDER: readonly Suggestion['kind'][] = ['company', 'skill', 'title', 'place'];

/** The jobs' distinct titles, companies, skills and places, most common first (companies and skills before titles and places at equal counts). */
const rankSuggestions = (rows: JobRows): SuggestionParts => {
  const entries = new Map<string, { kind: Suggestion['kind']; text: string; folded: string; count: number }>();
  const add = (kind: Suggestion['kind'], text: string): void => {
    const clean = text.trim().replace(/\s+/g, ' ');
    if (clean === '') return;
    const folded = foldText(clean);
    const key = `${kind}\n${folded}`;
    const entry = entries.get(key);
    if (entry) entry.count += 1;
    else entries.set(key, { kind, text: clean, folded: ` ${folded.replace(NOT_WORD_CHARACTERS, ' ')}`, count: 1 });
  };
  for (const summary of rows) {
    add('title', summary.job_title);
    add('company', summary.company_name);
    for (const skill of summary.skills) add('skill', skill);
    for (const place of summary.locations) add('place', place.city ?? place.label);
  }
  const ranked = [...entries.values()].sort((a, b) => b.count - a.count || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.text.localeCompare(b.text));
  return {
    kinds: Uint8Array.from(ranked, ({ kind }) => KIND_ORDER.indexOf(kind)),
    texts: packStrings(ranked.map(({ text }) => text)),
    folded: packStrings(ranked.map(({ folded }) => folded)),
  };
};

/** The suggestion finder over ranked suggestions (their strings decoded here, once). */
const suggestionFinder = (parts: SuggestionParts): ((text: string, limit: number) => Suggestion[]) => {
  const texts = unpackStrings(parts.texts);
  const folded = unpackStrings(parts.folded);
  return (text, limit) => {
    const typed = foldText(text).replace(NOT_WORD_CHARACTERS, ' ').trim();
    if (typed.length < 2) return [];
    const needle = ` ${typed}`;
    const found: Suggestion[] = [];
    for (let at = 0; at < folded.length; at += 1) {
      if (!folded[at]!.includes(needle)) continue;
      found.push({ kind: KIND_ORDER[parts.kinds[at]!]!, text: texts[at]! });
      if (found.length >= limit) break;
    }
    return found;
  };
};

/**
 * Intersecting a list with one under this many times longer walks both side by side (`keepMerged`);
 * a longer one is galloped through. A gallop costs about a dozen comparisons and branches, a step
 * of the walk one.
 */
const MERGE_RATIO = 16;

/** A term matching at least one job in this many, and at least `DENSE_LEAST` jobs, keeps its weight per job (`TermMatches.byJob`): a shorter list is walked as fast. */
const DENSE_SHARE = 8;
const DENSE_LEAST = 48;
/**
 * A text matching at least one job in this many is held (`heldTexts`). Below a quarter, judging its
 * matches one by one stays within the 5 ms p99 at 500,000 jobs (bench:search); holding the 15 texts
 * of the bench's workload that match an eighth (3.6 times the catalog's jobs between them, 30 MB at
 * 500,000) brought a full garbage collection into the measured searches, and a fifth measured no
 * better than a quarter.
 */
const HELD_SHARE = 4;
/** How many bytes a job of the catalog the held texts may take in all (`heldTexts`). */
const HELD_BYTES_A_JOB = 32;

/** The first position at or after `from` in ascending `ids` whose id is at least `id` (ids.length when none): galloping, then binary search. */
const lowerBound = (ids: Uint32Array, id: number, from: number): number => {
  let low = from;
  let step = 1;
  let high = from;
  while (high < ids.length && ids[high]! < id) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  return firstAtLeast(ids, id, low, Math.min(high, ids.length));
};
