// A test-only pool worker: the real one (as bundled in dist/bin/), and faults on the files whose
// path contains a name given in the environment: the worker dies (BGAUDIT_TEST_CRASH_ON), the
// file never ends (BGAUDIT_TEST_HANG_ON) or takes all the memory it can (BGAUDIT_TEST_HOG_ON).
// The pool starts it in place of the real worker when BGAUDIT_TEST_WORKER_FILE names it
// (FAULT_WORKER in test/helpers.ts).
import process from 'node:process';
import runBatch from '../../dist/bin/worker.js';

const crashOn = process.env.BGAUDIT_TEST_CRASH_ON;
const hangOn = process.env.BGAUDIT_TEST_HANG_ON;
const hogOn = process.env.BGAUDIT_TEST_HOG_ON;

function fault(task) {
  if (crashOn && task.path.includes(crashOn)) process.exit(70);
  if (hangOn && task.path.includes(hangOn)) for (;;);
  if (hogOn && task.path.includes(hogOn)) for (const hog = []; ;) hog.push(new Array(1e5).fill(1.5));
}

export default function runFaultyBatch(batch) {
  return runBatch(batch, fault);
}
