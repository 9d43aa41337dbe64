// What the main thread and the pool's workers exchange: a batch of tasks, its shared progress
// slots, the outcomes that come back, and the duplicate check's questions and answers.
import type { FileOutcome, FileTask, RunOptions } from './outcome.js';
import type { MessagePort } from 'node:worker_threads';
import type { ContentKey } from '../scoring/match-key.js';
import type { DuplicateOf } from './duplicates.js';

export interface Batch {
  tasks: FileTask[];
  options: RunOptions;
  /**
   * `PROGRESS_BYTES` shared bytes: the index of the file being audited (-1 before the first),
   * since when, and how many answers the main thread has sent.
   */
  progress: SharedArrayBuffer;
  /** Stop after this many characters of rendered output; the files left are sent again. */
  outputBudget: number;
  /** The run looks for duplicates: where the batch asks the main thread about its files' matches (duplicate-desk.ts). */
  desk?: MessagePort;
}

export interface BatchResult {
  /**
   * The outcomes of the batch's first files, in order: all of them unless the budget ran out (or a
   * file read in pieces waits for its turn). Null for a file held for the duplicate check's answer:
   * its outcome comes on the batch's line once made (`Rendered`).
   */
  outcomes: (FileOutcome | null)[];
}

/**
 * A worker's question about file `at` of its batch, asked once the file is audited and before it
 * is rendered: a file read whole gives its matches' keys in file order (null: a file with no match
 * to meet, not answered); a file read in pieces first waits for its turn (`head`), then gives its
 * matches as they are audited (`matches`: their numbers, from 1), the last time with `last`.
 */
export type Question =
  | { at: number; keys: (ContentKey | null)[] | null }
  | { at: number; head: true }
  | { at: number; matches: number[]; keys: (ContentKey | null)[]; last: boolean };

/** The answer about file `at`: which of the matches asked about repeat earlier ones of the run (none for `head`). */
export interface Answer {
  at: number;
  duplicates: DuplicateOf[];
}

/** A held file's outcome, sent on the batch's line once the answer about it came. */
export interface Rendered {
  at: number;
  outcome: FileOutcome;
}

/**
 * What a batch sends on its line last before it returns: every question it asked has come before
 * it (a port keeps its messages' order, and needs no turn of the sender's event loop, which a long
 * file of the worker's next batch could hold up).
 */
export interface Asked {
  asked: true;
}

export const PROGRESS_FILE = 0;
export const PROGRESS_SINCE = 8;
export const PROGRESS_ANSWERS = 16;
export const PROGRESS_BYTES = 20;
