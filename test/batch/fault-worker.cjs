// A test-only pool worker: the real one (as bundled in dist/bin/), and faults on the files whose
// path contains a name given in the environment: the worker dies (BGAUDIT_TEST_CRASH_ON), the
// file never ends (BGAUDIT_TEST_HANG_ON) or takes all the memory it can (BGAUDIT_TEST_HOG_ON).
// The tests have the pool start it in place of the real worker (`faultOn` in test/helpers.ts).
// CommonJS, as the real worker file is: piscina require()s it (scripts/bundle.mjs says why).
const process = require('node:process');
const runBatch = require('../../dist/bin/worker.cjs').default;

// The batch's progress slots, laid out as src/batch/batch.ts lays them out.
const PROGRESS_FILE = 0;
const PROGRESS_SINCE = 8;
const PROGRESS_BYTES = 16;

const crashOn = process.env.BGAUDIT_TEST_CRASH_ON;
const hangOn = process.env.BGAUDIT_TEST_HANG_ON;
const hogOn = process.env.BGAUDIT_TEST_HOG_ON;

function fault(task) {
  if (crashOn && task.path.includes(crashOn)) process.exit(70);
  if (hangOn && task.path.includes(hangOn)) for (;;);
  if (hogOn && task.path.includes(hogOn)) for (const hog = []; ;) hog.push(new Array(1e5).fill(1.5));
}

/** Rendered characters of an outcome, as the real worker counts them against the batch's budget. */
function size(outcome) {
  let n = 0;
  if (!outcome.skipped) for (const text of Object.values(outcome.rendered.out)) n += text?.length ?? 0;
  return n;
}

// The real worker audits the batch one file at a time, with progress slots of its own. The
// batch's slots, which the pool watches, are written here, as the real worker writes them: which
// file, and since when, before the file's fault, so that the pool knows the file a fault was on.
module.exports = function runFaultyBatch(batch) {
  const index = new Int32Array(batch.progress, PROGRESS_FILE, 1);
  const since = new Float64Array(batch.progress, PROGRESS_SINCE, 1);
  const own = new SharedArrayBuffer(PROGRESS_BYTES);
  const outcomes = [];
  let left = batch.outputBudget;
  for (const [k, task] of batch.tasks.entries()) {
    since[0] = Date.now();
    Atomics.store(index, 0, k); // after the time: a reader that sees k sees its start
    fault(task);
    const [outcome] = runBatch({ ...batch, tasks: [task], progress: own }).outcomes;
    outcomes.push(outcome);
    left -= size(outcome);
    if (left <= 0) break;
  }
  return { outcomes };
};
