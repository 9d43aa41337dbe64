// The pool's worker: a batch of files in, their rendered reports out, as plain data. Before each
// file it writes which one it is on and since when into the batch's shared progress slots, so
// that the main thread can stop a file that runs too long, and knows which file a worker that
// died was on, without a message per file.
//
// With the duplicate check, each file's matches' keys go to the main thread once it is audited,
// and the file is held until the answer comes, then rendered (batch.ts). A batch does not wait on
// the files before it being audited: it audits its next files, and returns with the files not yet
// answered still held here (only a small batch waits a little for its answers, and a file read in
// pieces for its turn, as the batch's first file). Their answers are taken between two files of
// whatever batch runs next, or by the event loop when the worker is idle, and each outcome goes
// back on the batch's line as soon as it is made.
import { runTask, NOT_YET, type DuplicateCheck, type HeldFile } from './task.js';
import { KeyBuffer } from '../scoring/match-key.js';
import { DeskLine } from './desk-line.js';
import { flushWorkerCache } from '../cache/results.js';
import type { FileOutcome } from './outcome.js';
import { PROGRESS_ANSWERS, PROGRESS_FILE, PROGRESS_SINCE, type Batch, type BatchResult } from './batch.js';

/** A batch's line and its files held for answers, open until the last is answered. */
interface Open {
  line: DeskLine;
  held: Map<number, HeldFile>;
}

/** The lines of the batches this worker ran that still hold files. */
const open = new Set<Open>();

/** Renders the held files of `o` whose answers have come; done with the line once none is held. */
function take(o: Open, send: boolean): FileOutcome[] {
  const made: FileOutcome[] = [];
  for (let a = o.line.poll(); a !== null; a = o.line.poll()) {
    const file = o.held.get(a.at);
    if (file === undefined) throw new Error(`internal error: an answer about file ${a.at}, not held`);
    o.held.delete(a.at);
    const outcome = file.finish(a.duplicates);
    if (send) o.line.send({ at: a.at, outcome });
    made[a.at] = outcome;
  }
  if (o.held.size === 0 && send) {
    open.delete(o);
    o.line.close();
  }
  return made;
}

/** The answers come for the earlier batches' files: rendered and sent now. */
function takeAll(): void {
  for (const o of open) take(o, true);
}

export default function runBatch(batch: Batch): BatchResult {
  const index = new Int32Array(batch.progress, PROGRESS_FILE, 1);
  const since = new Float64Array(batch.progress, PROGRESS_SINCE, 1);
  const outcomes: (FileOutcome | null)[] = [];
  // The batch's matches are keyed one after another: one buffer serves them all.
  const keys = batch.options.audit.contentKey ? new KeyBuffer() : undefined;
  const line = batch.desk ? new DeskLine(batch.desk, new Int32Array(batch.progress, PROGRESS_ANSWERS, 1)) : null;
  const mine: Open | null = line === null ? null : { line, held: new Map() };
  let size = 0;
  const done = (k: number, o: FileOutcome) => {
    outcomes[k] = o;
    if (!o.skipped) for (const text of Object.values(o.rendered.out)) size += text?.length ?? 0;
  };
  for (const [k, task] of batch.tasks.entries()) {
    takeAll();
    since[0] = Date.now();
    Atomics.store(index, 0, k); // after the time: a reader that sees k sees its start
    const check = line === null ? undefined : fileCheck(line, k, k === 0);
    const result = runTask(task, batch.options, keys, check);
    // A file read in pieces whose turn has not come: it and the rest are sent again.
    if (result === NOT_YET) break;
    outcomes[k] = null;
    if (!('finish' in result)) {
      if (check !== undefined && !check.told) line?.ask({ at: k, keys: null });
      done(k, result);
    } else if (result.keys === null) {
      line?.ask({ at: k, keys: null }); // no match to meet: nothing to wait for
      done(k, result.finish([]));
    } else {
      mine?.held.set(k, result);
      line?.ask({ at: k, keys: result.keys });
    }
    if (mine !== null) take(mine, false).forEach((o, at) => done(at, o));
    // Enough output for one message: the rest of the batch goes back to the main thread, which
    // sends it again. What is in flight is bounded in bytes, not only in files.
    if (size >= batch.outputBudget) break;
  }
  // The entries the batch's files left waiting for the results cache, written before it returns.
  flushWorkerCache();
  if (mine !== null) {
    // A small batch (a run's first files, a short run) waits for the answers, which come at once
    // unless the machine is busy: a file left held is rendered only once this worker is next
    // between two files, which a long file of its next batch would put off, and a user watching a
    // short run would see it. A batch of a long run does not wait: its worker is on its next
    // file at once (the main thread's window of batches keeps the output flowing meanwhile).
    const until = performance.now() + (batch.tasks.length <= SMALL_BATCH ? END_WAIT_MS : 0);
    while (mine.held.size > 0 && mine.line.wait(until - performance.now()))
      take(mine, false).forEach((o, at) => done(at, o));
    mine.line.done();
    if (mine.held.size > 0) {
      // The event loop takes the answers that come once the worker is idle.
      open.add(mine);
      mine.line.listen(() => {
        if (open.has(mine)) take(mine, true);
      });
    } else mine.line.close();
  }
  return { outcomes };
}

/** How long a small batch (at most `SMALL_BATCH` files) waits at its end for the answers about the files it holds (milliseconds). */
const END_WAIT_MS = 250;
const SMALL_BATCH = 4;

/** How long a file read in pieces waits for its turn before it is sent again (milliseconds). */
const TURN_WAIT_MS = 50;

/**
 * The check as file `at` meets it: a file read in pieces asks for its turn, and waits for it only
 * as the batch's first file, and only a little (`TURN_WAIT_MS`): a worker blocked on a turn that
 * depends on a batch waiting behind it would never see it come. Not given it, it is sent again
 * once its batch is the main thread's oldest (then the turn comes at once). `told` once the file
 * has said it is done.
 */
function fileCheck(line: DeskLine, at: number, first: boolean): DuplicateCheck & { told: boolean } {
  let asked = false;
  const check = {
    told: false,
    turn(): boolean {
      if (!first) return false;
      if (!asked) line.ask({ at, head: true });
      asked = true;
      const a = line.waitSync(TURN_WAIT_MS);
      if (a === null) return false;
      if (a.at !== at) throw new Error('internal error: an answer about another file while one waits for its turn');
      return true;
    },
    now(matches: number[], keys: Parameters<DuplicateCheck['now']>[1], last: boolean) {
      line.ask({ at, matches, keys, last });
      check.told = last;
      // Asked in its turn: the main thread answers at once.
      const a = line.waitSync(Infinity);
      if (a === null || a.at !== at) throw new Error('internal error: no answer to a file read in pieces in its turn');
      return a.duplicates;
    },
  };
  return check;
}
