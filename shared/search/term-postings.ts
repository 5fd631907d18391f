/**
 * A compact whole-term index for a field with many terms per job and no ranking inside the field
 * (the description's words, JobSummary `description_terms`): for each term, the ids of the jobs
 * that have it, ascending, all in one Uint32Array (4 bytes a posting; flexsearch keeps several
 * times that, and took most of the index's build time for these words).
 *
 *   const postings = new TermPostings();
 *   postings.add(0, ['rag', 'genai']); postings.add(1, ['rag']);   // ids ascending
 *   postings.seal();
 *   postings.search('rag');   // Uint32Array [0, 1]
 *
 * `add` takes each job once, in ascending id order; a term repeated in one job counts once.
 * `search` before `seal` throws; an unknown term gives an empty array.
 */
export class TermPostings {
  private building: Map<string, number[]> | null = new Map();
  private readonly spans = new Map<string, number>();
  private ids = new Uint32Array(0);
  private starts = new Uint32Array(0);

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
    let total = 0;
    for (const list of this.building.values()) total += list.length;
    this.ids = new Uint32Array(total);
    this.starts = new Uint32Array(this.building.size + 1);
    let at = 0;
    let term = 0;
    for (const [text, list] of this.building) {
      this.spans.set(text, term);
      this.starts[term] = at;
      this.ids.set(list, at);
      at += list.length;
      term += 1;
    }
    this.starts[term] = at;
    this.building = null;
  }

  /** Whether some job has `term`. */
  has(term: string): boolean {
    return this.spans.has(term);
  }

  /** The ids of the jobs with `term`, ascending (a view: do not write to it). */
  search(term: string): Uint32Array {
    if (this.building !== null) throw new Error('TermPostings: search before seal');
    const span = this.spans.get(term);
    return span === undefined ? new Uint32Array(0) : this.ids.subarray(this.starts[span]!, this.starts[span + 1]!);
  }
}
