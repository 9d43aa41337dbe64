// What the main thread and the pool's workers exchange: a batch of tasks, its shared progress
// slots, and the outcomes that come back.
import type { FileOutcome, FileTask, RunOptions } from './outcome.js';

export interface Batch {
  tasks: FileTask[];
  options: RunOptions;
  /** `PROGRESS_BYTES` shared bytes: the index of the file being audited (-1 before the first) and since when. */
  progress: SharedArrayBuffer;
  /** Stop after this many characters of rendered output; the files left are sent again. */
  outputBudget: number;
}

export interface BatchResult {
  /** The outcomes of the batch's first files, in order: all of them unless the budget ran out. */
  outcomes: FileOutcome[];
}

export const PROGRESS_FILE = 0;
export const PROGRESS_SINCE = 8;
export const PROGRESS_BYTES = 16;
