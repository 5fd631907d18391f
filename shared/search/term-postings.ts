import { compareBytes, findBytes, packBytes, packedCount, stringAt, utf8, type PackedStrings } from './packed-strings';

/**
 * A whole-term index of one searched field (title, company, places, skills, the description's
 * words): for each term, the ids of the jobs that have it, ascending, all in one Uint32Array
 * (4 bytes a posting). The terms are a table sorted by their UTF-8 bytes (packed-strings.ts), so
 * a term is found by binary search and the whole index is four typed arrays (`TermPostingsParts`)
 * that a search snapshot stores and restores without rebuilding anything.
 *
 *   const postings = new TermPostings();
 *   postings.add(0, ['rag', 'genai']); postings.add(1, ['rag']);   // ids ascending
 *   postings.seal();
 *   postings.search('rag');   // Uint32Array [0, 1]
 *   TermPostings.restore(postings.parts()).search('rag');   // the same
 *
 * `add` takes each job once, in ascending id order; a term repeated in one job counts once.
 * `search`, `has` and `parts` before `seal` throw; an unknown term gives an empty array.
 */
export class TermPostings {
  private building: Map<string, number[]> | null = new Map();
  private sealed: TermPostingsParts | null = null;

  /** Postings already sealed (e.g. read from a snapshot). */
  static restore(parts: TermPostingsParts): TermPostings {
    const postings = new TermPostings();
    postings.building = null;
    postings.sealed = parts;
    return postings;
  }

  add(id: number, terms: readonly string[]): void {
    if (this.building === null) throw new Error('TermPostings: add after seal');
    for (const term of terms) {
      const list = this.building.get(term);
      if (list === undefined) this.building.set(term, [id]);
      else if (list[list.length - 1] !== id) list.push(id);
    }
  }

  /** Packs the postings; no `add` after it. */
  seal(): void {
    if (this.building === null) return;
    const entries = [...this.building].map(([term, list]) => ({ bytes: utf8(term), list }));
    entries.sort((a, b) => compareBytes(a.bytes, b.bytes));
    let total = 0;
    for (const { list } of entries) total += list.length;
    const ids = new Uint32Array(total);
    const starts = new Uint32Array(entries.length + 1);
    let at = 0;
    entries.forEach(({ list }, term) => {
      starts[term] = at;
      ids.set(list, at);
      at += list.length;
    });
    starts[entries.length] = at;
    this.sealed = { terms: packBytes(entries.map(({ bytes }) => bytes)), starts, ids };
    this.building = null;
  }

  /** The sealed arrays. */
  parts(): TermPostingsParts {
    if (this.sealed === null) throw new Error('TermPostings: parts before seal');
    return this.sealed;
  }

  /** Whether some job has the term (its UTF-8 bytes, as `utf8` gives them, to look one term up in several fields). */
  hasBytes(term: Uint8Array): boolean {
    return findBytes(this.parts().terms, term) !== -1;
  }

  /** Whether some job has `term`. */
  has(term: string): boolean {
    return this.hasBytes(utf8(term));
  }

  /** The ids of the jobs with `term`, ascending (a view: do not write to it). */
  search(term: string): Uint32Array {
    if (this.sealed === null) throw new Error('TermPostings: search before seal');
    const { terms, starts, ids } = this.sealed;
    const at = findBytes(terms, utf8(term));
    return at === -1 ? new Uint32Array(0) : ids.subarray(starts[at]!, starts[at + 1]!);
  }

  /** Every term, in byte order (decoded on each call). */
  *terms(): IterableIterator<string> {
    const { terms } = this.parts();
    for (let at = 0; at < packedCount(terms); at += 1) yield stringAt(terms, at);
  }
}

/** A sealed `TermPostings`: term i (of `terms`, sorted by UTF-8 bytes) has the ids `ids[starts[i] .. starts[i + 1])`. */
export interface TermPostingsParts {
  terms: PackedStrings;
  starts: Uint32Array;
  ids: Uint32Array;
}
