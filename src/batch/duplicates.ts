// The same match twice in one run: each match's content key (src/scoring/match-key.ts) is made
// in the worker that audits it and sent to the main thread, which meets the files in input order
// (duplicate-desk.ts), keeps each key once and finds a match met before. Its answer goes back to
// the worker before the file is rendered: a `duplicate-match` finding is added to its report as
// any other finding is, and the file is audited once.
//
// Beside each first copy the main thread keeps what its key leaves out, small: its error count,
// its format, and one 16-bit word per header, score line, result and comment. A later copy is
// compared with it part by part: the finding says where the two records first differ and which
// of them has errors of its own, so that a director keeps the right one.
//
// Memory: an open-addressing table from the 128-bit key to the match's ordinal in the run (20
// bytes a slot, at most half full), 13 bytes a match for where its parts start, its match number,
// its error count and its format, 2 bytes a part of a first copy, and each file's path once with
// its first ordinal.
import { finding } from '../core/findings.js';
import { placeUnitOf } from '../formats/index.js';
import { FORMATS, type Finding, type MatchReport } from '../core/model.js';
import { PART_KINDS, type Aside, type ContentKey } from '../scoring/match-key.js';
import { countAtMost } from '../core/sorted.js';
import { itemAt } from '../core/at.js';

/** Where two copies of a match first differ in what the key leaves out: a line of the later copy, and what is there. */
export interface Difference {
  line: number;
  part: (typeof PART_KINDS)[number];
}

/** A match of a file that repeats an earlier one: its index in the file, and where the earlier one is. */
export interface DuplicateOf {
  match: number;
  file: string;
  ofMatch: number;
  /** The earlier copy's error findings, and this one's. */
  errors: number;
  errorsHere: number;
  /** Where the records first differ; null when they agree, or are of two formats (their parts are not comparable). */
  differs: Difference | null;
}

/** Key → first ordinal, open addressing with linear probing; the keys are hashes already. */
class KeyTable {
  private keys = new Int32Array(4 * 1024);
  private values = new Int32Array(1024).fill(-1);
  private size = 0;

  /** The ordinal stored for the key `k0..k3`, or -1 after storing `ordinal` for it. */
  getOrSet(k0: number, k1: number, k2: number, k3: number, ordinal: number): number {
    if (2 * (this.size + 1) > this.values.length) this.grow();
    const { keys, values } = this;
    const mask = values.length - 1;
    for (let i = (k0 ^ k1 ^ k2 ^ k3) & mask; ; i = (i + 1) & mask) {
      if (values[i] === -1) {
        keys[4 * i] = k0;
        keys[4 * i + 1] = k1;
        keys[4 * i + 2] = k2;
        keys[4 * i + 3] = k3;
        values[i] = ordinal;
        this.size++;
        return -1;
      }
      if (keys[4 * i] === k0 && keys[4 * i + 1] === k1 && keys[4 * i + 2] === k2 && keys[4 * i + 3] === k3)
        return itemAt(values, i);
    }
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(values.length * 2).fill(-1);
    this.size = 0;
    for (const [i, value] of values.entries())
      if (value !== -1)
        this.getOrSet(
          itemAt(keys, 4 * i),
          itemAt(keys, 4 * i + 1),
          itemAt(keys, 4 * i + 2),
          itemAt(keys, 4 * i + 3),
          value,
        );
  }
}

/** A typed array twice as long, its contents kept. */
function grown<T extends Uint32Array | Uint16Array | Uint8Array>(a: T, make: (n: number) => T, atLeast: number): T {
  let n = a.length * 2;
  while (n < atLeast) n *= 2;
  const b = make(n);
  b.set(a);
  return b;
}

export class DuplicateIndex {
  private readonly first = new KeyTable();
  private readonly files: string[] = [];
  private fileStarts = new Uint32Array(1024);
  private matches = 0;
  /**
   * By ordinal: its match number in its file (a file read in pieces meets its matches as they are
   * audited, which is not always their order).
   */
  private matchNumbers = new Uint32Array(1024);
  /** By ordinal: where its parts start in `parts` (a first copy's only; the next ordinal's start ends them). */
  private partStarts = new Uint32Array(1024);
  /** By ordinal: its error count. */
  private errors = new Uint32Array(1024);
  /** By ordinal: its format, as its index in `formats`. */
  private formatOf = new Uint8Array(1024);
  private parts = new Uint16Array(16384);
  private partsUsed = 0;
  /** Matches found to repeat an earlier one. */
  count = 0;

  /** `formats`: the formats an entry's format indexes (the model's; a test gives others). */
  constructor(private readonly formats: readonly string[] = FORMATS) {
    if (formats.length > 256) throw new Error('internal error: more formats than a byte numbers');
  }

  /** `format`'s index in `formats`. */
  private formatIndex(format: string): number {
    const k = this.formats.indexOf(format);
    if (k < 0) throw new Error(`internal error: a format the duplicate index does not know: ${format}`);
    return k;
  }

  /** Ordinal `n`'s error count and format, as stored. */
  entry(n: number): { errors: number; format: string } {
    return { errors: itemAt(this.errors, n), format: itemAt(this.formats, itemAt(this.formatOf, n)) };
  }

  /** Where ordinal `n` is: its file and its match number there. */
  private placeOf(n: number): { file: string; match: number } {
    const k = Math.max(0, countAtMost(this.fileStarts, n, this.files.length) - 1);
    return { file: itemAt(this.files, k), match: itemAt(this.matchNumbers, n) };
  }

  /** Ordinal `n`'s place, error count and format, and its parts when it is a first copy. */
  private remember(n: number, key: ContentKey | null, first: boolean): void {
    if (n + 1 >= this.partStarts.length) {
      this.partStarts = grown(this.partStarts, (k) => new Uint32Array(k), n + 2);
      this.errors = grown(this.errors, (k) => new Uint32Array(k), n + 2);
      this.formatOf = grown(this.formatOf, (k) => new Uint8Array(k), n + 2);
    }
    this.partStarts[n] = this.partsUsed;
    if (key === null) return;
    const { aside } = key;
    this.errors[n] = Math.min(aside.errors, 0xffffffff);
    this.formatOf[n] = this.formatIndex(aside.format);
    if (!first) return;
    const count = aside.parts.length / 2;
    if (this.partsUsed + count > this.parts.length)
      this.parts = grown(this.parts, (k) => new Uint16Array(k), this.partsUsed + count);
    for (let k = 0; k < count; k++) this.parts[this.partsUsed++] = itemAt(aside.parts, 2 * k);
    this.partStarts[n + 1] = this.partsUsed;
  }

  /** Where ordinal `earlier` (a first copy) and `aside` first differ, by `aside`'s lines. */
  private difference(earlier: number, aside: Aside): Difference | null {
    if (itemAt(this.formatOf, earlier) !== this.formatIndex(aside.format)) return null;
    const from = itemAt(this.partStarts, earlier);
    const theirs = itemAt(this.partStarts, earlier + 1) - from;
    const ours = aside.parts.length / 2;
    for (let k = 0; k < Math.max(theirs, ours); k++) {
      const mine = k < ours ? itemAt(aside.parts, 2 * k) : -1;
      const other = k < theirs ? itemAt(this.parts, from + k) : -1;
      if (mine === other) continue;
      // A part the other copy has more (its next part is this one's): that part, said where it
      // would be here; else this copy's part (or the other's, at this copy's end when it has no more).
      const extra = mine !== -1 && k + 1 < theirs && this.parts[from + k + 1] === mine;
      if (mine === -1 || extra)
        return { line: mine === -1 ? aside.end : itemAt(aside.parts, 2 * k + 1), part: itemAt(PART_KINDS, other & 3) };
      return { line: itemAt(aside.parts, 2 * k + 1), part: itemAt(PART_KINDS, mine & 3) };
    }
    return null;
  }

  /** Starts a file met in input order: the matches met next are its own. */
  file(path: string): void {
    if (this.files.length === this.fileStarts.length)
      this.fileStarts = grown(this.fileStarts, (k) => new Uint32Array(k), 0);
    this.fileStarts[this.files.length] = this.matches;
    this.files.push(path);
  }

  /**
   * Meets match number `match` (from 1) of the file started last, its key null when it has none:
   * the earlier match it repeats, or null.
   */
  match(match: number, key: ContentKey | null): DuplicateOf | null {
    const n = this.matches++;
    if (n + 1 >= this.matchNumbers.length)
      this.matchNumbers = grown(this.matchNumbers, (k) => new Uint32Array(k), n + 2);
    this.matchNumbers[n] = match;
    if (key === null) {
      this.remember(n, null, false);
      return null;
    }
    const d = key.digest;
    const word = (at: number) => parseInt(d.slice(at, at + 8), 16) | 0;
    const earlier = this.first.getOrSet(word(0), word(8), word(16), word(24), n);
    this.remember(n, key, earlier === -1);
    if (earlier === -1) return null;
    const place = this.placeOf(earlier);
    this.count++;
    return {
      match,
      file: place.file,
      ofMatch: place.match,
      errors: itemAt(this.errors, earlier),
      errorsHere: key.aside.errors,
      differs: this.difference(earlier, key.aside),
    };
  }

  /** A whole file met in input order, its matches' keys in file order: those that repeat earlier ones. */
  meetFile(path: string, keys: readonly (ContentKey | null)[]): DuplicateOf[] {
    this.file(path);
    const found: DuplicateOf[] = [];
    keys.forEach((key, k) => {
      const d = this.match(k + 1, key);
      if (d !== null) found.push(d);
    });
    return found;
  }
}

/** `n` errors in words: "1 error", "2 errors"; `none` for 0. */
function errorCount(n: number, none: string): string {
  return n === 0 ? none : n === 1 ? '1 error' : `${n} errors`;
}

/** What tells the two copies apart, or '' when nothing does. */
function howTheyDiffer(d: DuplicateOf, unit: 'line' | 'record'): string {
  if (d.differs === null && d.errors === d.errorsHere) return '';
  const where = d.differs === null ? '' : `; the copies differ at ${unit} ${d.differs.line} (${d.differs.part})`;
  const errors =
    d.errors === d.errorsHere
      ? d.errors === 0
        ? 'neither has an error'
        : `each has ${errorCount(d.errors, '')}`
      : `that copy has ${errorCount(d.errors, 'no error')}, this one ${errorCount(d.errorsHere, 'none')}`;
  return `${where}; ${errors}`;
}

/**
 * The `duplicate-match` finding of a match of `file` whose games start at `line`, in a format
 * whose places count `unit`s (a binary file's are records: read/record-places.ts).
 */
function duplicateFinding(d: DuplicateOf, file: string, line: number | undefined, unit: 'line' | 'record'): Finding {
  const same = d.file === file ? `match ${d.ofMatch} of this file` : `${d.file}, match ${d.ofMatch}`;
  const expected = { file: d.file, match: d.ofMatch, errors: d.errors, differsAt: d.differs?.line ?? null };
  return finding(
    'duplicate-match',
    'warning',
    `this match repeats ${same}: the same players, length, rolls, moves, cube actions and results${howTheyDiffer(d, unit)}`,
    // Said where the match's games start (a report holds no line of the match itself).
    unit === 'record' ? { record: line, expected } : { line, expected },
  );
}

/** Adds each `duplicate-match` finding to the report of the match it is about (in place), first. */
export function addDuplicateFindings(reports: MatchReport[], duplicates: readonly DuplicateOf[]): void {
  for (const d of duplicates) {
    const r = reports.find((x) => x.match === d.match);
    if (r) r.findings.unshift(duplicateFinding(d, r.file, r.games[0]?.line, placeUnitOf(r.format)));
  }
}
