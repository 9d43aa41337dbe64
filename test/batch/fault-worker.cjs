// A test-only pool worker: the real one (as bundled in dist/bin/), and faults on the files whose
// path contains a name given in the environment: the worker dies (BGAUDIT_TEST_CRASH_ON), the
// file never ends (BGAUDIT_TEST_HANG_ON), takes all the memory it can (BGAUDIT_TEST_HOG_ON) or
// asks for more than its heap limit in one allocation, which V8 answers by aborting the process
// (BGAUDIT_TEST_HUGE_ON).
// The pool starts it in place of the real worker when BGAUDIT_TEST_WORKER_FILE names it
// (FAULT_WORKER in test/helpers.ts).
// CommonJS, as the real worker file is: piscina require()s it (scripts/bundle.mjs says why).
const process = require('node:process');
const runBatch = require('../../dist/bin/worker.cjs').default;

const crashOn = process.env.BGAUDIT_TEST_CRASH_ON;
const hangOn = process.env.BGAUDIT_TEST_HANG_ON;
const hogOn = process.env.BGAUDIT_TEST_HOG_ON;
const hugeOn = process.env.BGAUDIT_TEST_HUGE_ON;

function fault(task) {
  if (crashOn && task.path.includes(crashOn)) process.exit(70);
  if (hangOn && task.path.includes(hangOn)) for (;;);
  if (hogOn && task.path.includes(hogOn)) for (const hog = []; ;) hog.push(new Array(1e5).fill(1.5));
  // An array doubled again and again: each copy is one allocation, and the one that crosses the
  // limit aborts V8 rather than stopping the worker.
  if (hugeOn && task.path.includes(hugeOn)) for (let a = new Array(1e5).fill(1.5); ;) a = a.concat(a);
}

module.exports = function runFaultyBatch(batch) {
  return runBatch(batch, fault);
};
