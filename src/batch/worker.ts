// The pool's worker: a batch of files in, their rendered reports out, as plain data. Before each
// file it writes which one it is on and since when into the batch's shared progress slots, so
// that the main thread can stop a file that runs too long, and knows which file a worker that
// died was on, without a message per file.
import { runTask } from './task.js';
import { KeyBuffer } from '../scoring/match-key.js';
import { PROGRESS_FILE, PROGRESS_SINCE, type Batch, type BatchResult } from './batch.js';

export default function runBatch(batch: Batch): BatchResult {
  const index = new Int32Array(batch.progress, PROGRESS_FILE, 1);
  const since = new Float64Array(batch.progress, PROGRESS_SINCE, 1);
  const outcomes: BatchResult['outcomes'] = [];
  // The batch's matches are keyed one after another: one buffer serves them all.
  const keys = batch.options.audit.contentKey ? new KeyBuffer() : undefined;
  let size = 0;
  for (const [k, task] of batch.tasks.entries()) {
    since[0] = Date.now();
    Atomics.store(index, 0, k); // after the time: a reader that sees k sees its start
    const outcome = runTask(task, batch.options, keys);
    outcomes.push(outcome);
    if (!outcome.skipped) for (const text of Object.values(outcome.rendered.out)) size += text?.length ?? 0;
    // Enough output for one message: the rest of the batch goes back to the main thread, which
    // sends it again. What is in flight is bounded in bytes, not only in files.
    if (size >= batch.outputBudget) break;
  }
  return { outcomes };
}
