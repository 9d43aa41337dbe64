// The duplicate check's main-thread side. A worker audits a file, sends its matches' content keys
// here, and holds the file until the answer comes, then renders it: which of its matches repeat an
// earlier one of the run. "Earlier" is input order, so a file is met only once every file before
// it is; keys that come sooner wait here, and the worker audits its next files meanwhile. The
// `duplicate-match` findings go into the reports in the worker like any other finding: nothing is
// added to rendered text, and no file is audited twice.
//
// A file read in pieces cannot hold its reports until its turn: it asks for its turn first
// (`head`), then about its matches as it audits them, each answered at once.
//
// A batch sent again (its worker was lost, or it stopped at its output budget) asks again about
// files already met: they get the answer they had, kept until their outcome is written.
import type { Answer, Question } from './batch.js';
import type { DuplicateIndex, DuplicateOf } from './duplicates.js';
import { append } from '../core/lists.js';

/** A file of the run as the desk knows it: its place in input order and its path. */
export interface DeskFile {
  seq: number;
  path: string;
}

export class DuplicateDesk {
  /** The place of the first file not yet met whole. */
  private next = 0;
  /** Files that asked before their turn, met when it comes. */
  private readonly waiting = new Map<number, () => void>();
  /** Files read in pieces waiting for their turn. */
  private readonly heads = new Map<number, () => void>();
  /** The file read in pieces being met (its first matches met, its last not yet). */
  private started = -1;
  /** What each file met and not yet written was answered. */
  private readonly answered = new Map<number, DuplicateOf[]>();

  constructor(private readonly index: DuplicateIndex) {}

  /** Matches found to repeat an earlier one. */
  get count(): number {
    return this.index.count;
  }

  /** A worker's question about a file of its batch (`files`, in the batch's order); `send` gives the answer back. */
  question(files: readonly DeskFile[], q: Question, send: (a: Answer) => void): void {
    const file = files[q.at];
    if (file === undefined)
      throw new Error(`internal error: a question about file ${q.at} of a batch of ${files.length}`);
    this.ask(file, q, (duplicates) => send({ at: q.at, duplicates }));
  }

  private ask(file: DeskFile, q: Question, answer: (d: DuplicateOf[]) => void): void {
    const { seq } = file;
    // A file with no match to meet is only waited for: nobody waits for its answer.
    const reply = 'keys' in q && q.keys === null ? () => {} : answer;
    if (seq < this.next) {
      // Met before: asked again by a batch sent again.
      const had = this.answered.get(seq) ?? [];
      if ('matches' in q) {
        const asked = new Set(q.matches);
        reply(had.filter((d) => asked.has(d.match)));
      } else reply('head' in q ? [] : had);
      return;
    }
    if ('head' in q) {
      if (seq === this.next) reply([]);
      else this.heads.set(seq, () => reply([]));
      return;
    }
    if ('matches' in q) {
      if (seq !== this.next) throw new Error('internal error: a file read in pieces asked before its turn');
      if (this.started !== seq) {
        this.started = seq;
        this.index.file(file.path);
      }
      const found: DuplicateOf[] = [];
      q.matches.forEach((m, k) => {
        const d = this.index.match(m, q.keys[k] ?? null);
        if (d !== null) found.push(d);
      });
      const had = this.answered.get(seq);
      if (had === undefined) this.answered.set(seq, found);
      else append(had, found);
      reply(found);
      if (q.last) this.done();
      return;
    }
    const { keys } = q;
    this.waiting.set(seq, () => {
      const found = keys === null ? [] : this.index.meetFile(file.path, keys);
      this.answered.set(seq, found);
      reply(found);
    });
    this.pump();
  }

  /** The file at `next` is met: the ones after it that are waiting for it, in turn. */
  private done(): void {
    this.next++;
    this.pump();
  }

  private pump(): void {
    for (let meet = this.waiting.get(this.next); meet !== undefined; meet = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      meet();
      this.next++;
    }
    const head = this.heads.get(this.next);
    if (head !== undefined) {
      this.heads.delete(this.next);
      head();
    }
  }

  /**
   * A file whose outcome the main thread made (its worker was lost on it): met as it stands, so
   * that the files after it are not kept waiting.
   */
  gone(seq: number): void {
    if (seq < this.next || this.waiting.has(seq)) return;
    if (seq === this.started) this.done();
    else {
      this.waiting.set(seq, () => {});
      this.pump();
    }
  }

  /** A file's outcome is written: its answer is not asked for again. */
  written(seq: number): void {
    this.answered.delete(seq);
  }
}
