// The same match twice in one run (issue 13): each match's content key (src/scoring/match-key.ts)
// is made in the worker that audits it; the main thread, which meets the files in input order,
// keeps one number per key and finds a match met before. A file holding such a match is audited
// again with the `duplicate-match` findings given to it (a file's reports are rendered in the
// worker: this keeps every output format right at the cost of one more audit of that file).
//
// Memory: an open-addressing table from the 53-bit key to the match's ordinal in the run (12 bytes
// a slot, at most half full), and each file's path once with its first ordinal. Measured with
// 1,000,000 one-match files of 35-character paths: 64 MB (heap and typed arrays), 40 MB of it the
// table; a Map of numbers and plain arrays took about 220 MB.
import { finding } from '../findings.js';
import type { MatchReport } from '../model.js';
import type { FileOutcome, FileTask } from './outcome.js';

/** A match of a file that repeats an earlier one: its index in the file, and where the earlier one is. */
export interface DuplicateOf {
  match: number;
  file: string;
  ofMatch: number;
}

/** Key → first ordinal, open addressing with linear probing; the keys are hashes already. */
class KeyTable {
  private keys = new Float64Array(1024);
  private values = new Int32Array(1024).fill(-1);
  private size = 0;

  /** The ordinal stored for `key`, or -1 after storing `ordinal` for it. */
  getOrSet(key: number, ordinal: number): number {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let i = (key >>> 0) & mask; ; i = (i + 1) & mask) {
      if (this.values[i] === -1) {
        this.keys[i] = key;
        this.values[i] = ordinal;
        this.size++;
        return -1;
      }
      if (this.keys[i] === key) return this.values[i];
    }
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2).fill(-1);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (values[i] !== -1) this.getOrSet(keys[i], values[i]);
  }
}

export class DuplicateIndex {
  private readonly first = new KeyTable();
  private readonly files: string[] = [];
  private fileStarts = new Uint32Array(1024);
  private matches = 0;
  /** Matches found to repeat an earlier one. */
  count = 0;

  /** Where ordinal `n` is: its file and its match number there. */
  private placeOf(n: number): { file: string; match: number } {
    let lo = 0;
    let hi = this.files.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.fileStarts[mid] <= n) lo = mid;
      else hi = mid - 1;
    }
    return { file: this.files[lo], match: n - this.fileStarts[lo] + 1 };
  }

  /**
   * Takes a file's outcome in input order: the task to audit again when some of its matches repeat
   * earlier ones (with what they repeat), else null.
   */
  meet(outcome: FileOutcome, task: FileTask): FileTask | null {
    if (outcome.skipped || outcome.keys === undefined) return null;
    const found: DuplicateOf[] = [];
    if (this.files.length === this.fileStarts.length) {
      const grown = new Uint32Array(this.fileStarts.length * 2);
      grown.set(this.fileStarts);
      this.fileStarts = grown;
    }
    this.fileStarts[this.files.length] = this.matches;
    this.files.push(outcome.path);
    outcome.keys.forEach((key, k) => {
      const n = this.matches++;
      if (key === null) return;
      const earlier = this.first.getOrSet(key, n);
      if (earlier !== -1) {
        const place = this.placeOf(earlier);
        found.push({ match: k + 1, file: place.file, ofMatch: place.match });
      }
    });
    this.count += found.length;
    return found.length === 0 ? null : { ...task, duplicates: found };
  }
}

/** Adds each `duplicate-match` finding to the report of the match it is about (in place). */
export function addDuplicateFindings(reports: MatchReport[], duplicates: readonly DuplicateOf[]): void {
  for (const d of duplicates) {
    const r = reports.find((x) => x.match === d.match);
    if (!r) continue;
    const same = d.file === r.file ? `match ${d.ofMatch} of this file` : `${d.file}, match ${d.ofMatch}`;
    const f = finding(
      'duplicate-match',
      'warning',
      `this match repeats ${same}: the same players, length, rolls, moves, cube actions and results`,
      // Said where the match's games start (a report holds no line of the match itself).
      { line: r.games[0]?.line, expected: { file: d.file, match: d.ofMatch } },
    );
    r.findings.unshift(f);
  }
}
