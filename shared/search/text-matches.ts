/**
 * The jobs one search text matches, held for reuse (shared/search/job-index.ts keeps them for the
 * texts searched last that match many jobs: "engineer", "San Francisco" match a fifth to half of a
 * large catalog). What a search with that text needs besides its filters is worked out once per
 * text here instead of once per search: each job's score, the jobs in order of relevance, and how
 * many of them each cell (jobs sharing attributes and geography, shared/search/job-table.ts
 * `cellsOf`) holds, by pay band. `JobTable.collect` then answers such a search per cell met, as it
 * answers a search of every job, instead of judging the text's jobs one by one.
 *
 * Ids are job positions in the table (0 to size - 1, newest first); scores are small non-negative
 * integers (the sum of each word's heaviest field weight), higher first.
 */
import { bucketByScore } from './by-score';

/** How many of a text's jobs each cell it meets holds: `cells[i]` holds `jobs[i]`, of which `bands[i * slots + band]` per pay band and `without[i]` with no figure (both null when no band column is read). */
export interface TextCells {
  cells: Uint32Array;
  jobs: Uint32Array;
  bands: Uint32Array | null;
  without: Uint32Array | null;
}

export class TextMatches {
  private byScore: Uint32Array | null = null;
  private readonly perCell = new Map<Int8Array | null, TextCells>();

  /**
   * `ids` ascending, `scores[i]` the score of `ids[i]` (at least 1), `scoreOf[id]` the score of
   * every job of the table (0: not matched). The arrays are kept, not copied: callers hand over
   * arrays nothing else writes.
   */
  constructor(
    readonly ids: Uint32Array,
    readonly scores: Uint8Array | Uint16Array,
    readonly scoreOf: Uint8Array | Uint16Array,
  ) {}

  /** Copies of a search's matches (`ids` ascending, scores of at least 1) over a table of `size` jobs; scores in a byte each when they fit. */
  static copied(ids: ArrayLike<number>, scores: ArrayLike<number>, size: number): TextMatches {
    let top = 0;
    for (let at = 0; at < scores.length; at += 1) if (scores[at]! > top) top = scores[at]!;
    const Scores = top <= 0xff ? Uint8Array : Uint16Array;
    const kept = Uint32Array.from(ids);
    const keptScores = Scores.from(scores);
    const scoreOf = new Scores(size);
    for (let at = 0; at < kept.length; at += 1) scoreOf[kept[at]!] = keptScores[at]!;
    return new TextMatches(kept, keptScores, scoreOf);
  }

  /** About the bytes these matches hold once their order and one band column's cell counts are made (arrays shared with a word's kept matches count too). */
  bytes(): number {
    return this.ids.byteLength * 2 + this.scores.byteLength + this.scoreOf.byteLength + this.ids.length;
  }

  /** The matched ids by score, highest first, then by ascending id (the order of relevance), made on first use. */
  ranked(): Uint32Array {
    this.byScore ??= bucketByScore(this.ids, this.scores, this.ids.length, new Uint32Array(this.ids.length), new Uint32Array(0x10000));
    return this.byScore;
  }

  /**
   * The matched jobs counted per cell, for `cellOf` (each job's cell, of `cellCount`) and a pay
   * band column (`bandOf[id]`: the job's band of `slots`, -1 without a figure; null: none), made
   * on first use for each band column.
   */
  cells(cellOf: Uint32Array, cellCount: number, bandOf: Int8Array | null, slots: number): TextCells {
    let known = this.perCell.get(bandOf);
    if (known === undefined) {
      const position = new Int32Array(cellCount).fill(-1);
      const met: number[] = [];
      for (let at = 0; at < this.ids.length; at += 1) {
        const cell = cellOf[this.ids[at]!]!;
        if (position[cell] === -1) {
          position[cell] = met.length;
          met.push(cell);
        }
      }
      const jobs = new Uint32Array(met.length);
      const bands = bandOf === null ? null : new Uint32Array(met.length * slots);
      const without = bandOf === null ? null : new Uint32Array(met.length);
      for (let at = 0; at < this.ids.length; at += 1) {
        const id = this.ids[at]!;
        const place = position[cellOf[id]!]!;
        jobs[place]! += 1;
        if (bandOf !== null) {
          const band = bandOf[id]!;
          if (band === -1) without![place]! += 1;
          else bands![place * slots + band]! += 1;
        }
      }
      known = { cells: Uint32Array.from(met), jobs, bands, without };
      this.perCell.set(bandOf, known);
    }
    return known;
  }
}
